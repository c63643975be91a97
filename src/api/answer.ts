import { toFetchRequest, type ApiRequest } from './api-request.js';

/**
 * An answer of the sandbox before it becomes a web `Response`: status, headers and the whole body text.
 * `sandbox.fetch` turns it into a `Response`; the HTTP server writes it to the socket as it is, which spares
 * building a body stream only to read it back.
 */
export interface Answer {
  status: number;
  /** Lower-case names. */
  headers: Record<string, string>;
  body: string;
}

/** No answer at all: over HTTP the connection is closed (`Response.error()` in fetch terms). */
export const NETWORK_ERROR = Symbol('network error');

export type Outcome = Answer | typeof NETWORK_ERROR;

/**
 * The `Response` of an outcome. The answer to a HEAD request (`method`) keeps the status and headers of the
 * GET it stands for, with the length of the body it leaves out; a 204 has no body.
 */
export function outcomeToResponse(outcome: Outcome, method?: string): Response {
  if (outcome === NETWORK_ERROR) return Response.error();
  const { status, headers, body } = outcome;
  if (status === 204) return new Response(null, { status, headers });
  if (method === 'HEAD') {
    const length = String(new TextEncoder().encode(body).byteLength);
    return new Response(null, { status, headers: { ...headers, 'content-length': length } });
  }
  return new Response(body, { status, headers });
}

/** A `Response` made elsewhere (the OpenAPI document, a custom sandbox), as an outcome; its length is that of the body text. */
export async function responseToOutcome(response: Response): Promise<Outcome> {
  if (response.type === 'error') return NETWORK_ERROR;
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    if (name !== 'content-length') headers[name] = value;
  });
  return { status: response.status, headers, body: await response.text() };
}

/**
 * The method by which a sandbox answers with an `Outcome` rather than a `Response`. Internal: the HTTP
 * server uses it when the sandbox has it, and `fetch` otherwise. `Symbol.for`, so that two copies of this
 * module (source and build) still agree.
 */
export const answerRequest: unique symbol = Symbol.for('esim-wholesale-sandbox.answerRequest') as never;

export interface AnswersRequests {
  [answerRequest](request: ApiRequest, options?: { basePath?: string }): Promise<Outcome>;
}

interface Fetches {
  fetch(request: Request, options?: { basePath?: string }): Promise<Response>;
}

/** `target`'s outcome for `request`: directly where it can answer so, else from its `fetch`. */
export async function answerWith(target: Fetches, request: ApiRequest, options?: { basePath?: string }): Promise<Outcome> {
  const answer = (target as Partial<AnswersRequests>)[answerRequest];
  if (typeof answer === 'function') return answer.call(target, request, options);
  return responseToOutcome(await target.fetch(toFetchRequest(request), options));
}
