/**
 * JSON as the README shows it: real JSON in which `…` elides. A bare `…` stands for any value, `{…}` for any
 * object, `[…]` for any array, `…` inside a string for any run of characters (`"ff2dcb88-…"`), and `…` as a
 * member of an object or array for members not written out. Everything written out must be equal.
 */

const ELLIPSIS = '…';

export type Pattern =
  | { kind: 'any' }
  | { kind: 'literal'; value: null | boolean | number | string }
  | { kind: 'string'; regex: RegExp; text: string }
  | { kind: 'object'; members: [string, Pattern][]; open: boolean }
  | { kind: 'array'; items: Pattern[]; open: boolean };

/** Text in which `…` stands for any run of characters, as a regular expression for the whole of a text. */
export function elidedText(text: string): RegExp {
  const source = text.split(ELLIPSIS).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('[\\s\\S]*');
  return new RegExp(`^${source}$`);
}

/** Parses shown JSON; throws with the position on text that is neither JSON nor elided JSON. */
export function parseElidedJson(text: string): Pattern {
  let at = 0;
  const fail = (what: string): never => {
    throw new SyntaxError(`${what} at ${at} of ${JSON.stringify(text.slice(Math.max(0, at - 20), at + 20))}`);
  };
  const space = () => {
    while (/\s/.test(text[at] ?? '')) at++;
  };
  const eat = (token: string) => {
    space();
    if (!text.startsWith(token, at)) fail(`expected ${token}`);
    at += token.length;
  };
  const peek = (token: string) => {
    space();
    return text.startsWith(token, at);
  };
  const rawString = (): string => {
    space();
    const match = /^"(?:[^"\\]|\\.)*"/.exec(text.slice(at));
    if (!match) return fail('expected a string');
    at += match[0].length;
    return JSON.parse(match[0]) as string;
  };
  const value = (): Pattern => {
    if (peek(ELLIPSIS)) {
      at += ELLIPSIS.length;
      return { kind: 'any' };
    }
    if (peek('{')) {
      at++;
      const members: [string, Pattern][] = [];
      let open = false;
      while (!peek('}')) {
        if (peek(ELLIPSIS)) {
          at += ELLIPSIS.length;
          open = true;
        } else {
          const name = rawString();
          eat(':');
          members.push([name, value()]);
        }
        if (!peek('}')) eat(',');
      }
      at++;
      return { kind: 'object', members, open };
    }
    if (peek('[')) {
      at++;
      const items: Pattern[] = [];
      let open = false;
      while (!peek(']')) {
        if (peek(ELLIPSIS)) {
          at += ELLIPSIS.length;
          open = true;
        } else {
          items.push(value());
        }
        if (!peek(']')) eat(',');
      }
      at++;
      return { kind: 'array', items, open };
    }
    if (peek('"')) {
      const string = rawString();
      if (!string.includes(ELLIPSIS)) return { kind: 'literal', value: string };
      return { kind: 'string', regex: elidedText(string), text: string };
    }
    const match = /^(?:true|false|null|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)/.exec(text.slice(at));
    if (!match) return fail('expected a JSON value or …');
    at += match[0].length;
    return { kind: 'literal', value: JSON.parse(match[0]) as null | boolean | number };
  };
  const pattern = value();
  space();
  if (at !== text.length) fail('unexpected text after the value');
  return pattern;
}

/** Where `actual` differs from what `pattern` shows, as `path: expected …, got …` lines; empty when it matches. */
export function differences(pattern: Pattern, actual: unknown, path = '$'): string[] {
  const got = (value: unknown) => JSON.stringify(value)?.slice(0, 80);
  switch (pattern.kind) {
    case 'any':
      return [];
    case 'literal':
      return Object.is(pattern.value, actual) ? [] : [`${path}: expected ${got(pattern.value)}, got ${got(actual)}`];
    case 'string':
      return typeof actual === 'string' && pattern.regex.test(actual) ? [] : [`${path}: expected ${got(pattern.text)}, got ${got(actual)}`];
    case 'array': {
      if (!Array.isArray(actual)) return [`${path}: expected an array, got ${got(actual)}`];
      const problems = pattern.items.flatMap((item, index) => differences(item, actual[index], `${path}[${index}]`));
      if (!pattern.open && actual.length !== pattern.items.length) {
        problems.push(`${path}: expected ${pattern.items.length} items, got ${actual.length}`);
      }
      return problems;
    }
    case 'object': {
      if (actual === null || typeof actual !== 'object' || Array.isArray(actual)) return [`${path}: expected an object, got ${got(actual)}`];
      const record = actual as Record<string, unknown>;
      const problems = pattern.members.flatMap(([name, member]) =>
        Object.hasOwn(record, name) ? differences(member, record[name], `${path}.${name}`) : [`${path}.${name}: missing`],
      );
      if (!pattern.open) {
        const shown = new Set(pattern.members.map(([name]) => name));
        for (const name of Object.keys(record)) if (!shown.has(name)) problems.push(`${path}.${name}: not shown (add it, or … to elide it)`);
      }
      return problems;
    }
  }
}
