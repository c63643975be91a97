import { describe, expect, it, vi } from 'vitest';
import { TextMemo } from '../../src/lib/text-memo.js';

describe('TextMemo', () => {
  it('makes a text once per source object and variant, and again for a replaced source', () => {
    const memo = new TextMemo();
    const product = Object.freeze({ id: 'p', inventory: 5 });
    const make = vi.fn((text: string) => () => text);
    expect(memo.get(product, 'tier 0', make('at tier 0'))).toBe('at tier 0');
    expect(memo.get(product, 'tier 100', make('at tier 100'))).toBe('at tier 100');
    expect(memo.get(product, 'tier 0', make('again'))).toBe('at tier 0');
    expect(memo.get({ ...product, inventory: 4 }, 'tier 0', make('after a sale'))).toBe('after a sale');
    expect(make).toHaveBeenCalledTimes(4);
  });
});
