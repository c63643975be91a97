// A step of `npm run build`: copies the pages' files of other packages (scripts/vendor-files.ts) into dist/vendor/.
import { copyFileSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { VENDOR_DIR, VENDORED_FILES } from './vendor-files.ts';

const root = fileURLToPath(new URL('..', import.meta.url));

/** The folder of a package, found as Node would find it (htm's `exports` does not list its package.json). */
function packageFolder(name: string): string {
  const searched = createRequire(import.meta.url).resolve.paths(name) ?? [];
  const found = searched.map((dir) => path.join(dir, name)).find((dir) => existsSync(path.join(dir, 'package.json')));
  if (found === undefined) throw new Error(`${name}, listed in scripts/vendor-files.ts, is not installed: run npm install`);
  return found;
}

rmSync(path.join(root, VENDOR_DIR), { recursive: true, force: true });
for (const [name, files] of Object.entries(VENDORED_FILES)) {
  const from = packageFolder(name);
  for (const file of files) {
    const to = path.join(root, VENDOR_DIR, name, file);
    mkdirSync(path.dirname(to), { recursive: true });
    copyFileSync(path.join(from, file), to);
  }
}
