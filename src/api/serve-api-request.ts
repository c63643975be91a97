import { setTimeout as sleep } from 'node:timers/promises';
import type { SandboxContext } from '../domain/context.js';
import { ApiError } from '../domain/api-error.js';
import { rateLimitHeaders, type RateLimitStatus } from '../domain/rate-limit.js';
import type { RequestFacts } from '../state/journal.js';
import { NETWORK_ERROR, type Answer, type Outcome } from './outcome.js';
import type { ApiRequest } from './api-request.js';
import { captureBody } from './body-capture.js';
import { errorAnswer, toErrorAnswer } from './envelope.js';
import { handleApiRequest } from './handle-api-request.js';
import { orderRequestNote } from './order-request-note.js';
import { hintHeader, hintsOf } from '../domain/hints.js';
import type { CallFaults } from '../domain/fault-plan.js';
import { JOURNAL_BODY_MAX_BYTES } from '../state/journal-exchange.js';
import type { ApiRoute, RouteFacts } from './route.js';
import type { ParsedUrl } from './parsed-url.js';

export interface ServedRequest extends RequestFacts {
  /** `NETWORK_ERROR` where a fault closes the connection instead of answering. */
  outcome: Outcome;
  /** The answer made, also when a fault lost it; none when the connection was dropped before anything was done. */
  answer?: Answer;
  /** The request body as read, for the journal: at most 64 KiB of it; none without a body. */
  requestBody?: { text: string; truncated: boolean };
}

export const FAULT_MESSAGES: Record<number, [code: 'INTERNAL_ERROR' | 'SERVICE_UNAVAILABLE', message: string]> = {
  500: ['INTERNAL_ERROR', 'The service failed to answer this request; retry later.'],
  503: ['SERVICE_UNAVAILABLE', 'The service is temporarily unavailable; retry later.'],
};

/**
 * One call of the imitated API, with the scenario's rate limit and faults around the route itself; `route`
 * is the route its path names, if any. Served in the same turn when nothing waits (a read without latency),
 * else a promise: a read then costs no promise of its own at each step, and no closure.
 */
export function serveApiRequest(
  ctx: SandboxContext,
  request: ApiRequest,
  url: ParsedUrl,
  route: ApiRoute | undefined,
  now: number,
  cutOff?: AbortSignal,
): ServedRequest | Promise<ServedRequest> {
  // A body is noted even when a fault or a refusal comes before the route reads it: which order a lost
  // createOrder asked for is what tells a retry from a new order.
  const captured = request.body === null ? undefined : captureBody(request, JOURNAL_BODY_MAX_BYTES);
  const call: Call = { ctx, request: captured?.request ?? request, url, route, now, facts: {}, cutOff };
  const served = serveCall(call);
  if (captured === undefined) return served instanceof Promise ? served.then((done) => noted(call, request, done)) : noted(call, request, served);
  return Promise.resolve(served).then(async (done) => noted(call, request, done, await captured.prefix()));
}

/** What one call is served from; what the route learns for the journal goes to `facts`. */
interface Call {
  ctx: SandboxContext;
  request: ApiRequest;
  url: ParsedUrl;
  route: ApiRoute | undefined;
  now: number;
  facts: RouteFacts;
  /** Aborted when the transport stops waiting: a latency fault still waited out then ends the call (see `AnswerOptions`). */
  cutOff: AbortSignal | undefined;
}

/** The request as served, with what the journal notes of the request as sent (`request`, before its body was read). */
function noted({ ctx, url, route, facts }: Call, request: ApiRequest, served: ServedRequest, requestBody?: { text: string; truncated: boolean }): ServedRequest {
  const call = route?.kind === 'call' ? route : undefined;
  const orderRequest =
    requestBody && call?.name === 'createOrder' && request.method === 'POST' ? orderRequestNote(requestBody.truncated ? undefined : requestBody.text) : undefined;
  const hints = hintsOf({
    route: call?.name,
    headers: request.headers,
    queryNames: url.search === '' ? undefined : url.searchParams,
    bodyIdempotencyKey: orderRequest?.idempotencyKey !== undefined,
    ignoredQueryParameters: facts.ignoredQueryParameters,
    ignoredBodyFields: facts.ignoredBodyFields,
    clampedLimit: facts.clampedLimit,
  });
  if (hints && ctx.hintHeader && served.answer) served.answer.headers['x-sandbox-hint'] = hintHeader(hints);
  if (call) served.route = call.name;
  if (orderRequest !== undefined) served.orderRequest = orderRequest;
  if (hints) served.hints = hints;
  if (requestBody) served.requestBody = requestBody;
  return served;
}

