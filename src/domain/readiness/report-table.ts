import { evidenceLine } from './evidence.js';
import type { CheckStatus, ReadinessReport } from './report.js';
import { DRILL_SCENARIO } from './to-exercise.js';

const STATUS_LABELS: Record<CheckStatus, string> = { pass: 'pass', fail: 'FAIL', 'not-exercised': 'not exercised' };

/**
 * The report as text for a terminal: the verdict, one line per check, then for each failed check the requests
 * that show it and the fix.
 */
export function formatReadinessTable(report: ReadinessReport): string {
  const labelWidth = Math.max(...report.checks.map((check) => STATUS_LABELS[check.status].length));
  const idWidth = Math.max(...report.checks.map((check) => check.id.length));
  const lines = [`Readiness: ${report.verdict} (scenario ${report.scenario})`, ''];
  for (const check of report.checks) {
    lines.push(`  ${STATUS_LABELS[check.status].padEnd(labelWidth)}  ${check.id.padEnd(idWidth)}  ${check.summary}`);
  }
  for (const check of report.checks.filter((check) => check.status === 'fail')) {
    lines.push('', `${check.id}: ${check.title}`);
    for (const evidence of check.evidence) lines.push(`  ${evidenceLine(evidence)}`);
    lines.push(`  Fix: ${check.hint}`);
  }
  lines.push('', verdictLine(report));
  return `${lines.join('\n')}\n`;
}

function verdictLine(report: ReadinessReport): string {
  const { verdict, checks } = report;
  const failed = checks.filter((check) => check.status === 'fail').length;
  const unexercised = checks.filter((check) => check.status === 'not-exercised').length;
  if (verdict === 'ready') return `Ready: all ${checks.length} checks pass.`;
  if (verdict === 'not-ready') return `Not ready: ${failed} of ${checks.length} checks fail.`;
  const how = report.scenario === DRILL_SCENARIO ? 'each line above says what would exercise it' : `run the drill (scenario ${DRILL_SCENARIO}) or your suite under chaos (esim-sandbox serve --chaos 0.1) through your tests`;
  return `Incomplete: no check fails, but ${unexercised} of ${checks.length} were not exercised; ${how}.`;
}
