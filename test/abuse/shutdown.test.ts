import { describe, expect, it } from 'vitest';
import { busyProcesses } from '../../bench/lib/busy-processes.ts';
import { probeShutdown } from '../../bench/lib/shutdown-probe.ts';

const RUNS = 30;
const BUSY_RUNS = 10;

/** Runs `esim-sandbox serve` from the build: `npm test` builds first (pretest). */
describe('SIGTERM right after 50 createOrders were sent whole', () => {
  it(`answers 50 of 50 and exits 0, ${RUNS} times, the last ${BUSY_RUNS} with two CPU-bound processes beside it`, async () => {
    const failures: string[] = [];
    let busy: ReturnType<typeof busyProcesses> | undefined;
    try {
      for (let run = 0; run < RUNS; run++) {
        if (run === RUNS - BUSY_RUNS) busy = busyProcesses(2);
        const probe = await probeShutdown(50, 50);
        if (probe.answered !== 50 || probe.exitCode !== 0) failures.push(`run ${run + 1}: ${probe.answered} of 50 answered, exit ${probe.exitCode}`);
      }
    } finally {
      await busy?.stop();
    }
    expect(failures).toEqual([]);
  }, 180_000);
});
