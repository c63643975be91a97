import { boundText, shortenQrImages } from '../lib/bounded-text.js';
import { isSecretHeader, maskApiKey } from '../lib/mask-api-key.js';
import type { RecordHeaders } from './request-record.js';

/** The most of each body the journal keeps: enough for any valid request and most answers, bounded for a long journal. */
export const JOURNAL_BODY_MAX_BYTES = 64 * 1024;

/** A body as the journal shows it: the JSON value when the text is whole JSON, else the text (cut to 64 KiB, `truncated`). */
export interface JournalBody {
  body?: unknown;
  bodyText?: string;
  truncated?: true;
}

export interface JournalRequest extends JournalBody {
  /** Lower-case names; secrets masked (a name with auth, token, key, secret, cookie, session or password in it). */
  headers: Record<string, string>;
}

/** The answer as the journal shows it: its headers (lower-case names, as answered; secrets masked as in the request) and body. */
export type JournalResponse = JournalRequest;

/** The request headers as the journal shows them: lower-case names, secrets masked. */
export function journalHeaders(list: RecordHeaders): Record<string, string> {
  const headers: Record<string, string> = {};
  list.forEach((value, name) => {
    const lower = name.toLowerCase();
    headers[lower] = shownValue(lower, value);
  });
  return headers;
}

/** The headers of an answer (lower-case names already) as the journal shows them: secrets masked, as a fault may answer any header. */
export function journalAnswerHeaders(answered: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(answered).map(([name, value]) => [name, shownValue(name, value)]));
}

const shownValue = (name: string, value: string) => (isSecretHeader(name) ? maskApiKey(value) : value);

/**
 * What every QR image field of an answer holds. Without its opening quote: a search for a text that starts
 * with `"` stops at every quote of a JSON document, and is ~2× slower.
 */
const QR_IMAGE_FIELD = 'qrBase64Url"';

/**
 * An answer body as the journal keeps it: QR images shortened, then at most 64 KiB. A body that needs neither
 * is kept as the very string that was answered, so noting it costs nothing but the reference. Shortening
 * changes a body only from its first QR image on: when none starts within the 64 Ki characters that can be
 * kept, the rest of a long answer (a 1.75 MB page) is not searched.
 */
export function keptAnswerBody(body: string): { text: string; truncated: boolean } {
  const keptPart = body.length > JOURNAL_BODY_MAX_BYTES ? body.slice(0, JOURNAL_BODY_MAX_BYTES + QR_IMAGE_FIELD.length) : body;
  return boundText(keptPart.includes(QR_IMAGE_FIELD) ? shortenQrImages(body) : body, JOURNAL_BODY_MAX_BYTES);
}

/** Where a body object of an entry keeps the text it was parsed from: a key no JSON has, which JSON.stringify skips. */
const PARSED_FROM = Symbol('parsed from');

/** A body's text: as it was kept (the text parsed, or `bodyText`), without writing the JSON again. */
export function bodyTextOf(part: JournalBody): string | undefined {
  if (part.body === undefined) return part.bodyText;
  return (typeof part.body === 'object' && part.body !== null ? (part.body as { [PARSED_FROM]?: string })[PARSED_FROM] : undefined) ?? JSON.stringify(part.body);
}

/** A kept body as an entry shows it; none for an empty body. */
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
