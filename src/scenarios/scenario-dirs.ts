import { realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import type { ScenarioFileAccess } from './scenario-file-access.js';

export interface ScenarioDirFile {
  absolute: string;
  display: string;
}

interface Root {
  given: string;
  real: string;
}

const NAME = /^[a-z0-9][a-z0-9-]*$/;

/**
 * A path is relative to `fromDir` (the referring file's real directory) when given, else to the first dir that has
 * it. Undefined never says why (absolute, `..`, outside every dir once symlinks resolve, not a regular file), so
 * that an answer never says whether a file exists outside the dirs.
 */
export function findInScenarioDirs(reference: string, dirs: readonly string[], fromDir?: string): ScenarioDirFile | undefined {
  const relative = NAME.test(reference) ? `${reference}.json` : reference;
  if (!isConfinedPath(relative)) return undefined;
  const roots = realRoots(dirs);
  const bases = fromDir !== undefined && !NAME.test(reference) ? [fromDir] : roots.map((root) => root.real);
  for (const base of bases) {
    const real = realPathOf(path.join(base, relative));
    const root = real === undefined ? undefined : roots.find((candidate) => isInside(candidate.real, real));
    if (real === undefined || root === undefined || !isRegularFile(real)) continue;
    const inside = path.relative(root.real, real).split(path.sep).join('/');
    return { absolute: real, display: `${root.given.replace(/[\\/]+$/, '')}/${inside}` };
  }
  return undefined;
}

/** Throws when a dir is not an existing directory: a typo should stop the start, not leave every request refused. */
export function confinedFiles(dirs: readonly string[], maxScenarioBytes?: number): ScenarioFileAccess {
  for (const dir of dirs) {
    const real = realPathOf(path.resolve(dir));
    if (real === undefined || !statSync(real).isDirectory()) {
      throw new RangeError(
        `scenario dir "${dir}" ${real === undefined ? 'does not exist' : 'is not a directory'}; ` +
          'pass --scenario-dir a directory of scenario JSON files',
      );
    }
  }
  return { kind: 'confined', dirs: [...dirs], maxBytes: maxScenarioBytes };
}

/** The same whether the file exists or not. */
export function refusedPathMessage(reference: string, dirs: readonly string[]): string {
  return (
    `no scenario file ${quote(reference)} that this server may load: over HTTP a scenario is a built-in name or a ` +
    `.json file inside a scenario dir (${describeDirs(dirs)}), given by its path inside that dir without ".."; ` +
    'use a built-in name or a file inside a --scenario-dir'
  );
}

export function unknownNameMessage(name: string, dirs: readonly string[], builtIns: readonly string[]): string {
  const inDirs = dirs.length > 0 ? ` and no ${quote(`${name}.json`)} in a scenario dir (${describeDirs(dirs)})` : '';
  return (
    `no built-in scenario ${quote(name)}${inDirs}; built-ins: ${builtIns.join(', ') || '(none)'}; ` +
    `use a built-in name or a file inside a --scenario-dir${dirs.length > 0 ? '' : ' (none was given)'}`
  );
}

function describeDirs(dirs: readonly string[]): string {
  return dirs.length > 0 ? dirs.join(', ') : 'none: the server was started without --scenario-dir';
}

/** The reference as given, cut short and escaped: it is the caller's own text, never a file's. */
function quote(text: string): string {
  return JSON.stringify(text.length > 120 ? `${text.slice(0, 117)}...` : text);
}

function isConfinedPath(relative: string): boolean {
  if (relative.includes('\0') || !relative.endsWith('.json')) return false;
  if (path.posix.isAbsolute(relative) || path.win32.isAbsolute(relative) || /^[A-Za-z]:/.test(relative)) return false;
  return !relative.split(/[\\/]/).includes('..');
}

/** A dir that has gone away holds nothing. */
function realRoots(dirs: readonly string[]): Root[] {
  return dirs.flatMap((given) => {
    const real = realPathOf(path.resolve(given));
    return real === undefined ? [] : [{ given, real }];
  });
}

function realPathOf(file: string): string | undefined {
  try {
    return realpathSync.native(file);
  } catch {
    return undefined;
  }
}

function isInside(dir: string, file: string): boolean {
  const relative = path.relative(dir, file);
  return relative !== '' && relative !== '..' && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative);
}

/** `stat` never blocks, not even on a FIFO; the file is opened only once it is known to be a regular file. */
function isRegularFile(file: string): boolean {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}
