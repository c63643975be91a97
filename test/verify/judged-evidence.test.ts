import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from 'esim-wholesale-sandbox/server';
import { verifyService } from '../../src/verify/verify-service.js';
import { formatVerifyReport } from '../../src/verify/verify-report.js';
import { packageVersion } from '../../src/lib/package-files.js';
import { cli } from '../support/cli.js';
import { hostile } from '../../bench/lib/hostile-servers.ts';
import { startRandomMock } from './random-mock.js';
import { TEST_RATE } from './stand-in.js';
import { startStaticMock } from './static-mock.js';

const KEY = 'sk_live_judged_test_1357';
type Report = Awaited<ReturnType<typeof verifyService>>;
const openPoints = (report: Report) => report.rows.filter((row) => row.kind === 'open point');

describe('mocks of the same contract: nothing is inferred from noise or from one fixed example', () => {
  const mocks = [
    { nature: 'a random-answer mock', start: () => startRandomMock(), summary: 'The server looks like a random mock: answers vary between identical requests' },
    { nature: 'a static mock', start: startStaticMock, summary: 'The server looks static: different requests got identical answers' },
  ];
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'judged-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  for (const { nature, start, summary } of mocks) {
    it(`verify against ${nature}: no open point matches or is inferred, the summary names it, exit ≠ 0`, async () => {
      const mock = await start();
      try {
        const report = await verifyService({ baseUrl: `${mock.origin}/api/v1`, apiKey: KEY, rate: TEST_RATE, orders: true });
        expect(openPoints(report).filter((row) => row.result !== 'not determined')).toEqual([]);
        expect(report.behavior).toEqual({});
        expect(report.evidence.kind).not.toBe('strong');
        expect(report.exitCode).not.toBe(0);
        expect(formatVerifyReport(report)).toContain(`\n${summary}`);
      } finally {
        await mock.close();
      }
    });

    it(`record against ${nature}: writes no behaviour, lists each open point as left out, exits 3`, async () => {
      const mock = await start();
      const out = path.join(dir, `${nature.replace(/\W+/g, '-')}.json`);
      try {
        const { exitCode, stdout } = await cli('record', '--base-url', `${mock.origin}/api/v1`, '--api-key', KEY, '--rate', String(TEST_RATE), '--orders', '--out', out);
        expect(exitCode).toBe(3);
        expect(JSON.parse(readFileSync(out, 'utf8')).behavior ?? {}).toEqual({});
        expect(stdout).toContain('Behaviours carried over (strong evidence only): none (the sandbox defaults stay).\nLeft out (the sandbox defaults stay):\n  - reusedResponse: not determined: the evidence is not strong (said below)');
        expect(stdout).toMatch(/\nNot to be trusted as the service's behaviour \(exit code 3\): .*No behaviour was carried over/);
      } finally {
        await mock.close();
      }
    });
  }

  it('a negative price is a contract break, and no order is placed at it', async () => {
    const mock = await hostile((request, response) => {
      const url = new URL(request.url ?? '/', 'http://x');
      response.writeHead(200, { 'content-type': 'application/json' });
      if (url.pathname === '/api/v1/getProducts') {
        const product = { id: '6f1d2a3b-4c5d-4e6f-8a7b-9c0d1e2f3a4b', name: 'Minus', description: 'x', provider: 'P', sku: 'M-1', currentUnitPriceThb: -57171929.58, activeTierMinTrailingYearQty: 0 };
        response.end(JSON.stringify({ success: true, data: [product] }));
      } else response.end(JSON.stringify({ success: true, data: { accountId: '3b4c5d6e-7f80-4192-a3b4-c5d6e7f80912', totalTopupsThb: 100, totalPurchasesThb: 40, balanceThb: 70 } }));
    });
    try {
      const log: string[] = [];
      const report = await verifyService({ baseUrl: `${mock.origin}/api/v1`, apiKey: KEY, rate: TEST_RATE, orders: true, log: (line) => log.push(line) });
      expect(report.rows.find((row) => row.check === 'getProducts')?.problems).toContain('data[0].currentUnitPriceThb: -57171929.58 THB, a negative price or amount, which the spec rules out');
      expect(report.rows.find((row) => row.check === 'getBalance')?.problems).toContain('data.balanceThb: 70 THB, but totalTopupsThb − totalPurchasesThb is 100 − 40 = 60 THB');
      expect(report.order).toEqual({ skipped: 'the cheapest product (M-1) costs -57171929.58 THB, a negative price, which the spec rules out: no order is placed at it' });
      expect(log.some((line) => line.startsWith('Ordering'))).toBe(false);
      expect(mock.seen.some((request) => request.method === 'POST')).toBe(false);
    } finally {
      await mock.close();
    }
  });
});

