import type { Answer } from '../api/outcome.js';
import { readLimitedBody, TOO_LARGE } from '../api/read-json-body.js';
import { API_BODY } from '../api/request-rules.js';
import type { CallRoute } from '../api/route.js';
import type { ServedInstead } from '../api/serve-call.js';
import { ApiError } from '../domain/api-error.js';
import type { SandboxContext } from '../domain/context.js';
import type { ProxiedNote } from '../state/journal.js';
import type { RequestRecord } from '../state/request-record.js';
import { noteAnswerFacts } from './answer-facts.js';
import { forward } from './forward.js';
import { inputProblems } from './input-problems.js';
import type { ProxySummary } from './proxy-summary.js';
import { CheckedAnswers } from './upstream-problems.js';
import type { Upstream } from './upstream.js';

/**
 * Answers each call in the place of its route, after the pipeline's faults (`lose-response` closes the client's
 * connection once the upstream has answered). Everything learnt is noted on the record, which the journal keeps.
 */
export function proxiedCalls(upstream: Upstream, summary: ProxySummary): ServedInstead {
  const answers = new CheckedAnswers();
  return {
    answer: ({ ctx, record, route, cutOff }) => forwarded(ctx, upstream, answers, record, route?.kind === 'call' ? route : undefined, cutOff),
    stopped: STOPPED,
    noted(record) {
      record.proxied ??= { upstream: upstream.origin, forwarded: false };
      summary.count(record);
    },
  };
}

const STOPPED = new ApiError(
  'SERVICE_UNAVAILABLE',
  "The proxy stopped before this call's latency fault ran out, and did not forward it; send it again once the proxy is back.",
);

/** The upstream's answer to the call, or a refusal (thrown) of a body the proxy does not forward. */
async function forwarded(ctx: SandboxContext, upstream: Upstream, answers: CheckedAnswers, record: RequestRecord, call: CallRoute | undefined, cutOff: AbortSignal | undefined): Promise<Answer> {
  const proxied: ProxiedNote = { upstream: upstream.origin, forwarded: false };
  record.proxied = proxied;
  let body: string | typeof TOO_LARGE | undefined;
  try {
    body = record.body === null ? undefined : await readBody(record);
  } catch {
    // The client went away mid-body, or sent one that does not read to its end: nothing to forward.
    throw new ApiError('VALIDATION_ERROR', API_BODY.unreadable);
  }
  if (body === TOO_LARGE) {
    proxied.inputProblems = [API_BODY.tooLarge];
    throw new ApiError('PAYLOAD_TOO_LARGE', API_BODY.tooLarge);
  }
  const problems = call ? inputProblems(ctx, record, call, body) : [];
  if (problems.length > 0) proxied.inputProblems = problems;

  if (cutOff) upstream.inFlight.stopAllAt(cutOff);
  const sent = await forward(upstream, record, body);
  proxied.forwarded = sent.breakKind !== 'unreachable';
  if (sent.cancelled) {
    record.errorCode = 'SERVICE_UNAVAILABLE';
    record.errorMessage = sent.problem;
  } else if (sent.received && !sent.breakKind) {
    proxied.upstreamStatus = sent.received.status;
    const checked = answers.check(record, call, body, sent.received);
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
  return sent.answer;
}

/** The body as text, at most the API's 1 MiB (the proxy holds no more than the sandbox would). */
async function readBody(record: RequestRecord): Promise<string | typeof TOO_LARGE> {
  const bytes = await readLimitedBody(record, API_BODY.maxBytes);
  return bytes === TOO_LARGE ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
}
