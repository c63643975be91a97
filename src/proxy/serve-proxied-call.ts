import { setTimeout as sleep } from 'node:timers/promises';
import { errorAnswer } from '../api/envelope.js';
import { NETWORK_ERROR, type Answer, type Outcome } from '../api/outcome.js';
import { readLimitedBody, TOO_LARGE } from '../api/read-json-body.js';
import { API_BODY } from '../api/request-rules.js';
import type { ApiRoute, CallRoute } from '../api/route.js';
import { FAULT_MESSAGES, noteOrderAndHints, rateLimitFault, type ServedInstead } from '../api/serve-call.js';
import { ApiError } from '../domain/api-error.js';
import type { SandboxContext } from '../domain/context.js';
import type { CallFaults } from '../domain/fault-plan.js';
import { JOURNAL_BODY_MAX_BYTES } from '../state/journal-exchange.js';
import type { ProxiedNote } from '../state/journal.js';
import type { RequestRecord } from '../state/request-record.js';
import { noteAnswerFacts } from './answer-facts.js';
import { forward } from './forward.js';
import { inputProblems } from './input-problems.js';
import type { ProxySummary } from './proxy-summary.js';
import { CheckedAnswers } from './upstream-problems.js';
import type { Upstream } from './upstream.js';

/**
 * What serves each call of a proxy's sandbox, in the sandbox's place: the request checked as the sandbox checks its
 * own (hints, input problems: noted, never refused), the faults of the sandbox's plan applied in front of the
 * upstream (`error`, `rate-limit`, `drop` answer without forwarding, a latency waits first, `lose-response` forwards
 * and closes the client's connection once the upstream has answered), then the request forwarded and the answer
 * checked against the contract. Everything learnt is noted on the record, which the sandbox's journal keeps.
 */
export function proxiedCalls(upstream: Upstream, summary: ProxySummary): ServedInstead {
  const answers = new CheckedAnswers();
  return (ctx, record, route, cutOff) =>
    serveProxied(ctx, upstream, answers, record, route, cutOff).then((outcome) => {
      summary.count(record);
      return outcome;
    });
}

async function serveProxied(ctx: SandboxContext, upstream: Upstream, answers: CheckedAnswers, record: RequestRecord, route: ApiRoute | undefined, cutOff: AbortSignal | undefined): Promise<Outcome> {
  const call = route?.kind === 'call' ? route : undefined;
  if (call) record.route = call.name;
  const proxied: ProxiedNote = { upstream: upstream.origin, forwarded: false };
  record.proxied = proxied;
  let body: string | typeof TOO_LARGE | undefined;
  try {
    body = record.body === null ? undefined : await readBody(record);
  } catch {
    // The client went away mid-body, or sent one that does not read to its end: nothing to forward.
    return refused(record, new ApiError('VALIDATION_ERROR', API_BODY.unreadable));
  }
  if (body === TOO_LARGE) {
    proxied.inputProblems = [API_BODY.tooLarge];
    return refused(record, new ApiError('PAYLOAD_TOO_LARGE', API_BODY.tooLarge));
  }
  const problems = call ? inputProblems(ctx, record, record.url, call, body, record) : [];
  if (problems.length > 0) proxied.inputProblems = problems;
  const outcome = await faultedOrForwarded(ctx, upstream, answers, record, call, body, proxied, cutOff);
  noteRequest(ctx, record, call, body);
  return outcome;
}

/** The body as text, at most the API's 1 MiB (the proxy holds no more than the sandbox would). */
async function readBody(record: RequestRecord): Promise<string | typeof TOO_LARGE> {
  const bytes = await readLimitedBody(record, API_BODY.maxBytes);
  return bytes === TOO_LARGE ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
}

const STOPPED = new ApiError(
  'SERVICE_UNAVAILABLE',
  "The proxy stopped before this call's latency fault ran out, and did not forward it; send it again once the proxy is back.",
);

