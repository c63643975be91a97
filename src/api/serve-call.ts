import { setTimeout as sleep } from 'node:timers/promises';
import type { SandboxContext } from '../domain/context.js';
import { ApiError } from '../domain/api-error.js';
import { authorize } from '../domain/auth.js';
import { rateLimitHeaders, type RateLimitStatus } from '../domain/rate-limit.js';
import { hintHeader, hintsOf } from '../domain/hints.js';
import type { CallFaults } from '../domain/fault-plan.js';
import { JOURNAL_BODY_MAX_BYTES } from '../state/journal-exchange.js';
import type { RequestRecord } from '../state/request-record.js';
import { NETWORK_ERROR, type Answer, type Outcome } from './outcome.js';
import { captureBody } from './body-capture.js';
import { errorAnswer, successAnswer, toErrorAnswer } from './envelope.js';
import { orderRequestNote } from './order-request-note.js';
import { checkPathEncoding } from './path-encoding.js';
import { pathSpellingRefusal } from './path-spelling.js';
import { readQuery } from './query.js';
import { parseJsonText, readBodyText } from './read-json-body.js';
import { API_BODY } from './request-rules.js';
import type { ApiRoute, CallRoute } from './route.js';
import { parseFields } from './unknown-fields.js';
import { methodRefusal } from './route-map.js';
import { notFoundMessage } from './not-found-message.js';

export const FAULT_MESSAGES: Record<number, [code: 'INTERNAL_ERROR' | 'SERVICE_UNAVAILABLE', message: string]> = {
  500: ['INTERNAL_ERROR', 'The service failed to answer this request; retry later.'],
  503: ['SERVICE_UNAVAILABLE', 'The service is temporarily unavailable; retry later.'],
};

/**
 * One call of the imitated API, read top to bottom: faults (latency, drop, error, rate-limit window), rate limit,
 * then the route (its path taken only written out, as the standalone server takes it), method, key, KYC, scope,
 * the call's query and body by the call's rules, the call's own handler, and the envelope. Everything learnt is
 * noted on `record`, which the sandbox's journal then keeps as it is; `route` is the route its path names, if any.
 * Served in the same turn when nothing waits (a read without latency), else a promise: a read then costs no
 * promise of its own at each step, and no closure.
 */
export function serveCall(ctx: SandboxContext, record: RequestRecord, route: ApiRoute | undefined, now: number, cutOff?: AbortSignal): Outcome | Promise<Outcome> {
  if (route?.kind === 'call') record.route = route.name;
  // A body is noted even when a fault or a refusal comes before the route reads it: which order a lost
  // createOrder asked for is what tells a retry from a new order.
  const captured = record.body === null ? undefined : captureBody(record, JOURNAL_BODY_MAX_BYTES);
  if (captured) record.body = captured.body;
  const call: Call = { ctx, record, route, now, cutOff };
  const outcome = faultsFirst(call);
  if (captured === undefined) return outcome instanceof Promise ? outcome.then((done) => noted(call, done)) : noted(call, outcome);
  return Promise.resolve(outcome).then(async (done) => {
    const body = await captured.prefix();
    record.bodyText = body.text;
    record.bodyTruncated = body.truncated;
    return noted(call, done);
  });
}

/** What one call is served from; what it learns goes to `record`. */
interface Call {
  ctx: SandboxContext;
  record: RequestRecord;
  route: ApiRoute | undefined;
  now: number;
  /** Aborted when the transport stops waiting: a latency fault still waited out then ends the call (see `AnswerOptions`). */
  cutOff: AbortSignal | undefined;
}

/** A latency fault waits before anything else. */
function faultsFirst(call: Call): Outcome | Promise<Outcome> {
  const { ctx, route } = call;
  const faults = route?.kind === 'call' ? ctx.faults.next(route.name) : undefined;
  if (faults && faults.latencyMs > 0) {
    const waited = call.cutOff === undefined ? sleep(faults.latencyMs) : sleep(faults.latencyMs, undefined, { signal: call.cutOff });
    return waited.then(
      () => afterLatency(call, faults),
      // The server's stop ran out of grace while the latency was waited out: answered 503, the call not served
      // (a latency of up to 60 s held the process that long after its grace).
      () => answered(call, errorAnswer(STOPPED), { limit: undefined, faults, heldS: undefined }, true, STOPPED),
    );
  }
  return afterLatency(call, faults);
}

const STOPPED = new ApiError(
  'SERVICE_UNAVAILABLE',
  "The sandbox stopped before this call's latency fault ran out, and did not serve it; send it again once the sandbox is back.",
);

