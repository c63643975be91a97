import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';
import { packageFolderEntries, readPackageText } from '../lib/package-files.js';

type Program = typeof import('./run.js');

/** The program the build writes beside the bundled entry: `program-<hash of its content>.cjs`. */
const PROGRAM_FILE = /^program-[0-9a-f]{16}\.cjs$/;

/**
 * The bundled program runs as one script with a V8 code cache taken once it has run: Node's own compile cache is
 * written before a module runs, so it holds top-level code only, and every function a start-up calls was compiled
 * again on each start (~60 ms of CPU of `esim-sandbox serve`). One cache per command, as each runs other functions.
 * Unbundled, `run.js` is imported; the single-file executable carries the script as an asset.
 */
export async function loadProgram(): Promise<{ program: Program; saveCodeCache(): void }> {
  const dir = path.dirname(fileURLToPath(import.meta.url));
  const name = packageFolderEntries(dir).find((entry) => PROGRAM_FILE.test(entry));
  if (name === undefined) return { program: await import('./run.js'), saveCodeCache: () => {} };
  const file = path.join(dir, name);
  const cache = codeCacheFile(name);
  const cachedData = cache === undefined ? undefined : readIfOwned(cache);
  // The arguments Node gives a CommonJS module, so that the bundle runs as one.
  const script = new vm.Script(`(function (exports, require, module, __filename, __dirname) {${readPackageText(file)}\n})`, {
    filename: file,
    cachedData,
  });
  const module = { exports: {} as Program };
  script.runInThisContext()(module.exports, createRequire(file), module, file, dir);
  let stale = cachedData === undefined || script.cachedDataRejected === true;
  return {
    program: module.exports,
    saveCodeCache: () => {
      if (cache === undefined || !stale) return;
      stale = false;
      writeAtomically(cache, script.createCachedData());
      forgetOldPrograms(path.dirname(cache));
    },
  };
}

/**
 * Where the code cache of this program and command goes: beside Node's own compile cache ($NODE_COMPILE_CACHE,
 * else node-compile-cache in the temporary directory), none when $NODE_DISABLE_COMPILE_CACHE is set.
 */
function codeCacheFile(program: string): string | undefined {
  if (process.env['NODE_DISABLE_COMPILE_CACHE']) return undefined;
  const base = process.env['NODE_COMPILE_CACHE'] || path.join(tmpdir(), 'node-compile-cache');
  const command = /^[a-z]+$/.test(process.argv[2] ?? '') ? process.argv[2] : 'other';
  return path.join(base, `esim-sandbox-${process.version}-${process.arch}`, `${program}.${command}.cache`);
}

/** The file's bytes, when it is ours: V8 runs what a cache holds, so one written by another user is not read. */
function readIfOwned(file: string): Buffer | undefined {
  try {
    if (process.getuid !== undefined && statSync(file).uid !== process.getuid()) return undefined;
    return readFileSync(file);
  } catch {
    return undefined;
  }
}

/** Written aside and renamed, so that another process reads the whole cache or none; a cache that cannot be written is no error. */
function writeAtomically(file: string, data: Buffer): void {
  try {
    mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    const aside = `${file}.${process.pid}`;
    writeFileSync(aside, data, { mode: 0o600 });
    renameSync(aside, file);
  } catch {
    // A read-only or full disk: the next start compiles as it would without a cache.
  }
}

/** How many builds of the program keep their caches: each build is a new program, and old caches would pile up. */
const KEPT_PROGRAMS = 4;

function forgetOldPrograms(dir: string): void {
  try {
    const newest = new Map<string, number>();
    for (const entry of readdirSync(dir)) {
      const program = /^(program-[0-9a-f]{16}\.cjs)\.[a-z]+\.cache$/.exec(entry)?.[1];
      if (program !== undefined) newest.set(program, Math.max(newest.get(program) ?? 0, statSync(path.join(dir, entry)).mtimeMs));
    }
    const old = [...newest].sort(([, a], [, b]) => b - a).slice(KEPT_PROGRAMS).map(([program]) => program);
    for (const entry of readdirSync(dir)) {
      if (old.some((program) => entry.startsWith(`${program}.`))) rmSync(path.join(dir, entry), { force: true });
    }
  } catch {
    // Another process deleting the same files, or a read-only directory: the caches stay.
  }
}
