import { describe, expect, it, vi } from 'vitest';
import { DerivedTextCache } from '../../src/lib/derived-text-cache.js';

const text = (length: number, fill = 'x') => fill.repeat(length);

describe('DerivedTextCache', () => {
  it('makes the texts of a source once, and gives the same texts again while the source and variant stay the same', () => {
    const cache = new DerivedTextCache(1024 * 1024);
    const record = Object.freeze({ id: 'a' });
    const make = vi.fn(() => ['{"id":"a"}']);
    const first = cache.get('a', record, 'v', make);
    expect(cache.get('a', record, 'v', make)).toBe(first);
    expect(make).toHaveBeenCalledTimes(1);
  });

  it('makes them again for a replaced source (a changed record) or another variant, and keeps only the newest', () => {
    const cache = new DerivedTextCache(1024 * 1024);
    const before = { id: 'a', status: 'processing' };
    const after = { id: 'a', status: 'confirmed' };
    expect(cache.get('a', before, 'v', () => ['processing'])).toEqual(['processing']);
    expect(cache.get('a', after, 'v', () => ['confirmed'])).toEqual(['confirmed']);
    expect(cache.get('a', after, 'w', () => ['confirmed, w'])).toEqual(['confirmed, w']);
    expect(cache.size).toBe(1);
    expect(cache.bytes).toBe(32 + 'confirmed, w'.length);
  });

  it('stays under its byte budget however many sources are read, dropping the one used longest ago first', () => {
    const cache = new DerivedTextCache(10_000);
    const sources = Array.from({ length: 1000 }, (_, i) => ({ id: i }));
    for (const source of sources) {
      cache.get(String(source.id), source, '', () => [text(468)]);
      cache.get('0', sources[0]!, '', () => [text(468)]); // read again after each: the most recently used
      expect(cache.bytes).toBeLessThanOrEqual(10_000);
    }
    expect(cache.size).toBe(20);
    const kept = vi.fn(() => [text(468)]);
    cache.get('0', sources[0]!, '', kept);
    cache.get('999', sources[999]!, '', kept);
    expect(kept).not.toHaveBeenCalled();
    const dropped = vi.fn(() => [text(468)]);
    cache.get('1', sources[1]!, '', dropped);
    expect(dropped).toHaveBeenCalledTimes(1);
  });

  it('gives texts larger than the whole budget without keeping them, and counts two-byte text twice', () => {
    const cache = new DerivedTextCache(1000);
    expect(cache.get('big', {}, '', () => [text(2000)])[0]).toHaveLength(2000);
    expect(cache.size).toBe(0);
    cache.get('thai', {}, '', () => [text(100, 'ก')]);
    expect(cache.bytes).toBe(32 + 200);
    cache.clear();
    expect([cache.size, cache.bytes]).toEqual([0, 0]);
  });
});
