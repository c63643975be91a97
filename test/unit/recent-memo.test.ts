import { describe, expect, it, vi } from 'vitest';
import { RecentMemo } from '../../src/lib/recent-memo.js';

describe('RecentMemo', () => {
  it('computes once for a text asked about again, the same string or an equal one', () => {
    const compute = vi.fn((text: string) => text.length);
    const memo = new RecentMemo(2, 100, compute);
    const page = ['{"a":', '1}'].join('');
    expect([memo.get(page), memo.get(page), memo.get('{"a":1}')]).toEqual([7, 7, 7]);
    expect(compute).toHaveBeenCalledTimes(1);
  });

  it('keeps the last `size` texts only, and none longer than `maxLength`', () => {
    const compute = vi.fn((text: string) => text.toUpperCase());
    const memo = new RecentMemo(2, 3, compute);
    for (const text of ['a', 'b', 'c', 'a', 'long', 'long']) memo.get(text);
    // 'a' was pushed out by 'b' and 'c'; 'long' is over the bound and is computed each time.
    expect(compute.mock.calls.map(([text]) => text)).toEqual(['a', 'b', 'c', 'a', 'long', 'long']);
    memo.get('a');
    memo.get('c');
    expect(compute).toHaveBeenCalledTimes(6);
  });
});
