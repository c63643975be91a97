import { setTimeout as sleep } from 'node:timers/promises';
import type { SandboxContext } from '../domain/context.js';
import { ApiError } from '../domain/api-error.js';
import { authorize } from '../domain/auth.js';
import { rateLimitHeaders, type RateLimitStatus } from '../domain/rate-limit.js';
import { hintHeader, hintsOf } from '../domain/hints.js';
import type { CallFaults } from '../domain/fault-plan.js';
import { JOURNAL_BODY_MAX_BYTES } from '../state/journal-exchange.js';
import type { Journal, JournalEntry } from '../state/journal.js';
import type { RequestRecord } from '../state/request-record.js';
import { logFailure } from '../lib/log-failure.js';
import { toolOfUserAgent } from '../lib/tool-user-agent.js';
import { NETWORK_ERROR, type Answer, type AnswerOptions, type Outcome, type Reply } from './outcome.js';
import { captureBody } from './body-capture.js';
import { errorAnswer, jsonAnswer, successAnswer, toErrorAnswer } from './envelope.js';
import { optionsAnswer } from './method-answers.js';
import { orderRequestNote } from './order-request-note.js';
import { checkPathEncoding, pathSpellingRefusal } from './path-spelling.js';
import { readQuery, parseFields } from './parse-input.js';
import { parseJsonText, readBodyText } from './read-json-body.js';
import { API_BODY } from './request-rules.js';
import type { ApiRoute, CallRoute } from './route.js';
import type { ParsedUrl } from '../lib/parsed-url.js';
import type { RecordedExamples } from '../openapi/openapi-types.js';
import { methodRefusal, type ApiRouter, notFoundMessage } from './route-map.js';

const FAULT_MESSAGES: Record<number, [code: 'INTERNAL_ERROR' | 'SERVICE_UNAVAILABLE', message: string]> = {
  500: ['INTERNAL_ERROR', 'The service failed to answer this request; retry later.'],
  503: ['SERVICE_UNAVAILABLE', 'The service is temporarily unavailable; retry later.'],
};

/** What the pipeline needs of the sandbox a call is for. */
export interface CallServer {
  readonly router: ApiRouter;
  /** The state to serve from, when it is built and up to date with the clock; undefined when the call waits for `liveState`. */
  readyState(): SandboxContext | undefined;
  /** The state once it is built, an order whose provisioning time has come turned `confirmed` first. */
  liveState(): Promise<SandboxContext>;
  readonly journal: Journal;
  /** Who hears of each request kept (the sandbox's listeners). */
  readonly listeners: { readonly size: number; emit(event: { type: 'request'; entry: JournalEntry }): void };
  wallClock(): number;
  /** The document's examples, recorded by fresh sandboxes at the first ask (src/openapi-examples.ts). */
  examples(): Promise<RecordedExamples>;
  /** What answers a call in the place of its route (a proxy forwards it); undefined: the sandbox's own calls. */
  readonly servedInstead: ServedInstead | undefined;
}

/**
 * What answers calls in the place of their routes (a proxy forwards them), after the faults; a refusal is thrown, as
 * a route's is. The rest of the pipeline holds, but the imitation's rate limit (the service limits what reaches it).
 */
export interface ServedInstead {
  answer(call: Call): Promise<Answer>;
  /** The 503 of a call whose latency fault a stop's end cut short, never answered. */
  readonly stopped: ApiError;
  /** Told of each call once its record is complete, before the journal keeps it. */
  noted(record: RequestRecord): void;
}

/**
 * One request to the imitated API, read top to bottom: the route its path names (OPTIONS and the OpenAPI document
 * are answered there, as descriptions, not calls); the state, once live; faults (latency, drop, error, rate-limit
 * window), rate limit; the path as written, method, key, KYC, scope; the call's query and body by the call's rules;
 * the call's own handler; the envelope; then the journal, which keeps `record` as it is, and the listeners.
 * The outcome goes to `reply` in the same turn when nothing waits (a read without latency): a read costs no
 * promise and no closure at any step. Only this file knows that a step may give a value or a promise.
 */
export function serveCall(server: CallServer, record: RequestRecord, options: AnswerOptions, reply: Reply): void {
  let outcome: Outcome | Promise<Outcome>;
  try {
    outcome = routed(server, record, options);
  } catch (error) {
    return reply.failed(error);
  }
  if (outcome instanceof Promise) outcome.then((done) => reply.answered(done), (error: unknown) => reply.failed(error));
  else reply.answered(outcome);
}

/** The route; a description is answered at once, a call once the state is live. */
function routed(server: CallServer, record: RequestRecord, options: AnswerOptions): Outcome | Promise<Outcome> {
  const route = server.router.routeAt(record.url.pathname, options.basePath);
  const described = describingAnswer(route, record.method, record.url, server.examples);
  if (described) return described;
  record.wallMs = server.wallClock();
  const ready = server.readyState();
  if (ready) return journaled(server, ready, record, route, options);
  return server.liveState().then((ctx) => journaled(server, ctx, record, route, options));
}

/**
 * The answer to a request that describes the API rather than calls it: OPTIONS on a route, and the OpenAPI document.
 * No key, no journal entry, no clock step, no rate limit or fault. Undefined for a call (HEAD included) and a path that is no route.
 */
function describingAnswer(route: ApiRoute | undefined, method: string, url: ParsedUrl, examples: () => Promise<RecordedExamples>): Answer | Promise<Answer> | undefined {
  if (!route) return undefined;
  if (method === 'OPTIONS') return optionsAnswer([route.method]);
  if (route.kind === 'call') return undefined;
  const refusal = methodRefusal(route, method);
  return refusal ? errorAnswer(refusal) : examples().then((recorded) => jsonAnswer(200, route.handle(url, recorded)));
}

