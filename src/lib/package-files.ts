import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
// The namespace, not named imports: getAssetKeys is younger than some of the Node versions the library runs on.
import * as sea from 'node:sea';
import { fileURLToPath } from 'node:url';

/*
 * The package's own files, read from its folder or from the single-file executable's assets
 * (`scripts/build-binary.ts`). There the modules' URLs place the package at `/$esim-sandbox/`, which exists
 * nowhere on disk; `/$esim-sandbox/scenarios/default.json` is the asset `scenarios/default.json`.
 */

/** This module sits two levels below it (`src/lib/`, `dist/lib/`, `dist/bin/`). */
export const packageRoot = fileURLToPath(new URL('../../', import.meta.url));

export const inSingleExecutable = sea.isSea();

let assetKeys: ReadonlySet<string> | undefined;

/** `''` for the folder itself; none outside it, or outside the executable. */
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

/** Throws an error with code `ENOENT` when the package has no such file. */
export function readPackageFile(file: string): Buffer {
  const key = assetKeyOf(file);
  if (key === undefined) return readFileSync(file);
  if (!carriedKeys().has(key)) {
    throw Object.assign(new Error(`ENOENT: no such file in the executable, '${key}'`), { code: 'ENOENT', path: file });
  }
  // The asset itself, not a copy: Buffer.from of an ArrayBuffer shares its memory, and nothing here writes to it.
  return Buffer.from(sea.getRawAsset(key));
}

export function readPackageText(file: string): string {
  return readPackageFile(file).toString('utf8');
}

/** None for a folder the package does not have. */
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

/** The build copies the pages' packages here (scripts/vendor-files.ts), so that installing this one pulls neither. */
export function vendorFolder(name: string): string {
  return path.join(packageRoot, 'dist', 'vendor', name);
}

export function packageVersion(): string {
  return (JSON.parse(readPackageText(path.join(packageRoot, 'package.json'))) as { version: string }).version;
}
