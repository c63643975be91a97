import { spawnNode } from '../lib/processes.ts';
import { MSW_IN_PROCESS } from './paths.ts';

export interface InProcessResult {
  sandboxUs: number;
  mswFloorUs: number;
  requestsPerRound: number;
  rounds: number;
  runs: { sandboxUs: number[]; mswFloorUs: number[] };
}

/** Runs bench/msw-in-process.ts in its own process (msw patches fetch and http there, not here). */
export async function measureInProcess(requests: number, rounds: number): Promise<InProcessResult> {
  const child = await spawnNode([MSW_IN_PROCESS, String(requests), String(rounds)], /^RESULT (.+)$/m);
  await child.stop();
  return JSON.parse(child.url) as InProcessResult;
}
