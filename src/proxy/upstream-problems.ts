import { isUtf8 } from 'node:buffer';
import type { RequestRecord } from '../state/request-record.js';
import type { CallRoute } from '../api/route.js';
import { contractProblems, qrImagesUnasked } from '../verify/contract-problems.js';
import type { UpstreamAnswer } from './upstream-read.js';

const NOT_UTF8 = 'the body is not UTF-8, as JSON must be: it is read here with each broken sequence replaced (U+FFFD), and passed back as it came';

/** What the contract check found in an answer: its problems, and its body parsed (undefined when it is not JSON). */
export interface CheckedAnswer {
  problems: readonly string[];
  json: unknown;
}

/**
 * Where the upstream's answer breaks the contract, by verify's own checks (src/verify) and UTF-8. A request of another
 * method than the call's (a 405 for the service to give) is not judged.
 */
export function upstreamProblems(request: RequestRecord, call: CallRoute | undefined, body: string | undefined, received: UpstreamAnswer): CheckedAnswer {
  const json = parseJson(received.text);
  if (!call || request.method !== call.method) return { problems: [], json };
  const answer = { status: received.status, headers: received.headers as Record<string, string>, body: received.text, json };
  const problems = contractProblems(call.method, call.path, answer);
  if (!isUtf8(received.bytes)) problems.unshift(NOT_UTF8);
  if (json !== undefined) problems.push(...qrImagesUnasked({ method: call.method, path: request.url.search, key: 'caller', body: parseJson(body) }, answer));
  return { problems, json };
}

/**
 * The last answer checked of each call: a client polls the same read and gets the same bytes. The verdict depends on
 * nothing but what is compared here, so an equal answer gets the same one; its parsed body is only read. Bench (proxy
 * section, getBalance, CPU profile): checking took ~8% of the proxy's CPU per request, a repeat now well under 1%.
 */
export class CheckedAnswers {
  readonly #last = new Map<string, { method: string; search: string; body: string | undefined; status: number; contentType: unknown; bytes: Buffer; checked: CheckedAnswer }>();

  check(request: RequestRecord, call: CallRoute | undefined, body: string | undefined, received: UpstreamAnswer): CheckedAnswer {
    const name = call?.name ?? '';
    const last = this.#last.get(name);
    const contentType = received.headers['content-type'];
    if (
      last !== undefined &&
      last.bytes.equals(received.bytes) &&
      last.status === received.status &&
      last.contentType === contentType &&
      last.method === request.method &&
      last.search === request.url.search &&
      last.body === body
    ) {
      return last.checked;
    }
    const checked = upstreamProblems(request, call, body, received);
    if (received.bytes.byteLength > MEMO_MAX_BYTES) return checked;
    this.#last.set(name, { method: request.method, search: request.url.search, body, status: received.status, contentType, bytes: received.bytes, checked });
    return checked;
  }
}

/** A longer answer is checked each time, not held for the next: at most this much is kept per call. */
const MEMO_MAX_BYTES = 64 * 1024;

/** `text` parsed; undefined when it is not JSON. An empty body (a GET's) is not tried: a throw per call costs. */
function parseJson(text: string | undefined): unknown {
  if (text === undefined || text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
