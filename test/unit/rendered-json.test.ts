import { describe, expect, it, vi } from 'vitest';
import { PartsMemo } from '../../src/lib/rendered-json.js';
import { renderedList, RenderedJson } from '../../src/lib/rendered-json.js';

describe('PartsMemo', () => {
  it('gives the value made before for the same parts in the same order, and makes it anew for any other list', () => {
    const memo = new PartsMemo<string>(100, 1000);
    const join = vi.fn((parts: string[]) => parts.join('|'));
    const lists = [['a', 'b'], ['a', 'b'], ['a'], ['a', 'c'], ['b', 'a'], ['a', 'b', 'c'], ['a', 'b']];
    const values = lists.map((parts) => memo.get(parts, () => join(parts)));
    expect(values).toEqual(['a|b', 'a|b', 'a', 'a|c', 'b|a', 'a|b|c', 'a|b']);
    expect(join).toHaveBeenCalledTimes(5);
  });

  it('keeps no list longer than maxLength, and starts afresh past maxKept characters in all', () => {
    const memo = new PartsMemo<number>(4, 6);
    let made = 0;
    const get = (parts: string[]) => memo.get(parts, () => ++made);
    expect([get(['12345']), get(['12345'])]).toEqual([1, 2]);
    expect([get(['abc']), get(['def']), get(['abc']), get(['def'])]).toEqual([3, 4, 3, 4]);
    // A third list of 3 takes the memo past 6 characters: it starts afresh, with that list only.
    expect([get(['ghi']), get(['ghi']), get(['abc'])]).toEqual([5, 5, 6]);
  });
});

describe('renderedList', () => {
  it('writes the items as JSON.stringify writes the list, and gives the same value while the items are the same texts', () => {
    const lists = new PartsMemo<RenderedJson<unknown>>(1024, 4096);
    const items = [{ id: 1 }, { id: 2, name: 'ä' }].map((value) => new RenderedJson<object>(JSON.stringify(value)));
    const page = renderedList(items, lists);
    expect(page.text).toBe(JSON.stringify([{ id: 1 }, { id: 2, name: 'ä' }]));
    expect(renderedList(items.map((item) => new RenderedJson(item.text)), lists)).toBe(page);
    const changed = renderedList([items[0]!, new RenderedJson<object>('{"id":3}')], lists);
    expect(changed).not.toBe(page);
    expect(changed.text).toBe('[{"id":1},{"id":3}]');
    expect(renderedList([], lists).text).toBe('[]');
  });
});
