import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
// The namespace, not named imports: getAssetKeys is younger than some of the Node versions the library runs on.
import * as sea from 'node:sea';
import { fileURLToPath } from 'node:url';

/**
 * The files that ship with the package (built-in scenarios, seeds, package.json, the bundled program, the
 * help texts, the /docs page's files), read from the package folder, or from the single-file executable's
 * assets when this runs as one (`scripts/build-binary.ts`). Callers name files by absolute path, computed from
 * their own module URL as before. In the executable the modules' URLs place the package folder at
 * `/$esim-sandbox/`, which exists nowhere on disk, and a file's asset key is its path inside the package
 * (`/$esim-sandbox/scenarios/default.json` is the asset `scenarios/default.json`). Paths outside the package
 * folder are read from disk.
 */

/** The package folder: this module sits two levels below it (`src/lib/`, `dist/lib/`, `dist/bin/`). */
export const packageRoot = fileURLToPath(new URL('../../', import.meta.url));

/** Whether this runs as the single-file executable, whose package files are assets inside it. */
export const inSingleExecutable = sea.isSea();

/** The asset keys, built once: what the executable carries. */
let assetKeys: ReadonlySet<string> | undefined;

/** The asset key of a path inside the package folder (`''` for the folder itself); none outside it, or not in the executable. */
function assetKeyOf(file: string): string | undefined {
  if (!inSingleExecutable) return undefined;
  const relative = path.relative(packageRoot, path.resolve(file));
  if (relative.startsWith('..') || path.isAbsolute(relative)) return undefined;
  return relative.split(path.sep).join('/');
}

function carriedKeys(): ReadonlySet<string> {
  assetKeys ??= new Set(sea.getAssetKeys());
  return assetKeys;
}

/** A file of the package, as `readFileSync` reads it; an error with code `ENOENT` when the package has no such file. */
export function readPackageFile(file: string): Buffer {
  const key = assetKeyOf(file);
  if (key === undefined) return readFileSync(file);
  if (!carriedKeys().has(key)) {
    throw Object.assign(new Error(`ENOENT: no such file in the executable, '${key}'`), { code: 'ENOENT', path: file });
  }
  // The asset itself, not a copy: Buffer.from of an ArrayBuffer shares its memory, and nothing here writes to it.
  return Buffer.from(sea.getRawAsset(key));
}

/** A file of the package as UTF-8 text. */
export function readPackageText(file: string): string {
  return readPackageFile(file).toString('utf8');
}

/** The names in a folder of the package, as `readdirSync` gives them (in the executable, the files it carries right in it); none for a folder it does not have. */
export function packageFolderEntries(dir: string): string[] {
  const key = assetKeyOf(dir);
  if (key === undefined) {
    try {
      return readdirSync(dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
  }
  const start = key === '' ? '' : `${key}/`;
  return [...carriedKeys()].flatMap((asset) => {
    const name = asset.slice(start.length);
    return asset.startsWith(start) && !name.includes('/') ? [name] : [];
  });
}

/**
 * The folder of a package whose files the server's pages load (`swagger-ui-dist`, `htm`): the build copies them
 * into `dist/vendor/<name>` (scripts/vendor-files.ts), so that installing this package pulls neither.
 */
export function vendorFolder(name: string): string {
  return path.join(packageRoot, 'dist', 'vendor', name);
}

/** The version in the package's package.json. */
export function packageVersion(): string {
  return (JSON.parse(readPackageText(path.join(packageRoot, 'package.json'))) as { version: string }).version;
}
