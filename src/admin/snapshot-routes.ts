import { ApiError } from '../domain/api-error.js';
import type { SandboxSnapshot } from '../sandbox-snapshot.js';
import type { Sandbox } from '../types.js';
import type { AdminRoute } from './admin-route.js';

/** Snapshots one sandbox keeps for the admin API; each holds a copy of the journal and shares the records. */
const MAX_SNAPSHOTS = 100;

/** The snapshots taken over HTTP of one sandbox (the main one, or a session's), by id: `snap_0001`, … */
class SnapshotRegistry {
  readonly #snapshots = new Map<string, SandboxSnapshot>();
  #taken = 0;

  add(snapshot: SandboxSnapshot): string {
    if (this.#snapshots.size >= MAX_SNAPSHOTS) {
      throw new ApiError(
        'VALIDATION_ERROR',
        `${this.#snapshots.size} snapshots are kept, the most a sandbox keeps (${MAX_SNAPSHOTS}): ` +
          'DELETE /__sandbox/snapshots/<id> the ones you are done with, then take this one again.',
      );
    }
    this.#taken += 1;
    const id = `snap_${String(this.#taken).padStart(4, '0')}`;
    this.#snapshots.set(id, snapshot);
    return id;
  }

  get(id: string): SandboxSnapshot {
    const snapshot = this.#snapshots.get(id);
    if (snapshot) return snapshot;
    throw new ApiError('NOT_FOUND', `No snapshot "${id}": it was never taken of this sandbox, or was deleted. GET /__sandbox/snapshots lists them.`);
  }

  delete(id: string): void {
    this.get(id);
    this.#snapshots.delete(id);
  }

  list(): [id: string, snapshot: SandboxSnapshot][] {
    return [...this.#snapshots];
  }
}

const registries = new WeakMap<Sandbox, SnapshotRegistry>();

function snapshotsOf(sandbox: Sandbox): SnapshotRegistry {
  let registry = registries.get(sandbox);
  if (!registry) registries.set(sandbox, (registry = new SnapshotRegistry()));
  return registry;
}

/** A snapshot (state, clock, generators, fault counters, journal) may be restored as often as wanted. */
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
    handle: async ({ sandbox }) => snapshotsOf(sandbox).list().map(([id, snapshot]) => describe(id, snapshot)),
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
    handle: async ({ sandbox, params }) => {
      const id = params['snapshotId']!;
      snapshotsOf(sandbox).delete(id);
      return { id, deleted: true };
    },
  },
];

function describe(id: string, snapshot: SandboxSnapshot) {
  return { id, scenario: snapshot.scenario, at: snapshot.at };
}
