import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DIGEST_FILE, sourceDigest } from '../../scripts/source-digest.ts';

export const packageRoot = path.resolve(import.meta.dirname, '../..');

/**
 * Throws unless dist/ under `root` was built from the sources as they are now: a test that runs dist/ after an
 * edit of src/ would otherwise test the old code without saying so.
 */
export function checkFreshBuild(root = packageRoot): void {
  let built: string;
  try {
    built = readFileSync(path.join(root, DIGEST_FILE), 'utf8').trim();
  } catch {
    throw new Error('dist/ is missing or was built without its source digest: run npm run build');
  }
  if (built !== sourceDigest(root)) throw new Error('dist/ is older than src/: run npm run build');
}

/** The path of a built file of the package, once dist/ is known to be built from the current sources. */
export function builtFile(relative: string): string {
  checkFreshBuild();
  return path.join(packageRoot, relative);
}
