import { count } from '../../lib/count.js';
import { evidenceLine } from './evidence.js';
import type { CheckStatus, LeftOut, ReadinessReport } from './report.js';

const STATUS_LABELS: Record<CheckStatus, string> = { pass: 'pass', fail: 'FAIL', 'not-exercised': 'not exercised', 'not-determined': 'not determined' };

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
function leftOutLine(left: LeftOut): string {
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

/** One test case per check; not exercised and not determined are `skipped`. No times: the same report gives the same bytes. */
export function formatReadinessJunit(report: ReadinessReport): string {
  const tests = report.checks.length;
  const failures = report.checks.filter((check) => check.status === 'fail').length;
  const skipped = report.checks.filter((check) => check.status === 'not-exercised' || check.status === 'not-determined').length;
  const counts = `tests="${tests}" failures="${failures}" errors="0" skipped="${skipped}"`;
  const suite = `readiness (scenario ${report.scenario})`;
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="esim-sandbox readiness" ${counts}>`,
    `  <testsuite name="${xml(suite)}" ${counts}>`,
    `    <properties><property name="verdict" value="${xml(report.verdict)}"/>${properties(report)}</properties>`,
  ];
  for (const check of report.checks) {
    const testcase = `    <testcase classname="readiness" name="${xml(`${check.id}: ${check.title}`)}"`;
    if (check.status === 'pass') {
      lines.push(`${testcase}/>`);
    } else if (check.status === 'not-exercised') {
      lines.push(`${testcase}>`, `      <skipped message="${xml(check.summary)}"/>`, '    </testcase>');
    } else if (check.status === 'not-determined') {
      const details = [check.summary, ...check.evidence.map(evidenceLine)].join('\n');
      lines.push(`${testcase}>`, `      <skipped message="${xml(`not determined: ${check.summary}`)}">${xmlText(details)}</skipped>`, '    </testcase>');
    } else {
      const details = [check.summary, ...check.evidence.map(evidenceLine), `Fix: ${check.hint}`].join('\n');
      lines.push(`${testcase}>`, `      <failure message="${xml(check.summary)}" type="${xml(check.id)}">${xmlText(details)}</failure>`, '    </testcase>');
    }
  }
  lines.push('  </testsuite>', '</testsuites>');
  return `${lines.join('\n')}\n`;
}

function properties(report: ReadinessReport): string {
  const key = report.key === undefined ? '' : `<property name="key" value="${xml(report.key)}"/>`;
  const leftOut = (report.leftOut ?? []).map((left) => `<property name="left-out" value="${xml(leftOutLine(left))}"/>`);
  return key + leftOut.join('');
}

/** Text as XML character data; characters XML 1.0 cannot hold are left out. */
function xmlText(text: string): string {
  return text
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

/** Text as an XML attribute value, its line breaks kept. */
function xml(text: string): string {
  return xmlText(text).replace(/"/g, '&quot;').replace(/\n/g, '&#10;');
}