describe('a key or a base URL that lets nothing be checked', () => {
  let sandbox: RunningServer;
  beforeAll(async () => {
    sandbox = await startServer({ port: 0, host: '127.0.0.1', scenario: 'default' });
  });
  afterAll(() => sandbox.close());

  it('a key refused on every route: exit 2, "could not be checked: the key was refused"', async () => {
    const { exitCode, stdout, stderr } = await cli('verify', '--base-url', sandbox.url, '--api-key', 'sk_test_wrong', '--rate', String(TEST_RATE));
    expect(exitCode).toBe(2);
    expect(stderr).toMatch(/^esim-sandbox verify: could not be checked: the key was refused on every route \(401 UNAUTHORIZED: .*\): check --api-key or \$ESIM_API_KEY/);
    expect(stdout).not.toContain('conforms');
  });

  it('a key refused on some routes only: those routes are named', async () => {
    // A gateway in front of the sandbox that turns the key away on getPaymentHistory.
    const gateway = await hostile(async (request, response) => {
      if (request.url?.startsWith('/api/v1/getPaymentHistory')) {
        response.writeHead(401, { 'content-type': 'application/json' });
        response.end('{"success":false,"error":{"code":"UNAUTHORIZED","message":"key expired for payments"}}');
        return;
      }
      const answer = await fetch(`${sandbox.origin}${request.url}`, { headers: { 'x-api-key': String(request.headers['x-api-key'] ?? '') } });
      response.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
      response.end(await answer.text());
    });
    try {
      const report = await verifyService({ baseUrl: `${gateway.origin}/api/v1`, apiKey: 'sk_test_full_access', rate: TEST_RATE });
      expect(report.notes).toContain('The key was refused on getPaymentHistory (401 UNAUTHORIZED: key expired for payments): its answers there are not checked.');
      expect(report.exitCode).toBe(0);
    } finally {
      await gateway.close();
    }
  });

  it('a base URL without /api/v1: every route 404, the likely base URL, nothing judged or inferred', async () => {
    const { exitCode, stdout, stderr } = await cli('verify', '--base-url', sandbox.origin, '--api-key', 'sk_test_full_access', '--rate', String(TEST_RATE));
    expect(exitCode).toBe(2);
    expect(stderr).toMatch(new RegExp(`likely --base-url ${sandbox.origin.replace(/[.]/g, '\\.')}/api/v1\\n$`));
    expect(stdout).not.toContain('breaks the contract');
    expect(stdout).not.toContain('open point');
  });

  it("marks its requests with esim-sandbox's user-agent: (verify), (record)", async () => {
    const agents: string[] = [];
    const server = await hostile((request, response) => {
      agents.push(String(request.headers['user-agent']));
      response.writeHead(401, { 'content-type': 'application/json' });
      response.end('{"success":false,"error":{"code":"UNAUTHORIZED","message":"no"}}');
    });
    const dir = mkdtempSync(path.join(tmpdir(), 'marked-'));
    try {
      await cli('verify', '--base-url', `${server.origin}/api/v1`, '--api-key', KEY, '--rate', String(TEST_RATE));
      await cli('record', '--base-url', `${server.origin}/api/v1`, '--api-key', KEY, '--rate', String(TEST_RATE), '--out', path.join(dir, 'r.json'));
      expect(new Set(agents)).toEqual(new Set([`esim-sandbox/${packageVersion()} (verify)`, `esim-sandbox/${packageVersion()} (record)`]));
    } finally {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
