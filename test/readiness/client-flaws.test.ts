import { beforeEach, expect, it } from 'vitest';
import type { ReadinessReport } from 'esim-wholesale-sandbox';
import { describeBothModes, FULL_ACCESS, type Target } from '../support/modes.js';
import { ReferenceClient, runPartnerTests, type ClientFlaw } from '../support/reference-client.js';
import { virtualWallClock } from '../support/virtual-wall-clock.js';

/**
 * Clients run through the drill on a virtual wall clock: the sandbox's journal and the client's sleeps share it,
 * so a run that waits seconds by that clock takes milliseconds. The report of each is graded as over real time.
 */
const clock = virtualWallClock();

const CAUGHT_BY: Record<ClientFlaw, string> = {
  'no-idempotency-key': 'idempotency-key-sent',
  'new-key-on-retry': 'retry-same-key',
  'ignores-retry-after': 'honours-retry-after',
  'no-backoff': 'backs-off-on-5xx',
  'retries-4xx': 'no-blind-retry-on-4xx',
  'invalid-request': 'valid-requests',
  'polls-too-often': 'polls-politely',
};

function clientOf(target: Target, flaw?: ClientFlaw): ReferenceClient {
  return new ReferenceClient({ baseUrl: target.baseUrl, apiKey: FULL_ACCESS, sleep: clock.sleep, ...(flaw && { flaw }) });
}

function statuses(report: ReadinessReport): Record<string, string> {
  return Object.fromEntries(report.checks.map((check) => [check.id, check.status]));
}

describeBothModes('readiness: clients through the drill', (target) => {
  beforeEach(() => target().sandbox.reset());

  it('the reference client handles every failure of the drill: ready, every check passing', async () => {
    const run = await runPartnerTests(clientOf(target()));
    expect(run.orders.map((order) => order.reused)).toEqual([true, false]);
    expect(run.refusals.map((refusal) => refusal.code)).toEqual(['ORDER_NOT_FOUND']);
    const report = target().sandbox.readiness();
    expect(report).toMatchObject({ verdict: 'ready', scenario: 'readiness-drill' });
    expect(Object.values(statuses(report))).toEqual(Array(7).fill('pass'));
  });

  it('a client that sends nothing leaves every check not exercised: incomplete', () => {
    const report = target().sandbox.readiness();
    expect(report.verdict).toBe('incomplete');
    expect(Object.values(statuses(report))).toEqual(Array(7).fill('not-exercised'));
  });

  it.each(Object.entries(CAUGHT_BY) as Array<[ClientFlaw, string]>)(
    'a client with the flaw %s is not ready, and only %s fails',
    async (flaw, check) => {
      await runPartnerTests(clientOf(target(), flaw));
      const report = target().sandbox.readiness();
      expect(report.verdict).toBe('not-ready');
      expect(report.checks.filter((result) => result.status === 'fail').map((result) => result.id)).toEqual([check]);
      const failed = report.checks.find((result) => result.id === check)!;
      expect(failed.evidence.length).toBeGreaterThan(0);
      expect(failed.summary).not.toContain('\n');
    },
  );

  it('a client that uses a new key for a retry is shown the double charge: both order ids', async () => {
    await runPartnerTests(clientOf(target(), 'new-key-on-retry'));
    const check = target().sandbox.readiness().checks.find((result) => result.id === 'retry-same-key')!;
    const [lost, retry] = check.evidence;
    const runStart = target().sandbox.journal()[0]!.seq - 1;
    expect(lost).toMatchObject({ seq: runStart + 3, method: 'POST', path: '/api/v1/createOrder', status: 200 });
    expect(lost!.sandbox).toContain('fault lose-response');
    expect(retry).toMatchObject({ seq: runStart + 4, status: 200 });
    const orderIds = [lost!.note, retry!.note].map((note) => /order ([0-9a-f-]{36})/.exec(note ?? '')?.[1]);
    expect(new Set(orderIds).size).toBe(2);
    expect(check.summary).toContain(`two orders, ${orderIds[0]} and ${orderIds[1]}, the account charged twice`);
  });

  it('a reset starts a new drill: the fault counters and the journal start again', async () => {
    await runPartnerTests(clientOf(target()));
    await target().sandbox.reset();
    expect(target().sandbox.journal()).toEqual([]);
    expect(target().sandbox.readiness().verdict).toBe('incomplete');
    await runPartnerTests(clientOf(target()));
    const [marker] = target().sandbox.history().filter((entry) => 'marker' in entry).slice(-1);
    expect(target().sandbox.journal()[0]).toMatchObject({ seq: marker!.seq + 1, route: 'getBalance', status: 200 });
    expect(target().sandbox.journal().filter((entry) => entry.fault).map((entry) => [entry.route, entry.fault])).toEqual([
      ['createOrder', 'lose-response'],
      ['getBalance', 'error'],
      ['getProducts', 'rate-limit'],
      ['createOrder', 'error'],
    ]);
    expect(target().sandbox.readiness().verdict).toBe('ready');
  });
}, { scenario: 'readiness-drill', wallClock: clock.now });
