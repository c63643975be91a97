/** A text cut to a size: what remains, and whether anything was cut. */
export interface BoundedText {
  text: string;
  truncated: boolean;
}

/** `"qrBase64Url":"data:image/png;base64,…"`: a QR image, a few KiB of base64 each, that no reader of a log wants whole. */
const QR_IMAGE = /("qrBase64Url"\s*:\s*")(data:image\/png;base64,[A-Za-z0-9+/]{16})([A-Za-z0-9+/=]+)"/g;

/**
 * `text` with each `qrBase64Url` value cut to its first bytes and its length (`data:image/png;base64,iVBORw0KGgoAAAANSUhE…(4096
 * characters)`), still valid JSON; `text` itself when it has none.
 */
export function shortenQrImages(text: string): string {
  if (!text.includes('"qrBase64Url"')) return text;
  return text.replace(QR_IMAGE, (_, start: string, head: string, rest: string) => `${start}${head}…(${head.length + rest.length} characters)"`);
}

/**
 * `text` cut to at most `maxBytes` of UTF-8. A text that fits is returned as it is (the same string, nothing copied);
 * a cut one is a fresh string, so that it does not keep the whole original alive as a slice of it would. Only the
 * part that can be kept is encoded: a 1.75 MB answer cut to 64 KiB costs what 64 KiB does.
 */
export function boundText(text: string, maxBytes: number): BoundedText {
  // A UTF-16 code unit takes at most 3 bytes of UTF-8, and at least one: the first `maxBytes` bytes come
  // from the first `maxBytes` code units, and a text longer than that is cut.
  if (text.length * 3 <= maxBytes) return { text, truncated: false };
  if (text.length <= maxBytes && Buffer.byteLength(text, 'utf8') <= maxBytes) return { text, truncated: false };
  const bytes = Buffer.from(text.length > maxBytes ? text.slice(0, maxBytes) : text, 'utf8');
  // Decoding drops a character cut in two as U+FFFD; strip it.
  return { text: bytes.subarray(0, maxBytes).toString('utf8').replace(/\uFFFD$/, ''), truncated: true };
}
