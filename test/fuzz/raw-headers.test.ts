import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rawHeaderValue } from '../../src/server/node-bridge.js';

const name = fc.constantFrom('x-api-key', 'X-Api-Key', 'X-API-KEY', 'content-type', 'Content-Type', 'x-other', 'accept');
const value = fc.string({
  unit: fc.oneof(fc.integer({ min: 0x21, max: 0x7e }), fc.integer({ min: 0xa0, max: 0xff }), fc.constantFrom(0x20, 0x09)).map((code) => String.fromCharCode(code)),
  maxLength: 20,
});

describe('headers of a bodiless request, read from the raw list', () => {
  it('answer what Headers.get answers for the same list, repeated and oddly cased names included', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(name, value), { maxLength: 6 }), name, (pairs, wanted) => {
        const raw = pairs.flat();
        expect(rawHeaderValue(raw, wanted)).toBe(new Headers(pairs).get(wanted));
      }),
      { numRuns: 3000 },
    );
  });
});
