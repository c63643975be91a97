import { describe, expect, it, vi } from 'vitest';
import { DerivedTextCache } from '../../src/lib/derived-text-cache.js';

/** An entry's bytes besides its characters, as the cache counts them. */
const OVERHEAD = 96;
const text = (length: number, fill = 'x') => ({ text: fill.repeat(length) });

describe('DerivedTextCache', () => {
  it('makes the text of a source once, and gives the same text again while the source and variant stay the same', () => {
    const cache = new DerivedTextCache(1024 * 1024);
    const record = Object.freeze({ id: 'a' });
    const make = vi.fn(() => ({ text: '{"id":"a"}', marks: [9] }));
    const first = cache.get('a', record, 'v', make);
    expect(cache.get('a', record, 'v', make)).toBe(first);
    expect(make).toHaveBeenCalledTimes(1);
    expect(cache.bytes).toBe(OVERHEAD + 10 + 8);
  });

  it('makes it again for a replaced source (a changed record) or another variant, and keeps only the newest', () => {
    const cache = new DerivedTextCache(1024 * 1024);
    const before = { id: 'a', status: 'processing' };
    const after = { id: 'a', status: 'confirmed' };
    expect(cache.get('a', before, 'v', () => ({ text: 'processing' })).text).toBe('processing');
    expect(cache.get('a', after, 'v', () => ({ text: 'confirmed' })).text).toBe('confirmed');
    expect(cache.get('a', after, 'w', () => ({ text: 'confirmed, w' })).text).toBe('confirmed, w');
    expect(cache.size).toBe(1);
    expect(cache.bytes).toBe(OVERHEAD + 'confirmed, w'.length);
  });

  it('stays under its byte budget however many sources are read, dropping the one used longest ago first', () => {
    const cache = new DerivedTextCache(10_000);
    const sources = Array.from({ length: 1000 }, (_, i) => ({ id: i }));
    for (const source of sources) {
      cache.get(String(source.id), source, '', () => text(500 - OVERHEAD));
      cache.get('0', sources[0]!, '', () => text(500 - OVERHEAD)); // read again after each: the most recently used
      expect(cache.bytes).toBeLessThanOrEqual(10_000);
    }
    expect(cache.size).toBe(20);
    const kept = vi.fn(() => text(500 - OVERHEAD));
    cache.get('0', sources[0]!, '', kept);
    cache.get('999', sources[999]!, '', kept);
    expect(kept).not.toHaveBeenCalled();
    const dropped = vi.fn(() => text(500 - OVERHEAD));
    cache.get('1', sources[1]!, '', dropped);
    expect(dropped).toHaveBeenCalledTimes(1);
  });

  it('gives a text larger than the whole budget without keeping it, and counts two-byte text twice', () => {
    const cache = new DerivedTextCache(1000);
    expect(cache.get('big', {}, '', () => text(2000)).text).toHaveLength(2000);
    expect(cache.size).toBe(0);
    cache.get('thai', {}, '', () => text(100, 'ก'));
    expect(cache.bytes).toBe(OVERHEAD + 200);
    cache.clear();
    expect([cache.size, cache.bytes]).toEqual([0, 0]);
  });
});

describe('DerivedTextCache under churn', () => {
  it('keeps a text read between insertions and the one just made, and drops those not read since', () => {
    const cache = new DerivedTextCache(3 * (OVERHEAD + 10));
    const sources = Array.from({ length: 6 }, (_, i) => ({ id: i }));
    const get = (i: number, make = () => text(10)) => cache.get(String(i), sources[i]!, '', make);
    [0, 1, 2].forEach((i) => get(i));
    get(1);
    get(3); // 0 goes: 1 was read since it was made
    get(4); // 2 goes, then 1 has had its other turn: 3 and 4 stay with it
    const made = vi.fn(() => text(10));
    [1, 3, 4].forEach((i) => get(i, made));
    expect(made).not.toHaveBeenCalled();
    get(0, made);
    get(2, made);
    expect(made).toHaveBeenCalledTimes(2);
    expect(cache.size).toBe(3);
    // A text the size of the whole budget pushes every other out, read or not, and is kept.
    const big = new DerivedTextCache(OVERHEAD + 30);
    big.get('a', sources[0]!, '', () => text(10));
    big.get('a', sources[0]!, '', () => text(10));
    big.get('b', sources[5]!, '', () => text(30));
    expect([big.size, big.bytes]).toEqual([1, OVERHEAD + 30]);
  });
});