/** A call served on the live state, then kept in the journal and told to the listeners. */
function journaled(server: CallServer, ctx: SandboxContext, record: RequestRecord, route: ApiRoute | undefined, { replayOf, cutOff }: AnswerOptions): Outcome | Promise<Outcome> {
  record.atMs = ctx.clock.now();
  record.replayOf = replayOf;
  record.tool = replayOf === undefined ? toolOfUserAgent(record.headers.get('user-agent')) : 'replay';
  const outcome = served(ctx, record, route, cutOff, server.servedInstead);
  if (outcome instanceof Promise) return outcome.then((done) => kept(server, ctx, record, done));
  return kept(server, ctx, record, outcome);
}

/**
 * The journal step: a success moves the clock a step, the record is kept and told. The answer is made, and an order
 * it tells of is committed: a failure to keep it or to tell the listeners goes to the log, never into the client's
 * answer (it once turned a charged order into a connection closed without a word) nor into later requests.
 */
function kept(server: CallServer, ctx: SandboxContext, record: RequestRecord, outcome: Outcome): Outcome {
  if (record.status >= 200 && record.status < 300) ctx.clock.step();
  try {
    record.durationMs = server.wallClock() - record.wallMs;
    server.journal.add(record);
    const entry = server.listeners.size > 0 ? server.journal.latest() : undefined;
    if (entry) server.listeners.emit({ type: 'request', entry });
  } catch (error) {
    logFailure(`noting ${record.method} ${record.url.url.href} (answered ${record.status}) in the journal`, error);
  }
  return outcome;
}

/** A call: its body noted even when a fault or a refusal comes before the route reads it. */
function served(ctx: SandboxContext, record: RequestRecord, route: ApiRoute | undefined, cutOff: AbortSignal | undefined, instead: ServedInstead | undefined): Outcome | Promise<Outcome> {
  if (route?.kind === 'call') record.route = route.name;
  // Which order a lost createOrder asked for is what tells a retry from a new order.
  const captured = record.body === null ? undefined : captureBody(record, JOURNAL_BODY_MAX_BYTES);
  if (captured) record.body = captured.body;
  const call: Call = { ctx, record, route, cutOff, instead };
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
export interface Call {
  ctx: SandboxContext;
  record: RequestRecord;
  route: ApiRoute | undefined;
  /** Aborted when the transport stops waiting: a latency fault still waited out then ends the call (see `AnswerOptions`). */
  cutOff: AbortSignal | undefined;
  instead: ServedInstead | undefined;
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
      () => {
        const stopped = call.instead?.stopped ?? STOPPED;
        return answered(call, errorAnswer(stopped), { limit: undefined, faults, heldS: undefined }, true, stopped);
      },
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
    end.limit = call.instead ? undefined : ctx.rateLimiter?.admit(caller);
    if (faults?.errorStatus) {
      const [code, message] = FAULT_MESSAGES[faults.errorStatus]!;
      throw new ApiError(code, message, { status: faults.errorStatus });
    }
    if (faults?.retryAfterS) {
      ctx.faults.windows.open(caller, faults.rateLimitRoute ?? '*', faults.retryAfterS);
      throw rateLimitFault(faults.retryAfterS, ctx);
    }
    answer = call.instead ? call.instead.answer(call) : routeAnswer(call);
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
function routeAnswer({ ctx, record, route }: Call): Answer | Promise<Answer> {
  const { url, atMs: now } = record;
  const misspelt = pathSpellingRefusal(url.pathname, url.plainPath);
  if (misspelt) throw misspelt;
  checkPathEncoding(url.pathname);
  if (route?.kind !== 'call') throw new ApiError('NOT_FOUND', notFoundMessage(record.method, url.pathname, url.origin));
  const refusal = methodRefusal(route, record.method);
  if (refusal) throw refusal;
  const caller = authorize(ctx.store, record.apiKey, route.scope);
  const query = parseFields(route.query, readQuery(url), ctx.behavior, record);
  // Only a call that takes a body waits (for it): a read is answered in the same turn.
  if (!route.body) return successAnswer(route.handle(ctx, { caller, query, body: undefined, now, facts: record }));
  const { body } = route;
  return readBodyText(record, API_BODY).then(async (text) => {
    const json = parseJsonText(text, API_BODY);
    record.json = json;
    return successAnswer(await route.handle(ctx, { caller, query, body: parseFields(body, json, ctx.behavior, record), now, facts: record }));
  });
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
function noted({ ctx, record, route, instead }: Call, outcome: Outcome): Outcome {
  noteOrderAndHints(ctx, record, route?.kind === 'call' ? route : undefined);
  instead?.noted(record);
  return outcome;
}

/** What the journal keeps of a request once its body is noted: createOrder's fields, and the hints (also a header on the answer). */
function noteOrderAndHints(ctx: SandboxContext, record: RequestRecord, call: CallRoute | undefined): void {
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
function rateLimitFault(retryAfterS: number, ctx: SandboxContext): ApiError {
  const status = { limit: ctx.rateLimiter?.rule.requests ?? 0, remaining: 0, resetSeconds: retryAfterS };
  return new ApiError('RATE_LIMITED', `rate limit reached; retry after ${retryAfterS} s`, {
    headers: { 'retry-after': String(retryAfterS), ...rateLimitHeaders(status) },
  });
}
