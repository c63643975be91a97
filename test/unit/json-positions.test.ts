import { describe, expect, it } from 'vitest';
import { parseJson, pointerLocator } from '../../src/scenarios/json-positions.js';

const locatePointer = (text: string, pointer: string): number => pointerLocator(text)(pointer);

const TEXT = `{
  "name": "x",
  "products": [
    {
      "id": "a",
      "tiers": [{"minTrailingYearQty": 0, "unitPriceThb": 1}, {"minTrailingYearQty": 100, "unitPriceThb": 2}],
      "metadata": { "note": "a } ] \\" , brace", "a/b": 1, "m~n": 2 }
    },
    { "id": "b",
      "inventory":
        7 }
  ],
  "inventory": { "*": 0 },
  "inventory": { "*": 1 }
}`;

describe('pointerLocator', () => {
  it.each([
    ['', 1],
    ['/name', 2],
    ['/products', 3],
    ['/products/0', 4],
    ['/products/0/id', 5],
    ['/products/0/tiers/1/unitPriceThb', 6],
    ['/products/0/metadata/a~1b', 7],
    ['/products/0/metadata/m~0n', 7],
    ['/products/1', 9],
    ['/products/1/inventory', 11],
  ])('finds the line where the value at %j starts', (pointer, line) => {
    expect(locatePointer(TEXT, pointer)).toBe(line);
  });

  it('points a missing field at the object that should hold it', () => {
    expect(locatePointer(TEXT, '/products/1/name')).toBe(9);
    expect(locatePointer(TEXT, '/products/5/name')).toBe(3);
    expect(locatePointer(TEXT, '/behavior/rateLimit')).toBe(1);
    expect(locatePointer(TEXT, '/name/0')).toBe(2);
  });

  it('takes the last of repeated keys, as JSON.parse does', () => {
    expect(locatePointer(TEXT, '/inventory/*')).toBe(14);
  });

  it('skips a byte order mark', () => {
    expect(locatePointer('\uFEFF\n{"a":\n 1}', '/a')).toBe(3);
  });
});

describe('parseJson', () => {
  it.each([
    ['{"a": 1,\n}', 2, 1, "expected a double-quoted property name, got '}'"],
    ['[1,]', 1, 4, "expected a value (object, array, string, number, true, false or null), got ']'"],
    ['{"a" 1}', 1, 6, "expected ':' after a property name, got '1'"],
    ['{"a": 1', 1, 8, "expected the '}' that closes the object, got the end of the file"],
    ['{"a": /* no */ 1}', 1, 7, "expected no comment (JSON has none), got '/'"],
    ['[1,\n  "a\u0001b"]', 2, 3, 'expected no control character inside the string that starts here (escape it)'],
    ['{} x', 1, 4, "expected the end of the file after the JSON value, got 'x'"],
    ['[1] 2', 1, 5, "expected the end of the file after the JSON value, got '2'"],
  ])('places the syntax error of %j at its line and column, saying what was expected', (text, line, column, message) => {
    expect(parseJson(text)).toEqual({ ok: false, line, column, message });
  });

  it('skips a byte order mark and keeps the last of repeated keys, as JSON.parse does', () => {
    expect(parseJson('\uFEFF{"a": 1, "a": 2}')).toEqual({ ok: true, value: { a: 2 } });
  });
});
