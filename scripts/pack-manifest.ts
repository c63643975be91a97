// npm pack and npm publish: `prepack` runs `node scripts/pack-manifest.ts strip` after the build, `postpack` runs
// `node scripts/pack-manifest.ts restore`.
// The package.json that goes into the tarball has no `scripts`: npm would list a `prepare` there among the install
// scripts of a partner's project (npm 11 does, for a tarball), though none of ours is meant to run there. The clone
// keeps its scripts (`prepare` builds a fresh clone on `npm install`): strip keeps the file as it was beside it, and
// restore puts it back. npm reads the scripts it runs at pack time (postpack included) before prepack, and pacote
// reads the manifest again before it would run `prepare`, so the stripped file is what it packs and runs nothing.
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const manifest = fileURLToPath(new URL('../package.json', import.meta.url));
/** The package.json as it was before the pack; not in `files`, so never packed; in .gitignore. */
const kept = fileURLToPath(new URL('../.package.json.before-pack', import.meta.url));

const command = process.argv[2];
if (command === 'strip') {
  // A pack that failed before its postpack left the stripped file: put the kept one back first.
  if (existsSync(kept)) renameSync(kept, manifest);
  const text = readFileSync(manifest, 'utf8');
  const { scripts: _scripts, ...packed } = JSON.parse(text) as Record<string, unknown>;
  writeFileSync(kept, text);
  writeFileSync(manifest, `${JSON.stringify(packed, null, 2)}\n`);
} else if (command === 'restore') {
  if (existsSync(kept)) renameSync(kept, manifest);
} else {
  console.error('usage: node scripts/pack-manifest.ts strip|restore (run by npm pack as prepack and postpack)');
  process.exit(2);
}
