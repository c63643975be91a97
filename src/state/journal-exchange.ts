import { boundText, shortenQrImages } from '../lib/bounded-text.js';
import { isSecretHeader, maskApiKey } from '../lib/mask-api-key.js';
import type { RecordHeaders } from './request-record.js';

/** Enough for any valid request and most answers, bounded for a long journal. */
export const JOURNAL_BODY_MAX_BYTES = 64 * 1024;

/** `body` when the text is whole JSON, else `bodyText` (cut to 64 KiB, `truncated`). */
export interface JournalBody {
  body?: unknown;
  bodyText?: string;
  truncated?: true;
}

export interface JournalRequest extends JournalBody {
  /** Lower-case names; secrets masked (a name with auth, token, key, secret, cookie, session or password in it). */
  headers: Record<string, string>;
}

export type JournalResponse = JournalRequest;

export function journalHeaders(list: RecordHeaders): Record<string, string> {
  const headers: Record<string, string> = {};
  list.forEach((value, name) => {
    const lower = name.toLowerCase();
    headers[lower] = shownValue(lower, value);
  });
  return headers;
}

/** Masked too, as a fault may answer any header. */
export function journalAnswerHeaders(answered: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(answered).map(([name, value]) => [name, shownValue(name, value)]));
}

const shownValue = (name: string, value: string) => (isSecretHeader(name) ? maskApiKey(value) : value);

/** Without its opening quote: a search for a text that starts with `"` stops at every quote, ~2× slower. */
const QR_IMAGE_FIELD = 'qrBase64Url"';

/**
 * QR images shortened, then at most 64 KiB; a body that needs neither is kept as the very string answered. When
 * no QR image starts within the 64 Ki characters kept, the rest of a long answer (a 1.75 MB page) is not searched.
 */
export function keptAnswerBody(body: string): { text: string; truncated: boolean } {
  const keptPart = body.length > JOURNAL_BODY_MAX_BYTES ? body.slice(0, JOURNAL_BODY_MAX_BYTES + QR_IMAGE_FIELD.length) : body;
  return boundText(keptPart.includes(QR_IMAGE_FIELD) ? shortenQrImages(body) : body, JOURNAL_BODY_MAX_BYTES);
}

/** A key no JSON has, which JSON.stringify skips. */
const PARSED_FROM = Symbol('parsed from');

/** As it was kept, without writing the JSON again. */
export function bodyTextOf(part: JournalBody): string | undefined {
  if (part.body === undefined) return part.bodyText;
  return (typeof part.body === 'object' && part.body !== null ? (part.body as { [PARSED_FROM]?: string })[PARSED_FROM] : undefined) ?? JSON.stringify(part.body);
}

export function journalBody(text: string | undefined, truncated: boolean | undefined): JournalBody {
  if (text === undefined || text === '') return truncated ? { bodyText: '', truncated: true } : {};
  if (!truncated) {
    try {
      const body: unknown = JSON.parse(text);
      if (typeof body === 'object' && body !== null) Object.defineProperty(body, PARSED_FROM, { value: text });
      return { body };
    } catch {
      return { bodyText: text };
    }
  }
  return { bodyText: text, truncated: true };
}
