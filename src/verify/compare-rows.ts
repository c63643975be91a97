import { errorOf } from './exchange.js';
import type { Inference } from './infer-behaviors.js';
import { callerRefused } from './observe.js';
import type { Observation } from './probe.js';
import type { MessageRow, ReportRow } from './verify-report.js';

/** A row per probe the service was sent: its answer against the sandbox's answer to the same probe. */
export function answerRows(real: readonly Observation[], sandbox: readonly Observation[]): ReportRow[] {
  const sandboxById = new Map(sandbox.map((observation) => [observation.probe.id, observation]));
  return real.map((observation): ReportRow => {
    const other = sandboxById.get(observation.probe.id);
    const row = {
      kind: 'answer' as const,
      check: observation.probe.check,
      real: observation.summary.shown,
      sandbox: other ? other.summary.shown : '—',
    };
    if (observation.problems.length > 0) return { ...row, result: 'breaks contract', problems: observation.problems };
    if (observation.summary.notDetermined) return { ...row, result: 'not checked', note: observation.summary.notDetermined };
    const refused = callerRefused(observation.probe, observation.answer);
    if (refused) return { ...row, result: 'not checked', note: `the key was refused: ${refused}` };
    if (!other) return { ...row, result: 'not checked', note: 'the sandbox was not asked this' };
    return { ...row, result: other.summary.key === observation.summary.key ? 'match' : 'differ' };
  });
}

/** What the sandbox does by default where its own answers cannot show it (the product's table). */
const SANDBOX_DEFAULTS: Record<string, string> = {
  idempotencyTtlMs: 'keys live forever',
  insufficientBalance: '409 INSUFFICIENT_BALANCE',
  'quantity over inventory': '409 INVENTORY_EMPTY',
  'unknown productId': '400 VALIDATION_ERROR',
  rateLimit: 'none',
  'other statuses': 'none by default',
};

/**
 * A row per open point: what the service does, what the sandbox does by default, and the switch between them.
 * Not determined when the answers cannot settle it, with the reason (and what it only seemed to be).
 */
export function openPointRows(real: readonly Inference[], sandbox: readonly Inference[]): ReportRow[] {
  return real.map((inference): ReportRow => {
    const other = sandbox.find((candidate) => candidate.name === inference.name);
    const row = {
      kind: 'open point' as const,
      check: inference.name,
      real: inference.value ?? 'not determined',
      sandbox: other?.value ?? SANDBOX_DEFAULTS[inference.name] ?? 'not determined',
    };
    if (inference.value === undefined) {
      const why = inference.unknown ?? 'not determined: the answers do not tell';
      return { ...row, result: 'not determined', note: inference.seems ? `${why} (it seemed: ${inference.seems})` : why };
    }
    const evidence = inference.evidence ? `evidence ${inference.evidence}` : undefined;
    if (inference.value === other?.value) return { ...row, result: 'match', ...(evidence && { note: evidence }) };
    const note = inference.behavior
      ? `scenario behavior ${JSON.stringify(inference.behavior)}`
      : (inference.switchNote ?? 'no scenario switch does this');
    return { ...row, result: 'differ', note: evidence ? `${note}; ${evidence}` : note };
  });
}

/** The error code and message of each refused request, the service's next to the sandbox's. */
export function messageRows(real: readonly Observation[], sandbox: readonly Observation[]): MessageRow[] {
  const sandboxById = new Map(sandbox.map((observation) => [observation.probe.id, observation]));
  const rows: MessageRow[] = [];
  for (const observation of real) {
    const realError = errorOf(observation.answer);
    const other = sandboxById.get(observation.probe.id);
    const sandboxError = other && errorOf(other.answer);
    if (!realError && !sandboxError) continue;
    rows.push({
      check: observation.probe.check,
      ...(realError && { real: { status: observation.answer.status, ...realError } }),
      ...(sandboxError && other && { sandbox: { status: other.answer.status, ...sandboxError } }),
    });
  }
  return rows;
}
