import { describe, expect, it } from 'vitest';
import { crypto } from '../../scripts/record-keys.ts';

describe('the record keys of the bundled command’s store', () => {
  it('are distinct, shaped as version 4 UUIDs, as crypto.randomUUID gives', () => {
    const keys = Array.from({ length: 1000 }, () => crypto.randomUUID());
    expect(new Set(keys).size).toBe(1000);
    for (const key of keys) expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
