import { setTimeout as sleep } from 'node:timers/promises';
import type { ApiRequest } from '../api/api-request.js';
import { orderRequestNote } from '../api/order-request-note.js';
import { errorAnswer } from '../api/envelope.js';
import { NETWORK_ERROR, type Answer } from '../api/outcome.js';
import type { ParsedUrl } from '../api/parsed-url.js';
import { readLimitedBody, TOO_LARGE } from '../api/read-limited-body.js';
import { API_BODY } from '../api/request-rules.js';
import type { ApiRoute, CallRoute, RouteFacts } from '../api/route.js';
import { FAULT_MESSAGES, rateLimitFault, type ServedRequest } from '../api/serve-api-request.js';
import { ApiError } from '../domain/api-error.js';
import type { SandboxContext } from '../domain/context.js';
import type { CallFaults } from '../domain/fault-plan.js';
import { hintHeader, hintsOf } from '../domain/hints.js';
import type { ServeCall } from '../sandbox.js';
import { JOURNAL_BODY_MAX_BYTES } from '../state/journal-exchange.js';
import type { ProxiedNote } from '../state/journal.js';
import { noteAnswerFacts } from './answer-facts.js';
import { forward } from './forward.js';
import { inputProblems } from './input-problems.js';
import type { ProxySummary } from './proxy-summary.js';
import { upstreamProblems } from './upstream-problems.js';
import type { Upstream } from './upstream.js';

/**
 * What serves each call of a proxy's sandbox, in the sandbox's place: the request checked as the sandbox checks its
 * own (hints, input problems: noted, never refused), the faults of the sandbox's plan applied in front of the
 * upstream (`error`, `rate-limit`, `drop` answer without forwarding, a latency waits first, `lose-response` forwards
 * and closes the client's connection once the upstream has answered), then the request forwarded and the answer
 * checked against the contract. The sandbox journals what this gives, as it journals its own calls.
 */
export function proxiedCalls(upstream: Upstream, summary: ProxySummary): ServeCall {
  return (ctx, request, url, route, _now, cutOff) =>
    serveProxied(ctx, upstream, request, url, route, cutOff).then((served) => {
      summary.count(served);
      return served;
    });
}

async function serveProxied(ctx: SandboxContext, upstream: Upstream, request: ApiRequest, url: ParsedUrl, route: ApiRoute | undefined, cutOff: AbortSignal | undefined): Promise<ServedRequest> {
  const call = route?.kind === 'call' ? route : undefined;
  const proxied: ProxiedNote = { upstream: upstream.origin, forwarded: false };
  let body: string | typeof TOO_LARGE | undefined;
  try {
    body = request.body === null ? undefined : await readBody(request);
  } catch {
    // The client went away mid-body, or sent one that does not read to its end: nothing to forward.
    return refused(new ApiError('VALIDATION_ERROR', API_BODY.unreadable), proxied);
  }
  if (body === TOO_LARGE) {
    const served = answered(errorAnswer(new ApiError('PAYLOAD_TOO_LARGE', API_BODY.tooLarge)), proxied);
    proxied.inputProblems = [API_BODY.tooLarge];
    return served;
  }
  const facts: RouteFacts = {};
  const problems = call ? inputProblems(ctx, request, url, call, body, facts) : [];
  if (problems.length > 0) proxied.inputProblems = problems;
  const served = await faultedOrForwarded(ctx, upstream, request, url, call, body, proxied, cutOff);
  noteRequest(ctx, served, request, url, call, body, facts);
  return served;
}

/** The body as text, at most the API's 1 MiB (the proxy holds no more than the sandbox would). */
async function readBody(request: ApiRequest): Promise<string | typeof TOO_LARGE> {
  const bytes = await readLimitedBody(request, API_BODY.maxBytes);
  return bytes === TOO_LARGE ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
}

const STOPPED = new ApiError(
  'SERVICE_UNAVAILABLE',
  "The proxy stopped before this call's latency fault ran out, and did not forward it; send it again once the proxy is back.",
);

/** The key a call is counted under by the fault windows, as the sandbox counts it. */
const callerOf = (request: ApiRequest) => request.headers.get('x-api-key') ?? '';

