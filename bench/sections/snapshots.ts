import { createSandbox, type Sandbox } from '../../dist/index.js';
import { median, round } from '../lib/stats.ts';

export interface SnapshotCase {
  /** The state reset to, and restored. */
  state: string;
  records: number;
  resetUs: number;
  restoreUs: number;
}

const HEADERS = { 'x-api-key': 'sk_test_full_access', 'content-type': 'application/json' };

/**
 * What it costs to go back to a state: `reset()` builds it from the scenario again (records created and
 * validated, past orders priced, eSIM data drawn), then the orders that built it are placed again;
 * `restore(snapshot)` puts back the records a snapshot kept. Each is timed to the first answer after it, in
 * this process, median of `runs`.
 */
export async function measureSnapshots(runs: number): Promise<SnapshotCase[]> {
  const cases: SnapshotCase[] = [];
  for (const [state, scenario, orders] of [
    ['default', 'default', 0],
    ['large-catalog', 'large-catalog', 0],
    ['default + 200 orders of 10 eSIMs', 'default', 200],
  ] as const) {
    const sandbox = createSandbox({ scenario, seed: 1 });
    await placeOrders(sandbox, orders);
    const snapshot = await sandbox.snapshot();
    const counts: Record<string, number> = (await sandbox.state()).records;
    const timed = async (goBack: () => Promise<void>) => {
      const times: number[] = [];
      for (let run = -3; run < runs; run++) {
        const started = performance.now();
        await goBack();
        await sandbox.fetch(new Request('http://bench.test/api/v1/getBalance', { headers: HEADERS }));
        if (run >= 0) times.push((performance.now() - started) * 1000);
      }
      return round(median(times), 0);
    };
    // Without a snapshot, a state the requests built is reached again by a reset and the same requests.
    const resetUs = await timed(async () => {
      await sandbox.reset();
      await placeOrders(sandbox, orders);
    });
    const restoreUs = await timed(() => sandbox.restore(snapshot));
    cases.push({ state, records: Object.values(counts).reduce((sum, count) => sum + count, 0), resetUs, restoreUs });
  }
  return cases;
}

async function placeOrders(sandbox: Sandbox, orders: number): Promise<void> {
  if (orders === 0) return;
  await sandbox.topup({ apiKey: 'sk_test_full_access', amountThb: 5_000_000 });
  for (let i = 0; i < orders; i++) {
    const body = JSON.stringify({ productId: 'efd8480e-2903-458b-8ce3-156f0418df70', quantity: 10 });
    const response = await sandbox.fetch(new Request('http://bench.test/api/v1/createOrder', { method: 'POST', headers: HEADERS, body }));
    if (response.status !== 200) throw new Error(`createOrder answered ${response.status}: ${await response.text()}`);
  }
}

export function snapshotsTable(cases: readonly SnapshotCase[]): string {
  const lines = [
    '| going back to (records) | `reset()` (then the same orders again) | `restore(snapshot)` | restore vs reset |',
    '|---|---|---|---|',
  ];
  for (const c of cases) lines.push(`| ${c.state} (${c.records}) | ${c.resetUs.toLocaleString('en-US')} µs | ${c.restoreUs.toLocaleString('en-US')} µs | ${round(c.restoreUs / c.resetUs, 2)}× |`);
  return lines.join('\n');
}
