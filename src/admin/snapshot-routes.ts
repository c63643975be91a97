import type { SandboxSnapshot } from '../sandbox-snapshot.js';
import type { AdminRoute } from './admin-route.js';
import { snapshotsOf } from './snapshot-registry.js';

/**
 * `POST /snapshots` takes a snapshot of the sandbox (state, clock, generators, fault counters, journal) and
 * answers its id; `POST /snapshots/:snapshotId/restore` goes back to it, as often as wanted. Under
 * `/sessions/:sessionId` they act on that session's sandbox, with snapshots of its own.
 */
export const snapshotRoutes: AdminRoute[] = [
  {
    method: 'POST',
    path: '/snapshots',
    handle: async ({ sandbox, memory }) => {
      memory.checkSnapshot();
      const snapshot = await sandbox.snapshot();
      return describe(snapshotsOf(sandbox).add(snapshot), snapshot);
    },
  },
  {
    method: 'GET',
    path: '/snapshots',
    handle: ({ sandbox }) => snapshotsOf(sandbox).list().map(([id, snapshot]) => describe(id, snapshot)),
  },
  {
    method: 'POST',
    path: '/snapshots/:snapshotId/restore',
    handle: async ({ sandbox, params }) => {
      const id = params['snapshotId']!;
      await sandbox.restore(snapshotsOf(sandbox).get(id));
      return { id, scenario: sandbox.scenario.name, now: sandbox.now() };
    },
  },
  {
    method: 'DELETE',
    path: '/snapshots/:snapshotId',
    handle: ({ sandbox, params }) => {
      const id = params['snapshotId']!;
      snapshotsOf(sandbox).delete(id);
      return { id, deleted: true };
    },
  },
];

function describe(id: string, snapshot: SandboxSnapshot) {
  return { id, scenario: snapshot.scenario, at: snapshot.at };
}