async function faultedOrForwarded(
  ctx: SandboxContext,
  upstream: Upstream,
  request: ApiRequest,
  url: ParsedUrl,
  call: CallRoute | undefined,
  body: string | undefined,
  proxied: ProxiedNote,
  cutOff: AbortSignal | undefined,
): Promise<ServedRequest> {
  const faults: CallFaults | undefined = call ? ctx.faults.next(call.name) : undefined;
  const injected = (served: ServedRequest, fault: ServedRequest['fault']) => {
    if (fault) served.fault = fault;
    if (faults?.queuedFault !== undefined) served.queuedFault = faults.queuedFault;
    return served;
  };
  if (faults && faults.latencyMs > 0) {
    try {
      await sleep(faults.latencyMs, undefined, cutOff && { signal: cutOff });
    } catch {
      return injected(answered(errorAnswer(STOPPED), proxied, STOPPED), undefined);
    }
  }
  if (faults?.drop) return injected({ outcome: NETWORK_ERROR, status: 0, proxied }, 'drop');
  const heldS = call && ctx.faults.windows.size > 0 ? ctx.faults.windows.secondsLeft(callerOf(request), call.name) : undefined;
  if (heldS !== undefined) return injected(refused(rateLimitFault(heldS, ctx), proxied), 'rate-limit');
  if (faults?.errorStatus) {
    const [code, message] = FAULT_MESSAGES[faults.errorStatus]!;
    return injected(refused(new ApiError(code, message, { status: faults.errorStatus }), proxied), 'error');
  }
  if (faults?.retryAfterS) {
    ctx.faults.windows.open(callerOf(request), faults.rateLimitRoute ?? '*', faults.retryAfterS);
    return injected(refused(rateLimitFault(faults.retryAfterS, ctx), proxied), 'rate-limit');
  }

  const sent = await forward(upstream, request, url, body);
  proxied.forwarded = sent.breakKind !== 'unreachable';
  const served = answered(sent.answer, proxied);
  if (sent.received && !sent.breakKind) {
    proxied.upstreamStatus = sent.received.status;
    const checked = upstreamProblems(request, url, call, body, sent.received);
    noteAnswerFacts(served, call?.name, sent.received.status, checked.json, sent.received.headers.get('retry-after') ?? undefined);
    if (checked.problems.length > 0) {
      proxied.upstreamProblems = checked.problems;
      proxied.breakKind = 'contract';
    }
  } else {
    if (sent.received) proxied.upstreamStatus = sent.received.status;
    proxied.breakKind = sent.breakKind;
    proxied.upstreamProblems = [sent.problem!];
    served.errorCode = sent.breakKind === 'timeout' ? 'GATEWAY_TIMEOUT' : 'BAD_GATEWAY';
    served.errorMessage = sent.problem;
  }
  if (faults?.loseResponse) {
    served.outcome = NETWORK_ERROR;
    return injected(served, 'lose-response');
  }
  return injected(served, undefined);
}

/** A request answered by the proxy itself, nothing forwarded: the error noted as the sandbox notes its own. */
function refused(error: ApiError, proxied: ProxiedNote): ServedRequest {
  return answered(errorAnswer(error), proxied, error);
}

function answered(answer: Answer, proxied: ProxiedNote, error?: ApiError): ServedRequest {
  const served: ServedRequest = { outcome: answer, answer, status: answer.status, proxied };
  if (error) {
    served.errorCode = error.code;
    served.errorMessage = error.message;
    const retryAfter = Number(answer.headers['retry-after']);
    if (answer.status === 429 && Number.isInteger(retryAfter)) served.retryAfterS = retryAfter;
  }
  return served;
}

/** What the journal notes of the request itself: its call, createOrder's fields, its hints, its body (at most 64 KiB). */
function noteRequest(ctx: SandboxContext, served: ServedRequest, request: ApiRequest, url: ParsedUrl, call: CallRoute | undefined, body: string | undefined, facts: RouteFacts): void {
  if (call) served.route = call.name;
  const orderRequest = body !== undefined && call?.name === 'createOrder' && request.method === 'POST' ? orderRequestNote(body) : undefined;
  if (orderRequest !== undefined) served.orderRequest = orderRequest;
  const hints = hintsOf({
    route: call?.name,
    headers: request.headers,
    queryNames: url.search === '' ? undefined : url.searchParams,
    bodyIdempotencyKey: orderRequest?.idempotencyKey !== undefined,
    ignoredQueryParameters: facts.ignoredQueryParameters,
    ignoredBodyFields: facts.ignoredBodyFields,
    clampedLimit: facts.clampedLimit,
  });
  if (hints) {
    served.hints = hints;
    if (ctx.hintHeader && served.answer) served.answer.headers['x-sandbox-hint'] = hintHeader(hints);
  }
  if (body !== undefined && body !== '') {
    const truncated = Buffer.byteLength(body) > JOURNAL_BODY_MAX_BYTES;
    served.requestBody = { text: truncated ? body.slice(0, JOURNAL_BODY_MAX_BYTES) : body, truncated };
  }
}
