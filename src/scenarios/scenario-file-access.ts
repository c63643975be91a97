/**
 * Where a scenario and its `extends` chain may be read from; built-ins and seeds always (and without a cap).
 * `local`: any path, as the caller who owns the machine gives it. `confined` (the admin API over HTTP): `.json`
 * files inside `dirs`, no `..`, no symlink out. Only regular files are opened, none over `maxBytes`.
 */
export type ScenarioFileAccess =
  | { kind: 'local'; /** Default: `DEFAULT_MAX_SCENARIO_BYTES`. */ maxBytes?: number }
  | {
      kind: 'confined';
      /** As the operator gave them; problems name them so. */
      dirs: readonly string[];
      /** Default: `DEFAULT_MAX_SCENARIO_BYTES`. */
      maxBytes?: number;
    };

/** 16 MiB: a hundred times the largest built-in file (`seeds/large-catalog.json`, 167 kB for 200+ products). */
export const DEFAULT_MAX_SCENARIO_BYTES = 16 * 1024 * 1024;

/** 256 MiB: a JSON text much larger than this no longer fits in one string of the engine (~512 Mi characters). */
export const MAX_SCENARIO_BYTES_LIMIT = 256 * 1024 * 1024;

export const LOCAL_FILES: ScenarioFileAccess = { kind: 'local' };

/** Confined access without a scenario dir: built-in scenarios only. */
export const BUILT_INS_ONLY: ScenarioFileAccess = { kind: 'confined', dirs: [] };

export function localFiles(maxScenarioBytes: number | undefined): ScenarioFileAccess {
  return maxScenarioBytes === undefined ? LOCAL_FILES : { kind: 'local', maxBytes: maxScenarioBytes };
}

export function maxBytesOf(access: ScenarioFileAccess): number {
  return access.maxBytes ?? DEFAULT_MAX_SCENARIO_BYTES;
}
