import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PACKED_TARBALL, installProject, packPackage } from '../../test/support/packed-package.ts';
import { spawnNode } from '../lib/processes.ts';
import { ROOT } from './paths.ts';

export interface FastPathCase {
  msw: string;
  node: string;
  /** `sandbox.fetch(request)`, no interception. */
  fetchUs: number;
  /** fetch() through msw's setupServer, answered by the sandbox's handlers. */
  mswSandboxUs: number;
  /** fetch() through msw's setupServer, answered by a static HttpResponse.json. */
  mswStaticUs: number;
  requests: number;
  rounds: number;
}

const MAJORS = [
  ['msw3', '^3.0.5'],
  ['msw2', '^2.12.0'],
] as const;

/**
 * The in-process paths a partner's test can take, per request: the packed package installed with each msw
 * major into a fresh project (as the partner matrix does), bench/fast-path-child.ts run there.
 */
export async function measureFastPath(requests: number, rounds: number): Promise<FastPathCase[]> {
  const work = await mkdtemp(path.join(tmpdir(), 'esim-fast-path-'));
  try {
    await packPackage(work);
    const cases: FastPathCase[] = [];
    for (const [name, msw] of MAJORS) {
      const project = path.join(work, name);
      await installProject(project, {
        name: `bench-${name}`,
        private: true,
        type: 'module',
        dependencies: { 'esim-wholesale-sandbox': `file:../${PACKED_TARBALL}`, msw },
      });
      const child = path.join(project, 'fast-path-child.ts');
      await copyFile(path.join(ROOT, 'bench/fast-path-child.ts'), child);
      const run = await spawnNode([child, String(requests), String(rounds)], /^RESULT (.+)$/m);
      await run.stop();
      cases.push(JSON.parse(run.url) as FastPathCase);
    }
    return cases;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

export function fastPathTable(cases: readonly FastPathCase[]): string {
  const lines = [
    '| in-process path, per request (getBalance) | `sandbox.fetch(request)` | msw `setupServer` + `fetch`, sandbox handlers | msw static `HttpResponse.json` (msw\'s floor) |',
    '|---|---|---|---|',
  ];
  for (const c of cases) lines.push(`| msw ${c.msw}, Node ${c.node.replace(/^v/, '')} | ${c.fetchUs} µs | ${c.mswSandboxUs} µs | ${c.mswStaticUs} µs |`);
  return lines.join('\n');
}
