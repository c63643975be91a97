import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nestsDeeperThan } from '../../src/lib/json-depth.js';
import { jsonPreview } from '../../src/lib/json-preview.js';

const truncated = (text: string) => (text.length > 60 ? `${text.slice(0, 57)}...` : text);

describe('jsonPreview', () => {
  it('reads as JSON.stringify cut to 60 characters, for any JSON value of ordinary depth', () => {
    fc.assert(fc.property(fc.jsonValue({ maxDepth: 6 }), (value) => jsonPreview(value) === truncated(JSON.stringify(value))), { numRuns: 2000 });
  });

  it('shows a structure nested past 8 levels as […] and stops', () => {
    let value: unknown = 1;
    for (let depth = 0; depth < 100_000; depth++) value = [value];
    expect(jsonPreview(value)).toBe('[[[[[[[[[…]]]]]]]]]');
  });

  it('stops reading a huge array once 60 characters are written', () => {
    expect(jsonPreview(Array.from({ length: 1_000_000 }, (_, i) => i))).toMatch(/^\[0,1,2,.*\.\.\.$/);
  });
});

describe('nestsDeeperThan', () => {
  it('measures depth without recursion, at any depth JSON.parse accepts', () => {
    const deep = JSON.parse(`${'['.repeat(200_000)}${']'.repeat(200_000)}`) as unknown;
    expect(nestsDeeperThan(deep, 64)).toBe(true);
    expect(nestsDeeperThan({ a: [{ b: { c: [1, 2, { d: null }] } }] }, 64)).toBe(false);
    expect(nestsDeeperThan({ a: { b: {} } }, 2)).toBe(true);
    expect(nestsDeeperThan({ a: { b: 1 } }, 2)).toBe(false);
  });
});
