export type JsonParseResult =
  | { ok: true; value: unknown }
  | { ok: false; line: number; column: number; message: string };

/**
 * JSON.parse, with the line and column of a syntax error. Engines word (and place) their syntax errors
 * differently, so the error is located by a scanner of our own: messages stay the same on every Node version.
 */
export function parseJson(text: string): JsonParseResult {
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text;
  try {
    return { ok: true, value: JSON.parse(source) };
  } catch {
    const { position, message } = findSyntaxError(source);
    const before = source.slice(0, position).split('\n');
    return { ok: false, line: before.length, column: before.at(-1)!.length + 1, message };
  }
}

class JsonSyntaxError {
  constructor(
    readonly position: number,
    readonly message: string,
  ) {}
}

function findSyntaxError(source: string): { position: number; message: string } {
  try {
    const scanner = new Scanner(source);
    scanner.value();
    scanner.skipWhitespace();
    if (scanner.pos < source.length) scanner.fail('expected the end of the file after the JSON value');
    return { position: source.length, message: 'invalid JSON' };
  } catch (error) {
    if (error instanceof JsonSyntaxError) return error;
    throw error;
  }
}

class Scanner {
  pos = 0;
  constructor(private readonly source: string) {}

  fail(expected: string): never {
    const char = this.source[this.pos];
    const got = char === undefined ? 'the end of the file' : `'${char < ' ' ? JSON.stringify(char).slice(1, -1) : char}'`;
    throw new JsonSyntaxError(this.pos, `${expected}, got ${got}`);
  }

  skipWhitespace(): void {
    while (/[ \t\n\r]/.test(this.source[this.pos] ?? '')) this.pos++;
  }

  private expect(char: string, what: string): void {
    if (this.source[this.pos] !== char) this.fail(what);
    this.pos++;
  }

  value(): void {
    this.skipWhitespace();
    const char = this.source[this.pos];
    if (char === '{') this.object();
    else if (char === '[') this.array();
    else if (char === '"') this.string();
    else if (char === '-' || (char !== undefined && char >= '0' && char <= '9')) this.number();
    else if (!this.literal()) this.fail('expected a value (object, array, string, number, true, false or null)');
  }

  private literal(): boolean {
    for (const word of ['true', 'false', 'null']) {
      if (this.source.startsWith(word, this.pos)) {
        this.pos += word.length;
        return true;
      }
    }
    return false;
  }

  private object(): void {
    this.pos++;
    this.skipWhitespace();
    if (this.source[this.pos] === '}') return void this.pos++;
    for (;;) {
      this.skipWhitespace();
      if (this.source[this.pos] !== '"') this.fail('expected a double-quoted property name');
      this.string();
      this.skipWhitespace();
      this.expect(':', "expected ':' after a property name");
      this.value();
      this.skipWhitespace();
      if (this.source[this.pos] === '}') return void this.pos++;
      this.expect(',', "expected ',' or '}' after a property value");
    }
  }

  private array(): void {
    this.pos++;
    this.skipWhitespace();
    if (this.source[this.pos] === ']') return void this.pos++;
    for (;;) {
      this.value();
      this.skipWhitespace();
      if (this.source[this.pos] === ']') return void this.pos++;
      this.expect(',', "expected ',' or ']' after an array element");
    }
  }

  private string(): void {
    this.pos++;
    for (;;) {
      const char = this.source[this.pos];
      if (char === undefined) this.fail('expected a closing double quote');
      if (char === '"') return void this.pos++;
      if (char < ' ') this.fail('expected no control character inside a string (escape it)');
      if (char === '\\') {
        this.pos++;
        const escape = this.source[this.pos];
        if (escape === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(this.source.slice(this.pos + 1, this.pos + 5))) this.fail("expected 4 hex digits after '\\u'");
          this.pos += 4;
        } else if (escape === undefined || !'"\\/bfnrt'.includes(escape)) {
          this.fail('expected a valid escape sequence');
        }
      }
      this.pos++;
    }
  }

  private number(): void {
    const match = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(this.source.slice(this.pos));
    if (!match) this.fail('expected a number');
    this.pos += match[0].length;
  }
}