/** Drop, rate-limit window, rate limit, injected error, then the call itself. */
function afterLatency(call: Call, faults: CallFaults | undefined): Outcome | Promise<Outcome> {
  const { ctx, record, route } = call;
  if (faults?.drop) {
    record.fault = 'drop';
    if (faults.queuedFault !== undefined) record.queuedFault = faults.queuedFault;
    return NETWORK_ERROR;
  }
  const caller = record.apiKey ?? '';
  // A window a rate-limit fault opened holds the call before anything else counts it.
  const heldS = route?.kind === 'call' && ctx.faults.windows.size > 0 ? ctx.faults.windows.secondsLeft(caller, route.name) : undefined;
  const end: CallEnd = { limit: undefined, faults, heldS };
  let answer: Answer | Promise<Answer>;
  try {
    if (heldS !== undefined) throw rateLimitFault(heldS, ctx);
    end.limit = ctx.rateLimiter?.admit(caller);
    if (faults?.errorStatus) {
      const [code, message] = FAULT_MESSAGES[faults.errorStatus]!;
      throw new ApiError(code, message, { status: faults.errorStatus });
    }
    if (faults?.retryAfterS) {
      ctx.faults.windows.open(caller, faults.rateLimitRoute ?? '*', faults.retryAfterS);
      throw rateLimitFault(faults.retryAfterS, ctx);
    }
    answer = routeAnswer(call);
  } catch (thrown) {
    return answered(call, toErrorAnswer(thrown), end, true, thrown);
  }
  if (answer instanceof Promise) return answer.then((done) => answered(call, done, end), (thrown: unknown) => answered(call, toErrorAnswer(thrown), end, true, thrown));
  return answered(call, answer, end);
}

/**
 * The route's answer. Checks run in the service's order: route, method, key, KYC, scope, the call's query (and
 * body) by the call's rules, then the call's own. HEAD is answered as GET (the transport leaves the body out).
 * A refusal is thrown, or rejects the promise of a route that waits.
 */
function routeAnswer({ ctx, record, route, now }: Call): Answer | Promise<Answer> {
  const { url } = record;
  const misspelt = pathSpellingRefusal(url.pathname, url.plainPath);
  if (misspelt) throw misspelt;
  checkPathEncoding(url.pathname);
  if (route?.kind !== 'call') throw new ApiError('NOT_FOUND', notFoundMessage(record.method, url.pathname, url.origin));
  const refusal = methodRefusal(route, record.method);
  if (refusal) throw refusal;
  const caller = authorize(ctx.store, record.apiKey, route.scope);
  const query = parseFields(route.query, readQuery(url), ctx.behavior, record);
  const input: Parameters<CallRoute['handle']>[1] = { caller, query, body: undefined, now, facts: record };
  const { body } = route;
  if (body) {
    return readBodyText(record, API_BODY).then(async (text) => {
      const json = parseJsonText(text, API_BODY);
      record.json = json;
      input.body = parseFields(body, json, ctx.behavior, record);
      return successAnswer(await route.handle(ctx, input));
    });
  }
  const data = route.handle(ctx, input);
  // Only a call that takes a body waits (for it): a read is answered in the same turn.
  return data instanceof Promise ? data.then(successAnswer) : successAnswer(data);
}

/** What the end of a call needs besides its answer. */
interface CallEnd {
  limit: RateLimitStatus | undefined;
  faults: CallFaults | undefined;
  heldS: number | undefined;
}

/** The outcome of an answer made: the rate limit's headers on it, and what struck it noted on the record. */
function answered({ record }: Call, answer: Answer, { limit, faults, heldS }: CallEnd, failed = false, thrown?: unknown): Outcome {
  if (limit && answer.headers['x-ratelimit-limit'] === undefined) Object.assign(answer.headers, rateLimitHeaders(limit));
  record.status = answer.status;
  record.answerHeaders = answer.headers;
  record.answerBody = answer.body;
  // An unexpected failure's message stays in the log, as it stays out of the answer.
  if (failed) record.errorCode = thrown instanceof ApiError ? thrown.code : 'INTERNAL_ERROR';
  if (failed && thrown instanceof ApiError) record.errorMessage = thrown.message;
  if (answer.status === 429) {
    const retryAfter = Number(answer.headers['retry-after']);
    if (Number.isInteger(retryAfter)) record.retryAfterS = retryAfter;
  }
  if (faults?.queuedFault !== undefined) record.queuedFault = faults.queuedFault;
  if (faults?.errorStatus) record.fault = 'error';
  else if (faults?.retryAfterS || heldS !== undefined) record.fault = 'rate-limit';
  else if (faults?.loseResponse) {
    record.fault = 'lose-response';
    return NETWORK_ERROR;
  }
  return answer;
}

/** The outcome once the request's body is noted: its order request and hints on the record, a hint header on the answer. */
function noted({ ctx, record, route }: Call, outcome: Outcome): Outcome {
  noteOrderAndHints(ctx, record, route?.kind === 'call' ? route : undefined);
  return outcome;
}

/**
 * What the journal keeps of a request once its body is noted (`bodyText`): createOrder's fields, and the hints (a
 * hint header on the answer made too). The proxy notes its forwarded calls with it as well.
 */
export function noteOrderAndHints(ctx: SandboxContext, record: RequestRecord, call: CallRoute | undefined): void {
  if (record.bodyText !== undefined && call?.name === 'createOrder' && record.method === 'POST') {
    record.orderRequest = orderRequestNote(record.bodyTruncated ? undefined : record.bodyText, record.json);
  }
  const { url } = record;
  const hints = hintsOf({
    route: call?.name,
    apiKey: record.apiKey,
    headers: record.headers,
    queryNames: url.search === '' ? undefined : url.searchParams,
    bodyIdempotencyKey: record.orderRequest?.idempotencyKey !== undefined,
    ignoredQueryParameters: record.ignoredQueryParameters,
    ignoredBodyFields: record.ignoredBodyFields,
    clampedLimit: record.clampedLimit,
  });
  if (hints && ctx.hintHeader && record.answerHeaders) record.answerHeaders['x-sandbox-hint'] = hintHeader(hints);
  if (hints) record.hints = hints;
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
