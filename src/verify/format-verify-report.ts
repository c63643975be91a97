import type { ReportRow, VerifyReport } from './verify-report.js';

const HEADER: Record<'check' | 'real' | 'sandbox' | 'result', string> = {
  check: 'check',
  real: 'real service',
  sandbox: 'sandbox default',
  result: 'result',
};

/** The report as `verify` prints it: the table, then what breaks the contract, the messages, the switches, the verdict. */
export function formatVerifyReport(report: VerifyReport): string {
  const lines = [table(report.rows), ''];
  const broken = brokenBy(report.rows);
  if (broken.size > 0) {
    lines.push('Breaks the contract:');
    for (const [problem, checks] of broken) lines.push(`  ${problem}`, `    in ${checkList(checks)}`);
    lines.push('');
  }
  const notes = report.rows.filter((row) => row.note);
  if (notes.length > 0) {
    lines.push('Notes:');
    for (const row of notes) lines.push(`  ${row.check}: ${row.note}`);
    lines.push('');
  }
  const messages = report.messages.filter((row) => row.real && row.real.message !== row.sandbox?.message);
  if (messages.length > 0) {
    lines.push('Error messages (real service | sandbox default):');
    for (const row of messages) {
      lines.push(`  ${row.check}:`, `    ${row.real!.code}: ${row.real!.message}`, `    ${row.sandbox ? `${row.sandbox.code}: ${row.sandbox.message}` : '—'}`);
    }
    lines.push('');
  }
  if (report.order && 'placed' in report.order) lines.push(`Order placed: ${report.order.placed}`);
  for (const note of report.notes) lines.push(note);
  lines.push(`Evidence: ${report.evidence.kind === 'strong' ? report.evidence.text : `not strong — ${report.evidence.text}`}.`);
  const switches = JSON.stringify(report.behavior);
  lines.push(`Scenario behavior reproducing the service's open points: ${switches === '{}' ? 'none settled' : switches} (esim-sandbox record writes it).`);
  lines.push(verdict(report));
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

/** The last lines: what the server seems to be when its answers cannot be trusted, and what the run shows, with what each number counts. */
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

/** What the server seems to be, before the verdict, when the evidence is not strong. */
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
