import { describe, expect, it } from 'vitest';
import { differences, parseElidedJson } from '../support/elided-json.js';

const check = (shown: string, actual: unknown) => differences(parseElidedJson(shown), actual);

describe('JSON shown with … elisions (the README examples)', () => {
  it('matches what is written out exactly, and every field of an object unless … elides the rest', () => {
    expect(check('{"a":1,"b":"x"}', { a: 1, b: 'x' })).toEqual([]);
    expect(check('{"a":1}', { a: 2 })).toEqual(['$.a: expected 1, got 2']);
    expect(check('{"a":1}', { a: 1, b: 2 })).toEqual(['$.b: not shown (add it, or … to elide it)']);
    expect(check('{"a":1,…}', { a: 1, b: 2 })).toEqual([]);
    expect(check('{"a":1,"c":3}', { a: 1 })).toEqual(['$.c: missing']);
  });

  it('elides a value, an object, an array, or part of a string', () => {
    expect(check('{"m":{…},"f":[…],"d":"…","v":…}', { m: { x: 1 }, f: [1, 2], d: 'long text', v: null })).toEqual([]);
    expect(check('{"m":{…}}', { m: [1] })).toEqual(['$.m: expected an object, got [1]']);
    expect(check('{"id":"ff2dcb88-…"}', { id: 'ff2dcb88-1234' })).toEqual([]);
    expect(check('{"id":"ff2dcb88-…"}', { id: 'aa2dcb88-1234' })).toEqual(['$.id: expected "ff2dcb88-…", got "aa2dcb88-1234"']);
  });

  it('counts array items unless … elides some', () => {
    expect(check('[1,2]', [1, 2, 3])).toEqual(['$: expected 2 items, got 3']);
    expect(check('[1,…]', [1, 2, 3])).toEqual([]);
    expect(check('[{"a":1}]', [{ a: 2 }])).toEqual(['$[0].a: expected 1, got 2']);
  });

  it('refuses text that is neither JSON nor elided JSON, saying where', () => {
    expect(() => parseElidedJson('{"a":1,}x')).toThrow(/unexpected text after the value|expected/);
    expect(() => parseElidedJson('{a:1}')).toThrow(/expected a string at 1/);
  });
});
