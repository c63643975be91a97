import { parseTree, printParseErrorCode, type Node, type ParseError, type ParseOptions } from 'jsonc-parser';

export type JsonParseResult =
  | { ok: true; value: unknown }
  | { ok: false; line: number; column: number; message: string };

const STRICT: ParseOptions = { disallowComments: true, allowTrailingComma: false };

const VALUE = 'expected a value (object, array, string, number, true, false or null)';

/** What was expected where jsonc-parser stopped; errors inside a string or a number are placed at its start. */
const EXPECTED: Record<string, string> = {
  InvalidSymbol: VALUE,
  ValueExpected: VALUE,
  InvalidNumberFormat: 'expected a number',
  UnexpectedEndOfNumber: 'expected digits after the point or exponent of the number that starts here',
  PropertyNameExpected: 'expected a double-quoted property name',
  ColonExpected: "expected ':' after a property name",
  CommaExpected: "expected ',' between two values, or the '}' or ']' that closes them",
  CloseBraceExpected: "expected the '}' that closes the object",
  CloseBracketExpected: "expected the ']' that closes the array",
  EndOfFileExpected: 'expected the end of the file after the JSON value',
  InvalidCommentToken: 'expected no comment (JSON has none)',
  UnexpectedEndOfString: 'expected a closing double quote on the line of the string that starts here',
  InvalidCharacter: 'expected no control character inside the string that starts here (escape it)',
  InvalidEscapeCharacter: 'expected valid escape sequences in the string that starts here',
  InvalidUnicode: "expected 4 hex digits after each '\\u' in the string that starts here",
};

const IN_A_TOKEN: readonly string[] = ['UnexpectedEndOfNumber', 'UnexpectedEndOfString', 'InvalidCharacter', 'InvalidEscapeCharacter', 'InvalidUnicode'];

/** Errors are located by jsonc-parser: engines word and place syntax errors differently across Node versions. */
export function parseJson(text: string): JsonParseResult {
  const source = withoutBom(text);
  try {
    return { ok: true, value: JSON.parse(source) };
  } catch {
    const errors: ParseError[] = [];
    const root = parseTree(source, errors, STRICT);
    const error = errors[0];
    const offset = error?.offset ?? source.length;
    let code = error ? printParseErrorCode(error.error) : 'ValueExpected';
    // A symbol after a whole value (`{} x`) is read as a bad value: what the file lacks there is its end.
    if (code === 'InvalidSymbol' && root !== undefined && offset >= root.offset + root.length) code = 'EndOfFileExpected';
    const expected = EXPECTED[code] ?? 'invalid JSON';
    const char = source[offset];
    const got = char === undefined ? 'the end of the file' : `'${char < ' ' ? JSON.stringify(char).slice(1, -1) : char}'`;
    const message = IN_A_TOKEN.includes(code) ? expected : `${expected}, got ${got}`;
    const before = source.slice(0, offset).split('\n');
    return { ok: false, line: before.length, column: before.at(-1)!.length + 1, message };
  }
}

/**
 * The 1-based line where the value at a pointer starts; past the document's end, the deepest value reached (for a
 * missing field, its object). A repeated key: the last wins, as in `JSON.parse`. Parsed once, at the first call.
 */
export function pointerLocator(text: string): (pointer: string) => number {
  const source = withoutBom(text);
  let root: Node | undefined;
  return (pointer) => {
    let node = (root ??= parseTree(source, undefined, STRICT));
    for (const segment of parsePointer(pointer)) {
      const child = node && childAt(node, segment);
      if (child === undefined) break;
      node = child;
    }
    return source.slice(0, node?.offset ?? 0).split('\n').length;
  };
}

function withoutBom(text: string): string {
  return text.startsWith('\uFEFF') ? text.slice(1) : text;
}

/** `/products/0/a~1b` → `["products", "0", "a/b"]` (RFC 6901 unescaping). */
function parsePointer(pointer: string): string[] {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((segment) => segment.replaceAll('~1', '/').replaceAll('~0', '~'));
}

function childAt(node: Node, segment: string): Node | undefined {
  if (node.type === 'object') return node.children?.findLast((property) => property.children?.[0]?.value === segment)?.children?.[1];
  if (node.type === 'array' && /^(0|[1-9]\d*)$/.test(segment)) return node.children?.[Number(segment)];
  return undefined;
}
