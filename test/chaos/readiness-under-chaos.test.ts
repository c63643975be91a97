import { expect, it } from 'vitest';
import { createSandbox, type Sandbox } from 'esim-wholesale-sandbox';
import { startServer } from 'esim-wholesale-sandbox/server';
import { FULL_ACCESS } from '../support/modes.js';
import { inProcessFetch, ReferenceClient, runPartnerTests } from '../support/reference-client.js';
import { virtualWallClock } from '../support/virtual-wall-clock.js';

const BASE_URL = 'http://sandbox.test/api/v1';
const CHAOS = { rate: 0.2, seed: 7 };

function inProcessClient(sandbox: Sandbox, clock: ReturnType<typeof virtualWallClock>, noRetries = false) {
  return new ReferenceClient({
    baseUrl: BASE_URL,
    apiKey: FULL_ACCESS,
    fetch: inProcessFetch(sandbox),
    sleep: clock.sleep,
    noRetries,
  });
}

const faultsOf = (sandbox: Sandbox) => sandbox.journal().filter((entry) => entry.fault).map((entry) => `${entry.seq} ${entry.route} ${entry.fault}`);

it('the reference client is ready through the drill under --chaos 0.2, in-process and over HTTP alike', async () => {
  const clock = virtualWallClock();
  const sandbox = createSandbox({ scenario: 'readiness-drill', chaos: CHAOS, wallClock: clock.now });
  await runPartnerTests(inProcessClient(sandbox, clock));
  const report = sandbox.readiness();
  expect(report.verdict, JSON.stringify(report, null, 2)).toBe('ready');
  // Chaos struck beyond the drill's four faults.
  expect(faultsOf(sandbox).length).toBeGreaterThan(4);

  const httpClock = virtualWallClock();
  await using server = await startServer({ port: 0, scenario: 'readiness-drill', chaos: CHAOS, wallClock: httpClock.now });
  await runPartnerTests(new ReferenceClient({ baseUrl: server.url, apiKey: FULL_ACCESS, sleep: httpClock.sleep }));
  expect(faultsOf(server.sandbox)).toEqual(faultsOf(sandbox));
  expect(server.sandbox.readiness()).toEqual(report);
});

it('a client without retries is not ready under chaos: the report names what it did after each failure', async () => {
  const clock = virtualWallClock();
  const sandbox = createSandbox({ chaos: { rate: 0.3, seed: 11 }, wallClock: clock.now });
  const client = inProcessClient(sandbox, clock, true);
  // A suite that goes on to its next test when one fails.
  for (let run = 0; run < 4; run++) await runPartnerTests(client).catch(() => undefined);
  const report = sandbox.readiness();
  expect(report.verdict).toBe('not-ready');
  const failed = report.checks.filter((check) => check.status === 'fail').map((check) => check.id);
  expect(failed).toEqual(expect.arrayContaining(['backs-off-on-5xx']));
  for (const check of report.checks.filter((result) => result.status === 'fail')) expect(check.evidence.length).toBeGreaterThan(0);
});

it('the report grades a run of any scenario under chaos, not only the drill: the reference client fails no check', async () => {
  const clock = virtualWallClock();
  const sandbox = createSandbox({ scenario: 'delayed-provisioning', chaos: { rate: 0.25, seed: 5 }, wallClock: clock.now });
  await runPartnerTests(inProcessClient(sandbox, clock));
  const statuses = Object.fromEntries(sandbox.readiness().checks.map((check) => [check.id, check.status]));
  expect(Object.values(statuses)).not.toContain('fail');
  expect(statuses).toMatchObject({ 'backs-off-on-5xx': 'pass', 'polls-politely': 'pass', 'idempotency-key-sent': 'pass' });
});
