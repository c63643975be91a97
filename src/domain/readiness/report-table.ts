import { evidenceLine } from './evidence.js';
import { count } from '../../lib/count.js';
import type { CheckStatus, LeftOut, ReadinessReport } from './report.js';

const STATUS_LABELS: Record<CheckStatus, string> = { pass: 'pass', fail: 'FAIL', 'not-exercised': 'not exercised', 'not-determined': 'not determined' };

/**
 * The report as text for a terminal: the verdict, one line per check, the requests left out, then for each failed
 * or not determined check the requests that show it and the fix.
 */
export function formatReadinessTable(report: ReadinessReport): string {
  const labelWidth = Math.max(...report.checks.map((check) => STATUS_LABELS[check.status].length));
  const idWidth = Math.max(...report.checks.map((check) => check.id.length));
  const of = report.key === undefined ? '' : `, key ${report.key}`;
  const lines = [`Readiness: ${report.verdict} (scenario ${report.scenario}${of})`, ''];
  for (const check of report.checks) {
    lines.push(`  ${STATUS_LABELS[check.status].padEnd(labelWidth)}  ${check.id.padEnd(idWidth)}  ${check.summary}`);
  }
  if (report.leftOut) lines.push('', ...report.leftOut.map((left) => `Left out: ${leftOutLine(left)}.`));
  for (const check of report.checks.filter((check) => check.status === 'fail' || check.status === 'not-determined')) {
    lines.push('', `${check.id}: ${check.title}`);
    for (const evidence of check.evidence) lines.push(`  ${evidenceLine(evidence)}`);
    lines.push(`  Fix: ${check.hint}`);
  }
  lines.push('', verdictLine(report));
  return `${lines.join('\n')}\n`;
}

/** Requests left out, in words: `12 requests sent by esim-sandbox verify (…)`. */
export function leftOutLine(left: LeftOut): string {
  return `${count(left.requests, 'request')} ${left.why}`;
}

function verdictLine(report: ReadinessReport): string {
  const { verdict, checks } = report;
  const failed = checks.filter((check) => check.status === 'fail').length;
  const unexercised = checks.filter((check) => check.status === 'not-exercised').length;
  const undetermined = checks.filter((check) => check.status === 'not-determined').length;
  if (verdict === 'ready') return `Ready: all ${checks.length} checks pass.`;
  if (verdict === 'not-ready') return `Not ready: ${failed} of ${checks.length} checks fail.`;
  const open = [
    ...(unexercised > 0 ? [`${unexercised} of ${checks.length} ${unexercised === 1 ? 'was' : 'were'} not exercised (each line says what would exercise it)`] : []),
    ...(undetermined > 0 ? [`${undetermined} of ${checks.length} could not be determined from the requests (each line says why)`] : []),
  ];
  return `Incomplete: no check fails, but ${open.join(', and ')}.`;
}
