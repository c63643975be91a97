// What the build is made from, as one digest: the build writes it into dist/ (scripts/stamp-build.ts), and the
// tests that run dist/ compare it with the digest of the sources as they are now (test/support/built-package.ts).
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** The inputs of `npm run build`, by their path in the package: a folder stands for every file under it. */
export const BUILD_INPUTS = ['src', 'scenarios', 'seeds', 'tsconfig.json', 'tsconfig.build.json', 'scripts/bundle-cli.ts', 'scripts/lazy-message-event.ts', 'scripts/copy-vendor-files.ts', 'scripts/vendor-files.ts'];

/** Where the build keeps the digest of the sources it was made from. */
export const DIGEST_FILE = 'dist/source-digest.txt';

/** SHA-256 over the path and content of every build input under `root`, in a fixed order. */
export function sourceDigest(root: string): string {
  const hash = createHash('sha256');
  for (const file of BUILD_INPUTS.flatMap((input) => filesUnder(root, input)).sort()) {
    hash.update(`${file}\0`).update(readFileSync(path.join(root, file))).update('\0');
  }
  return hash.digest('hex');
}

function filesUnder(root: string, relative: string): string[] {
  if (!statSync(path.join(root, relative)).isDirectory()) return [relative];
  return readdirSync(path.join(root, relative), { withFileTypes: true, recursive: true }).filter((entry) => entry.isFile()).map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
}