/** The call itself; the request as served is built in place, not copied. */
function serveCall(call: Call): ServedRequest | Promise<ServedRequest> {
  const { ctx, route } = call;
  const faults = route?.kind === 'call' ? ctx.faults.next(route.name) : undefined;
  if (faults && faults.latencyMs > 0) {
    const waited = call.cutOff === undefined ? sleep(faults.latencyMs) : sleep(faults.latencyMs, undefined, { signal: call.cutOff });
    return waited.then(
      () => callAfterLatency(call, faults),
      // The server's stop ran out of grace while the latency was waited out: answered 503, the call not served
      // (a latency of up to 60 s held the process that long after its grace).
      () => servedOf(errorAnswer(STOPPED), { limit: undefined, facts: call.facts, faults, heldS: undefined }, true, STOPPED),
    );
  }
  return callAfterLatency(call, faults);
}

const STOPPED = new ApiError(
  'SERVICE_UNAVAILABLE',
  "The sandbox stopped before this call's latency fault ran out, and did not serve it; send it again once the sandbox is back.",
);

/** The key a call is counted under by the rate limit and its fault windows. */
const callerOf = (request: ApiRequest) => request.headers.get('x-api-key') ?? '';

function callAfterLatency(call: Call, faults: CallFaults | undefined): ServedRequest | Promise<ServedRequest> {
  const { ctx, request, url, route, now, facts } = call;
  if (faults?.drop) {
    const dropped: ServedRequest = { outcome: NETWORK_ERROR, status: 0, fault: 'drop' };
    if (faults.queuedFault !== undefined) dropped.queuedFault = faults.queuedFault;
    return dropped;
  }

  // A window a rate-limit fault opened holds the call before anything else counts it.
  const heldS = route?.kind === 'call' && ctx.faults.windows.size > 0 ? ctx.faults.windows.secondsLeft(callerOf(request), route.name) : undefined;
  const end: CallEnd = { limit: undefined, facts, faults, heldS };
  let answer: Answer | Promise<Answer>;
  try {
    if (heldS !== undefined) throw rateLimitFault(heldS, ctx);
    end.limit = ctx.rateLimiter?.admit(callerOf(request));
    if (faults?.errorStatus) {
      const [code, message] = FAULT_MESSAGES[faults.errorStatus]!;
      throw new ApiError(code, message, { status: faults.errorStatus });
    }
    if (faults?.retryAfterS) {
      ctx.faults.windows.open(callerOf(request), faults.rateLimitRoute ?? '*', faults.retryAfterS);
      throw rateLimitFault(faults.retryAfterS, ctx);
    }
    answer = handleApiRequest(ctx, request, url, route, now, facts);
  } catch (thrown) {
    return servedOf(toErrorAnswer(thrown), end, true, thrown);
  }
  if (answer instanceof Promise) return answer.then((done) => servedOf(done, end, false), (thrown: unknown) => servedOf(toErrorAnswer(thrown), end, true, thrown));
  return servedOf(answer, end, false);
}

/** What the end of a call needs besides its answer. */
interface CallEnd {
  limit: RateLimitStatus | undefined;
  facts: RouteFacts;
  faults: CallFaults | undefined;
  heldS: number | undefined;
}

/** The request as served, once its answer is made: the rate limit's headers on it, and what the journal notes. */
function servedOf(answer: Answer, { limit, facts, faults, heldS }: CallEnd, failed: boolean, thrown?: unknown): ServedRequest {
  if (limit && answer.headers['x-ratelimit-limit'] === undefined) Object.assign(answer.headers, rateLimitHeaders(limit));
  const served: ServedRequest = { outcome: answer, answer, status: answer.status };
  // An unexpected failure's message stays in the log, as it stays out of the answer.
  if (failed) served.errorCode = thrown instanceof ApiError ? thrown.code : 'INTERNAL_ERROR';
  if (failed && thrown instanceof ApiError) served.errorMessage = thrown.message;
  if (answer.status === 429) {
    const retryAfter = Number(answer.headers['retry-after']);
    if (Number.isInteger(retryAfter)) served.retryAfterS = retryAfter;
  }
  if (facts.orderId !== undefined) served.orderId = facts.orderId;
  if (facts.orderStatus !== undefined) served.orderStatus = facts.orderStatus;
  if (facts.reused !== undefined) served.reused = facts.reused;
  if (faults?.queuedFault !== undefined) served.queuedFault = faults.queuedFault;
  if (faults?.errorStatus) served.fault = 'error';
  else if (faults?.retryAfterS || heldS !== undefined) served.fault = 'rate-limit';
  else if (faults?.loseResponse) {
    served.outcome = NETWORK_ERROR;
    served.fault = 'lose-response';
  }
  return served;
}

/**
 * The 429 of a rate-limit fault's window: the envelope and headers of the steady limit, nothing left to spend
 * until the window closes (`X-RateLimit-Limit` is the steady limit's, 0 without one).
 */
export function rateLimitFault(retryAfterS: number, ctx: SandboxContext): ApiError {
  const status = { limit: ctx.rateLimiter?.rule.requests ?? 0, remaining: 0, resetSeconds: retryAfterS };
  return new ApiError('RATE_LIMITED', `rate limit reached; retry after ${retryAfterS} s`, {
    headers: { 'retry-after': String(retryAfterS), ...rateLimitHeaders(status) },
  });
}
