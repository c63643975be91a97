import { setTimeout as sleep } from 'node:timers/promises';
import type { SandboxContext } from '../domain/context.js';
import { ApiError } from '../domain/api-error.js';
import { rateLimitHeaders, type RateLimitStatus } from '../domain/rate-limit.js';
import type { RequestFacts } from '../state/journal.js';
import { NETWORK_ERROR, type Answer, type Outcome } from './outcome.js';
import type { ApiRequest } from './api-request.js';
import { captureBody } from './body-capture.js';
import { toErrorAnswer } from './envelope.js';
import { handleApiRequest } from './handle-api-request.js';
import { orderRequestNote } from './order-request-note.js';
import { hintHeader, hintsOf } from '../domain/hints.js';
import { JOURNAL_BODY_MAX_BYTES } from '../state/journal-exchange.js';
import type { ApiRoute, RouteFacts } from './route.js';

export interface ServedRequest extends RequestFacts {
  /** `NETWORK_ERROR` where a fault closes the connection instead of answering. */
  outcome: Outcome;
  /** The answer made, also when a fault lost it; none when the connection was dropped before anything was done. */
  answer?: Answer;
  /** The request body as read, for the journal: at most 64 KiB of it; none without a body. */
  requestBody?: { text: string; truncated: boolean };
}

const FAULT_MESSAGES: Record<number, [code: 'INTERNAL_ERROR' | 'SERVICE_UNAVAILABLE', message: string]> = {
  500: ['INTERNAL_ERROR', 'The service failed to answer this request; retry later.'],
  503: ['SERVICE_UNAVAILABLE', 'The service is temporarily unavailable; retry later.'],
};

/**
 * One call of the imitated API, with the scenario's rate limit and faults around the route itself; `route`
 * is the route its path names, if any.
 */
export async function serveApiRequest(
  ctx: SandboxContext,
  request: ApiRequest,
  url: URL,
  route: ApiRoute | undefined,
  now: number,
): Promise<ServedRequest> {
  const call = route?.kind === 'call' ? route : undefined;
  // A body is noted even when a fault or a refusal comes before the route reads it: which order a lost
  // createOrder asked for is what tells a retry from a new order.
  const captured = request.body === null ? undefined : captureBody(request, JOURNAL_BODY_MAX_BYTES);
  const { noted, ...served } = await serveCall(ctx, captured?.request ?? request, url, route, now);
  const requestBody = await captured?.prefix();
  const orderRequest =
    requestBody && call?.name === 'createOrder' && request.method === 'POST' ? orderRequestNote(requestBody.truncated ? undefined : requestBody.text) : undefined;
  const hints = hintsOf({
    route: call?.path,
    header: (name) => request.headers.get(name),
    hasQuery: (name) => url.search !== '' && url.searchParams.has(name),
    bodyIdempotencyKey: orderRequest?.idempotencyKey !== undefined,
    ...noted,
  });
  if (hints && ctx.hintHeader && served.answer) served.answer.headers['x-sandbox-hint'] = hintHeader(hints);
  return {
    ...served,
    ...(call && { route: call.path }),
    ...(orderRequest !== undefined && { orderRequest }),
    ...(hints && { hints }),
    ...(requestBody && { requestBody }),
  };
}

async function serveCall(
  ctx: SandboxContext,
  request: ApiRequest,
  url: URL,
  route: ApiRoute | undefined,
  now: number,
): Promise<ServedRequest & { noted?: RouteFacts }> {
  const faults = route?.kind === 'call' ? ctx.faults.next(route.path) : undefined;
  if (faults && faults.latencyMs > 0) await sleep(faults.latencyMs);
  const queued = faults?.queuedFault === undefined ? undefined : { queuedFault: faults.queuedFault };
  if (faults?.drop) return { outcome: NETWORK_ERROR, status: 0, fault: 'drop', ...queued };

  let limit: RateLimitStatus | undefined;
  let answer: Answer;
  let refusal: { errorCode: string; errorMessage?: string } | undefined;
  const facts: RouteFacts = {};
  const caller = () => request.headers.get('x-api-key') ?? '';
  // A window a rate-limit fault opened holds the call before anything else counts it.
  const heldS = route?.kind === 'call' && ctx.faults.windows.size > 0 ? ctx.faults.windows.secondsLeft(caller(), route.path) : undefined;
  try {
    if (heldS !== undefined) throw rateLimitFault(heldS, ctx);
    limit = ctx.rateLimiter?.admit(caller());
    if (faults?.errorStatus) {
      const [code, message] = FAULT_MESSAGES[faults.errorStatus]!;
      throw new ApiError(code, message, { status: faults.errorStatus });
    }
    if (faults?.retryAfterS) {
      ctx.faults.windows.open(caller(), faults.rateLimitRoute ?? '*', faults.retryAfterS);
      throw rateLimitFault(faults.retryAfterS, ctx);
    }
    answer = await handleApiRequest(ctx, request, url, route, now, facts);
  } catch (thrown) {
    answer = toErrorAnswer(thrown);
    // An unexpected failure's message stays in the log, as it stays out of the answer.
    refusal = thrown instanceof ApiError ? { errorCode: thrown.code, errorMessage: thrown.message } : { errorCode: 'INTERNAL_ERROR' };
  }
  if (limit && answer.headers['x-ratelimit-limit'] === undefined) Object.assign(answer.headers, rateLimitHeaders(limit));

  const retryAfter = Number(answer.headers['retry-after']);
  const served: ServedRequest & { noted: RouteFacts } = {
    outcome: answer,
    answer,
    status: answer.status,
    ...refusal,
    ...(answer.status === 429 && Number.isInteger(retryAfter) && { retryAfterS: retryAfter }),
    ...(facts.orderId !== undefined && { orderId: facts.orderId }),
    ...(facts.orderStatus !== undefined && { orderStatus: facts.orderStatus }),
    ...(facts.reused !== undefined && { reused: facts.reused }),
    ...queued,
    noted: facts,
  };
  if (faults?.errorStatus) return { ...served, fault: 'error' };
  if (faults?.retryAfterS || heldS !== undefined) return { ...served, fault: 'rate-limit' };
  if (faults?.loseResponse) return { ...served, outcome: NETWORK_ERROR, fault: 'lose-response' };
  return served;
}

/**
 * The 429 of a rate-limit fault's window: the envelope and headers of the steady limit, nothing left to spend
 * until the window closes (`X-RateLimit-Limit` is the steady limit's, 0 without one).
 */
function rateLimitFault(retryAfterS: number, ctx: SandboxContext): ApiError {
  const status = { limit: ctx.rateLimiter?.rule.requests ?? 0, remaining: 0, resetSeconds: retryAfterS };
  return new ApiError('RATE_LIMITED', `rate limit reached; retry after ${retryAfterS} s`, {
    headers: { 'retry-after': String(retryAfterS), ...rateLimitHeaders(status) },
  });
}
