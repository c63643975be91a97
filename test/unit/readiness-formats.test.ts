import { describe, expect, it } from 'vitest';
import { formatReadinessJunit, formatReadinessTable } from '../../src/domain/readiness/report-formats.js';
import type { ReadinessReport } from '../../src/domain/readiness/report.js';

const report: ReadinessReport = {
  verdict: 'not-ready',
  scenario: 'my <drill>',
  checks: [
    { id: 'idempotency-key-sent', title: 'Every createOrder carries an idempotencyKey', status: 'pass', summary: 'All 2 createOrders carried an idempotencyKey.', evidence: [], hint: 'Give every createOrder a key.' },
    {
      id: 'valid-requests',
      title: 'Sends valid requests',
      status: 'fail',
      summary: '1 request refused with 400 VALIDATION_ERROR, 1 distinct message; first #2: productId must be "a UUID" & <known>.',
      evidence: [
        {
          seq: 2,
          wallAt: '2026-11-23T10:00:00.250Z',
          method: 'POST',
          path: '/api/v1/createOrder',
          status: 400,
          errorCode: 'VALIDATION_ERROR',
          sandbox: 'refused: productId must be "a UUID" & <known>\u0001',
        },
      ],
      hint: 'Validate before sending.',
    },
    { id: 'polls-politely', title: 'Polls a processing order no more often than the interval', status: 'not-exercised', summary: 'No poll followed a processing one.', evidence: [], hint: 'Wait.' },
  ],
};

const undetermined: ReadinessReport = {
  verdict: 'incomplete',
  scenario: 'readiness-drill',
  key: '************cess',
  checks: [
    {
      id: 'backs-off-on-5xx',
      title: 'Backs off',
      status: 'not-determined',
      summary: '#2 got a 503, but each later copy of it came within ms of copies sent at once with it.',
      evidence: [{ seq: 2, wallAt: '2026-11-23T10:00:00.250Z', method: 'GET', path: '/api/v1/getBalance', status: 503, errorCode: 'SERVICE_UNAVAILABLE', sandbox: 'answered an injected error, nothing done (fault error)' }],
      hint: 'Wait.',
    },
  ],
  leftOut: [{ tool: 'verify', requests: 12, why: 'sent by esim-sandbox verify' }],
};

describe('the readiness report as a table', () => {
  it('lists each check on a line, then the failed ones with their requests and the fix, then the verdict', () => {
    expect(formatReadinessTable(report)).toBe(
      [
        'Readiness: not-ready (scenario my <drill>)',
        '',
        '  pass           idempotency-key-sent  All 2 createOrders carried an idempotencyKey.',
        '  FAIL           valid-requests        1 request refused with 400 VALIDATION_ERROR, 1 distinct message; first #2: productId must be "a UUID" & <known>.',
        '  not exercised  polls-politely        No poll followed a processing one.',
        '',
        'valid-requests: Sends valid requests',
        '  #2, 2026-11-23T10:00:00.250Z POST /api/v1/createOrder 400 VALIDATION_ERROR: refused: productId must be "a UUID" & <known>\u0001',
        '  Fix: Validate before sending.',
        '',
        'Not ready: 1 of 3 checks fail.',
        '',
      ].join('\n'),
    );
  });
});

describe('a report narrowed to a key, with a check not determined and requests left out', () => {
  it('shows the key, the requests left out, the check not determined with its requests, and why the verdict is incomplete', () => {
    const table = formatReadinessTable(undetermined);
    expect(table).toContain('Readiness: incomplete (scenario readiness-drill, key ************cess)');
    expect(table).toContain('  not determined  backs-off-on-5xx  #2 got a 503');
    expect(table).toContain('Left out: 12 requests sent by esim-sandbox verify.');
    expect(table).toContain('  #2, 2026-11-23T10:00:00.250Z GET /api/v1/getBalance 503 SERVICE_UNAVAILABLE: answered an injected error');
    expect(table).toContain('Incomplete: no check fails, but 1 of 1 could not be determined from the requests (each line says why).');
  });

  it('in JUnit, a skipped test case whose message starts "not determined", and properties for the key and the requests left out', () => {
    const xml = formatReadinessJunit(undetermined);
    expect(xml).toContain('tests="1" failures="0" errors="0" skipped="1"');
    expect(xml).toContain('<skipped message="not determined: #2 got a 503, but each later copy of it came within ms of copies sent at once with it.">');
    expect(xml).toContain('<property name="key" value="************cess"/><property name="left-out" value="12 requests sent by esim-sandbox verify"/>');
  });
});

describe('the readiness report as JUnit XML', () => {
  const xml = formatReadinessJunit(report);

  it('has one test case per check: a failure with the requests and the fix, skipped for one not exercised', () => {
    expect(xml).toContain('<testsuites name="esim-sandbox readiness" tests="3" failures="1" errors="0" skipped="1">');
    expect(xml).toContain('<testsuite name="readiness (scenario my &lt;drill&gt;)" tests="3" failures="1" errors="0" skipped="1">');
    expect(xml).toContain('<testcase classname="readiness" name="idempotency-key-sent: Every createOrder carries an idempotencyKey"/>');
    expect(xml).toContain('<skipped message="No poll followed a processing one."/>');
    expect(xml).toContain(
      '<failure message="1 request refused with 400 VALIDATION_ERROR, 1 distinct message; first #2: productId must be &quot;a UUID&quot; &amp; &lt;known&gt;." type="valid-requests">',
    );
    expect(xml).toContain('#2, 2026-11-23T10:00:00.250Z POST /api/v1/createOrder 400 VALIDATION_ERROR: refused: productId must be "a UUID" &amp; &lt;known&gt;\nFix: Validate before sending.</failure>');
  });

  it('is XML a parser takes: balanced elements, no character XML 1.0 cannot hold', () => {
    expect(xml).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/);
    const stack: string[] = [];
    for (const [, closing, name, selfClosing] of xml.matchAll(/<(\/?)([a-z]+)\b[^>]*?(\/?)>/g)) {
      if (closing) expect(stack.pop()).toBe(name);
      else if (!selfClosing) stack.push(name!);
    }
    expect(stack).toEqual([]);
  });
});
