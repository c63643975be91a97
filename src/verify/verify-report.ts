import type { VerifyEvidence } from './evidence.js';
import { errorOf } from './exchange.js';
import type { BehaviorSwitches, Inference } from './infer-behaviors.js';
import { callerRefused, type Observation } from './probe.js';

/** What `esim-sandbox verify` found, as printed and as written by `--report`. */
export interface VerifyReport {
  baseUrl: string;
  /** The key with all but its last 4 characters masked. */
  apiKey: string;
  /** True unless `--orders` was given. */
  readOnly: boolean;
  /** Every answer conforms to the contract (the OpenAPI document and the spec's rules). */
  conforms: boolean;
  /**
   * 0 every answer checked conforms, 1 one breaks the contract, 2 nothing could be judged: every answer
   * rate-limited, or answers that vary between identical requests (a random mock) or a static server.
   */
  exitCode: 0 | 1 | 2;
  /** How far the answers can be trusted to settle open points; none is inferred unless it is strong. */
  evidence: VerifyEvidence;
  /** Requests sent to the service, retries after a 429 included. */
  requests: number;
  rows: ReportRow[];
  /** The scenario `behavior` that makes the sandbox do what the service does where the spec is open. */
  behavior: BehaviorSwitches;
  /** Error codes and messages of the service next to the sandbox's. */
  messages: MessageRow[];
  /** The order `--orders` placed, or why it placed none. */
  order?: { placed: string } | { skipped: string };
  notes: string[];
}

/** `not determined`: an open point the answers cannot settle (the row's note says why). */
export type RowResult = 'match' | 'differ' | 'breaks contract' | 'not checked' | 'not determined';

/** One line of the table: a check, what the service answered, what the sandbox's default answers. */
export interface ReportRow {
  /** `answer`: one request and its answer; `open point`: a behaviour the spec leaves open, inferred from answers. */
  kind: 'answer' | 'open point';
  check: string;
  real: string;
  sandbox: string;
  result: RowResult;
  /** What breaks the contract, one line a field. */
  problems?: string[];
  /** Why a row was not checked, or how the sandbox is switched to match. */
  note?: string;
}

export interface MessageRow {
  check: string;
  real?: { status: number; code: string; message: string };
  sandbox?: { status: number; code: string; message: string };
}

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

/** A row per open point: what the service does, what the sandbox does by default, and the switch between them. */
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

const HEADER: Record<'check' | 'real' | 'sandbox' | 'result', string> = {
  check: 'check',
  real: 'real service',
  sandbox: 'sandbox default',
  result: 'result',
};

export function formatVerifyReport(report: VerifyReport): string {
  const section = (title: string, body: string[]) => (body.length > 0 ? [title, ...body, ''] : []);
  const switches = JSON.stringify(report.behavior);
  const lines = [
    table(report.rows),
    '',
    ...section('Breaks the contract:', [...brokenBy(report.rows)].flatMap(([problem, checks]) => [`  ${problem}`, `    in ${checkList(checks)}`])),
    ...section('Notes:', report.rows.filter((row) => row.note).map((row) => `  ${row.check}: ${row.note}`)),
    ...section(
      'Error messages (real service | sandbox default):',
      report.messages
        .filter((row) => row.real && row.real.message !== row.sandbox?.message)
        .flatMap((row) => [`  ${row.check}:`, `    ${row.real!.code}: ${row.real!.message}`, `    ${row.sandbox ? `${row.sandbox.code}: ${row.sandbox.message}` : '—'}`]),
    ),
    ...(report.order && 'placed' in report.order ? [`Order placed: ${report.order.placed}`] : []),
    ...report.notes,
    `Evidence: ${report.evidence.kind === 'strong' ? report.evidence.text : `not strong — ${report.evidence.text}`}.`,
    `Scenario behavior reproducing the service's open points: ${switches === '{}' ? 'none settled' : switches} (esim-sandbox record writes it).`,
    verdict(report),
  ];
  return `${lines.join('\n')}\n`;
}

/** Each problem once, with the checks whose answers have it: a page of HTML is said once, not per route. */
function brokenBy(rows: readonly ReportRow[]): Map<string, string[]> {
  const broken = new Map<string, string[]>();
  for (const row of rows) {
    for (const problem of row.problems ?? []) broken.set(problem, [...(broken.get(problem) ?? []), row.check]);
  }
  return broken;
}

function checkList(checks: readonly string[]): string {
  if (checks.length === 1) return checks[0]!;
  const shown = checks.slice(0, 3).join('; ');
  return checks.length > 3 ? `${checks.length} answers: ${shown} and ${checks.length - 3} more` : `${checks.length} answers: ${shown}`;
}

function table(rows: readonly ReportRow[]): string {
  const columns = ['check', 'real', 'sandbox', 'result'] as const;
  const cells = (row: ReportRow) => ({ ...row, check: row.kind === 'open point' ? `open point: ${row.check}` : row.check });
  const all = [HEADER, ...rows.map(cells)];
  const widths = columns.map((column) => Math.max(...all.map((row) => row[column].length)));
  const line = (row: Record<(typeof columns)[number], string>) =>
    columns.map((column, index) => (index === columns.length - 1 ? row[column] : row[column].padEnd(widths[index]!))).join('  ');
  return [line(HEADER), widths.map((width, index) => '-'.repeat(index === columns.length - 1 ? HEADER.result.length + 9 : width)).join('  '), ...rows.map((row) => line(cells(row)))].join('\n');
}

function verdict(report: VerifyReport): string {
  const counts = `${countResults(report.rows, 'answer')}; ${countResults(report.rows, 'open point')}; ${report.requests} requests sent`;
  const answers = report.rows.filter((row) => row.kind === 'answer');
  if (answers.every((row) => row.note?.startsWith('not determined: rate-limited'))) {
    return `Nothing was determined: every answer was a 429 not waited out within the time budget (${counts}); try again later or raise --budget.`;
  }
  const nature = natureOf(report);
  if (!report.conforms) return `${nature}The service breaks the contract (${counts}).`;
  if (report.exitCode === 2) return `${nature}Nothing of the service could be judged beyond the shapes of its answers (${counts}).`;
  return `Every answer checked conforms to the contract (${counts}).`;
}

function natureOf(report: VerifyReport): string {
  const { kind, text } = report.evidence;
  if (kind === 'varies') return `The server looks like a random mock: ${text.replace(/: the server may be a random mock$/, '')}; no open point is inferred from it.\n`;
  if (kind === 'static') return `The server looks static: ${text.replace(/: the server may be static.*$/, '')}; the open points it seems to settle are not determined.\n`;
  if (kind === 'unlike') return `Requests the spec answers differently did not get the answers it says (${text}); no open point is inferred.\n`;
  if (kind === 'untested') return `No open point is inferred: ${text}.\n`;
  return '';
}

/** `answers: 12 match, 11 differ` — the rows of one kind by result. */
function countResults(rows: readonly ReportRow[], kind: ReportRow['kind']): string {
  const counts = new Map<string, number>();
  for (const row of rows) if (row.kind === kind) counts.set(row.result, (counts.get(row.result) ?? 0) + 1);
  const results = ['match', 'differ', 'not checked', 'not determined', 'breaks contract'].filter((result) => counts.has(result));
  return `${kind}s: ${results.length ? results.map((result) => `${counts.get(result)} ${result}`).join(', ') : 'none'}`;
}
