import { ApiError } from '../domain/api-error.js';
import type { SandboxSnapshot } from '../sandbox-snapshot.js';
import type { Sandbox } from '../types.js';

/** Snapshots one sandbox keeps for the admin API; each holds a copy of the journal and shares the records. */
export const MAX_SNAPSHOTS = 100;

/** The snapshots taken over HTTP of one sandbox (the main one, or a session's), by id: `snap_0001`, … */
export class SnapshotRegistry {
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

/** The registry of a sandbox, made on first use; it goes when the sandbox does. */
export function snapshotsOf(sandbox: Sandbox): SnapshotRegistry {
  let registry = registries.get(sandbox);
  if (!registry) registries.set(sandbox, (registry = new SnapshotRegistry()));
  return registry;
}
