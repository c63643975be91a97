import { describe, expect, it } from 'vitest';
import { createSandbox, SandboxSnapshot, type JournalEntry, type Sandbox } from 'esim-wholesale-sandbox';
import { runGoldenScript } from '../golden/golden-script.js';

/** The golden request sequence against a sandbox in process, network errors (lost or dropped answers) written as such. */
const runScript = (sandbox: Sandbox) =>
  runGoldenScript(({ method, path, headers, body }) =>
    sandbox
      .fetch(new Request(`http://sandbox.test/api/v1${path}`, { method, headers, ...(body !== undefined && { body }) }))
      .catch((error: Error) => new Response(`network error: ${error.message}`, { status: 599 })),
  );

/** A journal entry but for the wall-clock times (arrival, duration), which a run again does not repeat, and its number. */
const withoutTimeAndSeq = ({ wallAt: _wallAt, durationMs: _durationMs, seq: _seq, ...entry }: JournalEntry) => entry;

describe('sandbox.snapshot() and sandbox.restore(snapshot)', () => {
  for (const scenario of ['default', 'tier-pricing', 'delayed-provisioning', 'low-balance', 'flaky-network']) {
    it(`answers after a restore byte for byte what followed the snapshot (${scenario}: state, clock, ids, faults), the history going on`, async () => {
      const sandbox = createSandbox({ scenario, seed: 1 });
      await runScript(sandbox); // orders, payments, idempotency keys, a moved clock, drawn ids and faults counted
      sandbox.advanceClock(3_600_000);
      const snapshot = await sandbox.snapshot();
      const state = await sandbox.state();
      const before = sandbox.journal().length;

      const after = await runScript(sandbox);
      const journalAfter = sandbox.journal().slice(before);
      expect(await sandbox.state()).not.toEqual(state);

      const historyBefore = sandbox.history().length;
      await sandbox.restore(snapshot);
      // The run starts at the restore; the history keeps what came before, and a marker row.
      expect(sandbox.journal()).toEqual([]);
      expect(sandbox.history().at(-1)).toMatchObject({ marker: 'restore', scenario });
      expect(sandbox.history()).toHaveLength(historyBefore + 1);
      expect(await sandbox.state()).toEqual(state);
      expect(await runScript(sandbox)).toBe(after);
      expect(sandbox.journal().map(withoutTimeAndSeq)).toEqual(journalAfter.map(withoutTimeAndSeq));

      await sandbox.restore(snapshot); // as often as wanted
      expect(await runScript(sandbox)).toBe(after);
    });
  }

  it('restores the scenario the snapshot was taken in, and says what it holds', async () => {
    const sandbox = createSandbox({ scenario: 'low-balance', seed: 4 });
    const snapshot = await sandbox.snapshot();
    expect(snapshot).toBeInstanceOf(SandboxSnapshot);
    expect(snapshot).toMatchObject({ scenario: 'low-balance', at: sandbox.now() });
    await sandbox.useScenario('empty-inventory');
    await sandbox.restore(snapshot);
    expect(sandbox.scenario.name).toBe('low-balance');
  });

  it('refuses what is not a snapshot, saying what it takes', async () => {
    const sandbox = createSandbox();
    // @ts-expect-error -- not a snapshot
    await expect(sandbox.restore({ scenario: 'default' })).rejects.toThrow('restore takes a snapshot made by sandbox.snapshot() (got something else)');
  });

  it('restores a snapshot into another sandbox too', async () => {
    const first = createSandbox({ seed: 9 });
    await runScript(first);
    const snapshot = await first.snapshot();
    const expected = await runScript(first);
    const second = createSandbox({ scenario: 'new-account', seed: 2 });
    await second.restore(snapshot);
    expect(await runScript(second)).toBe(expected);
  });
});
