/**
 * Where the files of a scenario may come from. The loader follows this policy for the scenario it is given and
 * for every `extends` down the chain; built-in scenarios and seeds are always allowed.
 *
 * - `local`: any path on this machine, as the caller who owns it gives it (the CLI's `--scenario`,
 *   `createSandbox({ scenario })`, `useScenario(path)`).
 * - `confined`: only `.json` files inside `dirs`, given by their path inside a dir, without `..`, not reached
 *   through a symlink that leads out of them (what the admin API over HTTP gets).
 *
 * Either way only regular files are opened, and a file larger than `maxBytes` is refused before it is read
 * (built-in scenarios and seeds are the package's own, and not limited).
 */
export type ScenarioFileAccess =
  | { kind: 'local'; /** Default: `DEFAULT_MAX_SCENARIO_BYTES`. */ maxBytes?: number }
  | {
      kind: 'confined';
      /** The directories files may come from, as the operator gave them; problems name them so. */
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

/** Local access with the cap of a `maxScenarioBytes` option (checked by `SANDBOX_OPTIONS`), or the default cap. */
export function localFiles(maxScenarioBytes: number | undefined): ScenarioFileAccess {
  return maxScenarioBytes === undefined ? LOCAL_FILES : { kind: 'local', maxBytes: maxScenarioBytes };
}

/** The size cap of a policy, its default filled in. */
export function maxBytesOf(access: ScenarioFileAccess): number {
  return access.maxBytes ?? DEFAULT_MAX_SCENARIO_BYTES;
}
