import { describe, expect, it } from 'vitest';
import { RevisionMemo } from '../../src/lib/revision-memo.js';

describe('RevisionMemo', () => {
  const always = () => true;

  it('gives the value made for the same revision and keys, and makes another for any other', () => {
    const memo = new RevisionMemo<string, number, { text: string }>(1024, (value) => value.text.length);
    let made = 0;
    const make = () => ({ text: `page ${++made}` });
    const first = memo.get(1, 'a', 5, always, make);
    expect(memo.get(1, 'a', 5, always, make)).toBe(first);
    expect(memo.get(1, 'a', 6, always, make)).not.toBe(first);
    expect(memo.get(1, 'b', 5, always, make)).not.toBe(first);
    expect(made).toBe(3);
  });

  it('makes every value again at a new revision, or when the kept one no longer holds', () => {
    const memo = new RevisionMemo<string, number, { text: string; until: number }>(1024, (value) => value.text.length);
    const first = memo.get(1, 'a', 5, always, () => ({ text: 'one', until: 10 }));
    const second = memo.get(2, 'a', 5, always, () => ({ text: 'two', until: 10 }));
    expect(second).not.toBe(first);
    const at = (now: number) => memo.get(2, 'a', 5, (value) => now < value.until, () => ({ text: `at ${now}`, until: 20 }));
    expect(at(9)).toBe(second);
    expect(at(10).text).toBe('at 10');
    expect(at(19).text).toBe('at 10');
  });

  it('starts afresh past its characters in all, so that asking every variant cannot make it grow', () => {
    const memo = new RevisionMemo<string, number, { text: string }>(100, (value) => value.text.length);
    const first = memo.get(1, 'a', 0, always, () => ({ text: 'x'.repeat(60) }));
    memo.get(1, 'a', 1, always, () => ({ text: 'y'.repeat(60) }));
    // 120 characters kept, past the 100 allowed: the next read starts afresh.
    expect(memo.get(1, 'a', 0, always, () => ({ text: 'z'.repeat(60) }))).not.toBe(first);
  });
});
