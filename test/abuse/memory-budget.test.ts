import { describe, expect, it } from 'vitest';
import { createSandbox } from 'esim-wholesale-sandbox';
import { startServer } from 'esim-wholesale-sandbox/server';
import { largeScenario } from '../../bench/lib/large-scenario.ts';
import { MemoryBudget } from '../../src/admin/memory-budget.js';
import { ApiError } from '../../src/domain/api-error.js';
import { snapshotContents } from '../../src/sandbox-snapshot.js';
import { isMarker } from '../../src/state/journal.js';

const JSON_HEADERS = { 'content-type': 'application/json' };
const KEY = 'sk_test_full_access';
const GiB = 1024 * 1024 * 1024;

const post = (url: string, body: unknown) => fetch(url, { method: 'POST', headers: JSON_HEADERS, body: JSON.stringify(body) });

describe('the memory budget of sessions and snapshots', () => {
  it('refuses a session or snapshot with a 507 naming the budget and the flag once the server holds more', () => {
    let inUse = 1 * GiB;
    const budget = new MemoryBudget(2048, () => inUse);
    budget.checkSnapshot();
    budget.checkSession(1_000_000);
    expect(() => budget.checkSession(100_000_000)).toThrow(/about 1526 MiB more: its memory budget for sessions and snapshots is 2048 MiB \(--memory-budget 2048/);
    inUse = 2.5 * GiB;
    const refusal = (() => {
      try {
        budget.checkSnapshot();
      } catch (error) {
        return error as ApiError;
      }
    })();
    expect(refusal).toBeInstanceOf(ApiError);
    expect([refusal!.status, refusal!.code]).toEqual([507, 'INSUFFICIENT_STORAGE']);
    expect(refusal!.message).toMatch(/^The server holds 2560 MiB: .*\(DELETE \/__sandbox\/sessions\/<id>/);
  });

  it('over HTTP: a session past the budget is refused, none is made, and the server keeps serving', async () => {
    await using server = await startServer({ port: 0, memoryBudgetMiB: 64 });
    const refused = await post(`${server.origin}/__sandbox/sessions`, { scenario: largeScenario(4_500_000) });
    expect(refused.status).toBe(507);
    expect(await refused.json()).toMatchObject({ error: { code: 'INSUFFICIENT_STORAGE', message: expect.stringMatching(/--memory-budget 64/) } });
    expect(server.host.sessions()).toEqual([]);
    expect((await fetch(`${server.url}/getBalance`, { headers: { 'x-api-key': KEY } })).status).toBe(200);
  });

  it('refuses a budget outside its range when the server starts', async () => {
    await expect(startServer({ port: 0, memoryBudgetMiB: 10 })).rejects.toThrow('memoryBudgetMiB must be a whole number of MiB from 64 to 1048576 (got 10)');
  });
});

describe('an inline scenario', () => {
  it('obeys --max-scenario-bytes, as a session and as the scenario loaded', async () => {
    await using server = await startServer({ port: 0, maxScenarioBytes: 100_000 });
    const scenario = largeScenario(200_000);
    for (const [path, body] of [
      ['/__sandbox/sessions', { scenario }],
      ['/__sandbox/scenario', { scenario }],
    ] as const) {
      const refused = await post(`${server.origin}${path}`, body);
      expect(refused.status).toBe(413);
      expect(await refused.json()).toMatchObject({
        error: { code: 'PAYLOAD_TOO_LARGE', message: expect.stringMatching(/^The inline scenario has \d+ bytes of JSON, more than the 100000 .*--max-scenario-bytes/) },
      });
    }
    expect(server.host.sessions()).toEqual([]);
    expect(server.sandbox.scenario.name).toBe('default');
    expect((await post(`${server.origin}/__sandbox/sessions`, { scenario: largeScenario(50_000) })).status).toBe(200);
  });

  it('is built in slices: timers and I/O run while a large one is built', async () => {
    const sandbox = createSandbox({ scenario: largeScenario(1_500_000) as never });
    let built = false;
    let timerSawItUnbuilt = false;
    setTimeout(() => (timerSawItUnbuilt = !built), 0);
    await sandbox.state();
    built = true;
    expect(timerSawItUnbuilt).toBe(true);
    expect((await sandbox.state()).records['products']).toBeGreaterThan(2_000);
  });
});

describe('snapshots', () => {
  // A snapshot holds no journal (the history goes on through a restore, as a marker row), so snapshots taken between
  // large requests keep none of their bodies: only the journal's own ring of the latest bodies holds any.
  it('keep no journal entry or body: after a restore the history and its latest bodies go on as they were', async () => {
    const sandbox = createSandbox();
    const body = JSON.stringify({ productId: 'x', quantity: 1, padding: 'x'.repeat(60_000) });
    const snapshots = [];
    for (let round = 0; round < 5; round++) {
      for (let i = 0; i < 40; i++) {
        await sandbox.fetch(new Request('http://sandbox.test/api/v1/createOrder', { method: 'POST', headers: { 'x-api-key': KEY, ...JSON_HEADERS }, body }));
      }
      snapshots.push(await sandbox.snapshot());
    }
    for (const snapshot of snapshots) expect(Object.keys(snapshotContents(snapshot)).sort()).toEqual(['clockOffsetMs', 'faults', 'random', 'rateLimits', 'scenario', 'store']);
    await sandbox.restore(snapshots[2]!);
    expect(sandbox.journal()).toEqual([]);
    const history = sandbox.history();
    expect(history.map((entry) => entry.seq)).toEqual(Array.from({ length: 201 }, (_, i) => i + 1));
    expect(history.at(-1)).toMatchObject({ seq: 201, marker: 'restore' });
    const withBodies = history.filter((entry) => !isMarker(entry) && (entry.request?.bodyText !== undefined || entry.request?.body !== undefined));
    expect(withBodies.map((entry) => entry.seq)).toEqual(Array.from({ length: 100 }, (_, i) => i + 101));
  });
});
