import type { RequestRecord } from '../state/request-record.js';
import type { ParsedUrl } from '../lib/parsed-url.js';
import type { CallRoute } from '../api/route.js';
import type { BoundedResponse } from '../client/bounded-read.js';
import { contractProblems, qrImagesUnasked } from '../verify/contract-problems.js';

/**
 * Where the upstream's answer to a call breaks the contract, by verify's own checks (src/verify): the status one
 * the spec allows, JSON, the envelope, every field and type, no field the spec does not list, and the QR rule
 * (`qrBase64Url` only when asked for). A request of another method than the call's (a 405 for the service to
 * give) is not judged. Also gives the body parsed, when it is JSON.
 */
export function upstreamProblems(request: RequestRecord, url: ParsedUrl, call: CallRoute | undefined, body: string | undefined, received: BoundedResponse): { problems: string[]; json: unknown } {
  const json = parseJson(received.text);
  if (!call || request.method !== call.method) return { problems: [], json };
  const answer = { status: received.status, headers: Object.fromEntries(received.headers), body: received.text, json };
  const problems = contractProblems(call.method, call.path, answer);
  if (json !== undefined) problems.push(...qrImagesUnasked({ method: call.method, path: url.search, key: 'caller', body: parseJson(body) }, answer));
  return { problems, json };
}

/** `text` parsed; undefined when it is not JSON. An empty body (a GET's) is not tried: a throw per call costs. */
function parseJson(text: string | undefined): unknown {
  if (text === undefined || text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
