import { httpRequest, spawnNode } from '../lib/processes.ts';
import { median, round } from '../lib/stats.ts';
import { AUTH, BARE_READY, BARE_SERVER, BIN, SANDBOX_READY } from './paths.ts';

export interface StartupResult {
  sandboxMs: number;
  bareMs: number;
  runs: { sandboxMs: number[]; bareMs: number[] };
}

/** Spawn → first 200 of one process: `esim-sandbox serve --port 0` then getBalance, or the bare server. */
async function startOnce(which: 'sandbox' | 'bare'): Promise<number> {
  const started =
    which === 'sandbox'
      ? await spawnNode([BIN, 'serve', '--port', '0'], SANDBOX_READY)
      : await spawnNode([BARE_SERVER], BARE_READY);
  try {
    const answer =
      which === 'sandbox' ? await httpRequest(`${started.url}/getBalance`, { headers: AUTH }) : await httpRequest(started.url);
    if (answer.status !== 200) throw new Error(`${which} answered ${answer.status} to its first request`);
    return performance.now() - started.spawnedAt;
  } finally {
    await started.stop();
  }
}

/** One start of each to warm the disk and compile caches, then `runs` of each, alternating. */
export async function measureStartup(runs: number): Promise<StartupResult> {
  await startOnce('sandbox');
  await startOnce('bare');
  const sandboxMs: number[] = [];
  const bareMs: number[] = [];
  for (let i = 0; i < runs; i++) {
    sandboxMs.push(round(await startOnce('sandbox'), 0));
    bareMs.push(round(await startOnce('bare'), 0));
  }
  return { sandboxMs: median(sandboxMs), bareMs: median(bareMs), runs: { sandboxMs, bareMs } };
}
