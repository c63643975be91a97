export interface BoundedText {
  text: string;
  truncated: boolean;
}

/** A few KiB of base64 each, that no reader of a log wants whole. */
const QR_IMAGE = /("qrBase64Url"\s*:\s*")(data:image\/png;base64,[A-Za-z0-9+/]{16})([A-Za-z0-9+/=]+)"/g;

/** Each to `data:image/png;base64,iVBORw0KGgoAAAANSUhE…(4096 characters)`, still valid JSON. */
export function shortenQrImages(text: string): string {
  if (!text.includes('"qrBase64Url"')) return text;
  return text.replace(QR_IMAGE, (_, start: string, head: string, rest: string) => `${start}${head}…(${head.length + rest.length} characters)"`);
}

/**
 * A cut text is a fresh string, so that it does not keep the original alive as a slice would. Only the part that
 * can be kept is encoded: a 1.75 MB answer cut to 64 KiB costs what 64 KiB does.
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
