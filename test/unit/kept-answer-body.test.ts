import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { boundText, shortenQrImages } from '../../src/lib/bounded-text.js';
import { JOURNAL_BODY_MAX_BYTES, keptAnswerBody } from '../../src/state/journal-exchange.js';

/** The cut as it was first written: the whole text encoded, then cut. */
function wholeTextCut(text: string, maxBytes: number) {
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.byteLength <= maxBytes) return { text, truncated: false };
  return { text: bytes.subarray(0, maxBytes).toString('utf8').replace(/\uFFFD$/, ''), truncated: true };
}

const QR = `"qrBase64Url":"data:image/png;base64,${'iVBORw0KGgoAAAANSUhEUg'.repeat(200)}"`;

describe('the journal keeps a bounded part of each answer, reading only that part', () => {
  it('cuts a text as encoding all of it and cutting would, for any text and bound', () => {
    const text = fc.string({ unit: fc.oneof(fc.constant('a'), fc.constant('é'), fc.constant('ก'), fc.constant('😀'), fc.constant('\uD800')), maxLength: 300 });
    fc.assert(
      fc.property(text, fc.integer({ min: 1, max: 400 }), (value, maxBytes) => {
        expect(boundText(value, maxBytes)).toEqual(wholeTextCut(value, maxBytes));
      }),
    );
  });

  it('keeps what shortening every QR image of the whole answer and then cutting keeps, wherever the first image is', () => {
    const item = '{"id":"6b1d…","activationCode":"LPA:1$smdp.example$ABC"}';
    const filler = (length: number) => `{"success":true,"data":[${item.repeat(Math.ceil(length / item.length)).slice(0, length)}`;
    for (const at of [0, 100, JOURNAL_BODY_MAX_BYTES - 20, JOURNAL_BODY_MAX_BYTES - 1, JOURNAL_BODY_MAX_BYTES, JOURNAL_BODY_MAX_BYTES + 5, 3 * JOURNAL_BODY_MAX_BYTES]) {
      const body = `${filler(at)}${QR},${QR}]}`;
      expect(keptAnswerBody(body), `a QR image at ${at}`).toEqual(wholeTextCut(shortenQrImages(body), JOURNAL_BODY_MAX_BYTES));
    }
    const large = filler(1_750_000);
    expect(keptAnswerBody(large)).toEqual(wholeTextCut(large, JOURNAL_BODY_MAX_BYTES));
    const small = `${filler(300)}${QR}]}`;
    expect(keptAnswerBody(small).text).toBe(shortenQrImages(small));
  });
});