async function faultedOrForwarded(
  ctx: SandboxContext,
  upstream: Upstream,
  answers: CheckedAnswers,
  record: RequestRecord,
  call: CallRoute | undefined,
  body: string | undefined,
  proxied: ProxiedNote,
  cutOff: AbortSignal | undefined,
): Promise<Outcome> {
  const faults: CallFaults | undefined = call ? ctx.faults.next(call.name) : undefined;
  if (faults?.queuedFault !== undefined) record.queuedFault = faults.queuedFault;
  if (faults && faults.latencyMs > 0) {
    try {
      await sleep(faults.latencyMs, undefined, cutOff && { signal: cutOff });
    } catch {
      return refused(record, STOPPED);
    }
  }
  if (faults?.drop) {
    record.fault = 'drop';
    return NETWORK_ERROR;
  }
  const caller = record.apiKey ?? '';
  const heldS = call && ctx.faults.windows.size > 0 ? ctx.faults.windows.secondsLeft(caller, call.name) : undefined;
  if (heldS !== undefined) return injected(record, 'rate-limit', refused(record, rateLimitFault(heldS, ctx)));
  if (faults?.errorStatus) {
    const [code, message] = FAULT_MESSAGES[faults.errorStatus]!;
    return injected(record, 'error', refused(record, new ApiError(code, message, { status: faults.errorStatus })));
  }
  if (faults?.retryAfterS) {
    ctx.faults.windows.open(caller, faults.rateLimitRoute ?? '*', faults.retryAfterS);
    return injected(record, 'rate-limit', refused(record, rateLimitFault(faults.retryAfterS, ctx)));
  }

  if (cutOff) upstream.inFlight.stopAllAt(cutOff);
  const sent = await forward(upstream, record, record.url, body);
  proxied.forwarded = sent.breakKind !== 'unreachable';
  const answer = answered(record, sent.answer);
  if (sent.cancelled) {
    record.errorCode = 'SERVICE_UNAVAILABLE';
    record.errorMessage = sent.problem;
  } else if (sent.received && !sent.breakKind) {
    proxied.upstreamStatus = sent.received.status;
    const checked = answers.check(record, record.url, call, body, sent.received);
    const retryAfter = sent.received.headers['retry-after'];
    noteAnswerFacts(record, call?.name, sent.received.status, checked.json, retryAfter);
    if (checked.problems.length > 0) {
      proxied.upstreamProblems = [...checked.problems];
      proxied.breakKind = 'contract';
    }
  } else {
    if (sent.received) proxied.upstreamStatus = sent.received.status;
    proxied.breakKind = sent.breakKind;
    proxied.upstreamProblems = [sent.problem!];
    record.errorCode = sent.breakKind === 'timeout' ? 'GATEWAY_TIMEOUT' : 'BAD_GATEWAY';
    record.errorMessage = sent.problem;
  }
  if (faults?.loseResponse) return injected(record, 'lose-response', NETWORK_ERROR);
  return answer;
}

/** The fault that made `outcome`, noted on the record. */
function injected(record: RequestRecord, fault: RequestRecord['fault'], outcome: Outcome): Outcome {
  record.fault = fault;
  return outcome;
}

/** A request answered by the proxy itself, nothing forwarded: the error noted as the sandbox notes its own. */
function refused(record: RequestRecord, error: ApiError): Answer {
  const answer = answered(record, errorAnswer(error));
  record.errorCode = error.code;
  record.errorMessage = error.message;
  const retryAfter = Number(answer.headers['retry-after']);
  if (answer.status === 429 && Number.isInteger(retryAfter)) record.retryAfterS = retryAfter;
  return answer;
}

/** The answer to pass back, noted on the record as the journal keeps it. */
function answered(record: RequestRecord, answer: Answer): Answer {
  record.status = answer.status;
  record.answerHeaders = answer.headers;
  record.answerBody = answer.body;
  return answer;
}

/**
 * What the journal notes of the request itself: its body (at most 64 KiB), then createOrder's fields and its hints,
 * as the sandbox's pipeline notes them.
 */
function noteRequest(ctx: SandboxContext, record: RequestRecord, call: CallRoute | undefined, body: string | undefined): void {
  if (body !== undefined && body !== '') {
    const truncated = Buffer.byteLength(body) > JOURNAL_BODY_MAX_BYTES;
    record.bodyText = truncated ? body.slice(0, JOURNAL_BODY_MAX_BYTES) : body;
    record.bodyTruncated = truncated;
  }
  noteOrderAndHints(ctx, record, call);
}
