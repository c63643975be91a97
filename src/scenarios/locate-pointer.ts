/**
 * The line (1-based) where the value at a JSON pointer starts in `text`, a valid JSON document. Where the
 * pointer leads past what the document has (a missing field, an index past the end), the line of the deepest
 * value it does reach: for a missing field, the object that should hold it. A repeated key counts as
 * `JSON.parse` counts it: the last one wins.
 */
export function locatePointer(text: string, pointer: string): number {
  const scanner = new PointerScanner(text);
  let at = scanner.skipWhitespace(text.startsWith('\uFEFF') ? 1 : 0);
  for (const segment of parsePointer(pointer)) {
    const child = scanner.child(at, segment);
    if (child === undefined) break;
    at = child;
  }
  return lineAt(text, at);
}

/** `/products/0/a~1b` → `["products", "0", "a/b"]` (RFC 6901 unescaping). */
function parsePointer(pointer: string): string[] {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((segment) => segment.replaceAll('~1', '/').replaceAll('~0', '~'));
}

function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let index = text.indexOf('\n'); index !== -1 && index < offset; index = text.indexOf('\n', index + 1)) line++;
  return line;
}

/** Just enough of a JSON scanner to step from a value to one of its members; the text is known to parse. */
class PointerScanner {
  constructor(private readonly text: string) {}

  /** Offset of the value at `segment` inside the object or array starting at `at`, or undefined when it has none. */
  child(at: number, segment: string): number | undefined {
    const open = this.text[at];
    if (open === '{') return this.member(at, segment);
    if (open === '[' && /^(0|[1-9]\d*)$/.test(segment)) return this.element(at, Number(segment));
    return undefined;
  }

  skipWhitespace(at: number): number {
    while (at < this.text.length && ' \t\n\r'.includes(this.text[at]!)) at++;
    return at;
  }

  private member(at: number, key: string): number | undefined {
    let found: number | undefined;
    let pos = this.skipWhitespace(at + 1);
    while (this.text[pos] === '"') {
      const keyEnd = this.stringEnd(pos);
      const name = JSON.parse(this.text.slice(pos, keyEnd)) as string;
      const valueStart = this.skipWhitespace(this.skipWhitespace(keyEnd) + 1);
      if (name === key) found = valueStart;
      pos = this.skipWhitespace(this.valueEnd(valueStart));
      if (this.text[pos] === ',') pos = this.skipWhitespace(pos + 1);
    }
    return found;
  }

  private element(at: number, index: number): number | undefined {
    let pos = this.skipWhitespace(at + 1);
    for (let current = 0; pos < this.text.length && this.text[pos] !== ']'; current++) {
      if (current === index) return pos;
      pos = this.skipWhitespace(this.valueEnd(pos));
      if (this.text[pos] === ',') pos = this.skipWhitespace(pos + 1);
    }
    return undefined;
  }

  /** Offset just past the value starting at `at`. */
  private valueEnd(at: number): number {
    const char = this.text[at];
    if (char === '"') return this.stringEnd(at);
    if (char === '{' || char === '[') return this.containerEnd(at);
    let pos = at;
    while (pos < this.text.length && !',}] \t\n\r'.includes(this.text[pos]!)) pos++;
    return pos;
  }

  private stringEnd(at: number): number {
    let pos = at + 1;
    while (pos < this.text.length && this.text[pos] !== '"') pos += this.text[pos] === '\\' ? 2 : 1;
    return pos + 1;
  }

  private containerEnd(at: number): number {
    let depth = 0;
    let pos = at;
    while (pos < this.text.length) {
      const char = this.text[pos]!;
      if (char === '"') {
        pos = this.stringEnd(pos);
        continue;
      }
      if (char === '{' || char === '[') depth++;
      else if (char === '}' || char === ']') depth--;
      pos++;
      if (depth === 0) return pos;
    }
    return pos;
  }
}
