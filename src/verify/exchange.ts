/** What verify and record send to a service, and what they keep of its answers. */
import type { Answer } from '../api/outcome.js';

export interface ProbeRequest {
  method: 'GET' | 'POST';
  /** Path and query string below the base address: `/getProducts?limit=1`. */
  path: string;
  /** The key it carries: the caller's own, none at all, or one no service has issued. */
  key: 'caller' | 'none' | 'unknown';
  body?: unknown;
}

/** An answer as the sandbox gives it (status, lower-case headers, body text), with its body parsed when it is JSON. */
export interface ReceivedAnswer extends Answer {
  json?: unknown;
  /** Why a 429 was not waited out and sent again: the answer tells nothing of the check. */
  rateLimited?: string;
  /** How many 429 answers were waited out before this one (each with its Retry-After). */
  waitedOut?: { count: number; retryAfterS: (number | undefined)[] };
}

/** A service verify talks to: a real deployment over HTTP, or a sandbox in-process. */
export interface Target {
  send(request: ProbeRequest): Promise<ReceivedAnswer>;
}

/** An API key that no service issues, for the "unknown key" check. */
export const UNKNOWN_KEY = 'sk_verify_unknown_key_0000';

/** A well-formed purchaseOrderId that names no order (a version-4 UUID whose random bits are all zero). */
export const UNKNOWN_ORDER_ID = '00000000-0000-4000-8000-000000000000';

/** An answer in the API's envelope: `{ success: true, data }` or `{ success: false, error: { code, message } }`. */
export function isEnvelope(answer: ReceivedAnswer): boolean {
  const body = asRecord(answer.json);
  return body?.success === true ? 'data' in body : body?.success === false && errorOf(answer) !== undefined;
}

export function asRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

export function dataOf(answer: ReceivedAnswer | undefined): unknown {
  return answer && answer.status === 200 ? asRecord(answer.json)?.data : undefined;
}

/** The `error` of an error envelope, when it has a string code and message. */
export function errorOf(answer: ReceivedAnswer | undefined): { code: string; message: string } | undefined {
  const error = asRecord(asRecord(answer?.json)?.error);
  return error && typeof error.code === 'string' && typeof error.message === 'string'
    ? { code: error.code, message: error.message }
    : undefined;
}

/** `409 INVENTORY_EMPTY`: the status, with the error code when the answer has one. */
export function statusAndCode(answer: ReceivedAnswer): string {
  const error = errorOf(answer);
  return error ? `${answer.status} ${error.code}` : `${answer.status}`;
}

/** `headers` as `Headers`, or with lower-case names. */
export function answerOf(status: number, headers: Headers | Record<string, string>, body: string): ReceivedAnswer {
  let json: unknown;
  try {
    json = body === '' ? undefined : JSON.parse(body);
  } catch {
    json = undefined;
  }
  const named = headers instanceof Headers ? Object.fromEntries(headers) : headers;
  return { status, headers: named, body, ...(json !== undefined && { json }) };
}
