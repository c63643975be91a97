// npm run build:binary [-- --out <file>]: esim-sandbox as one executable file that needs no Node on the machine
// (Node's single executable applications), at dist/binary/esim-sandbox unless --out says where. Run after
// `npm run build`: it takes the bundled command of dist/bin/ and the package's data, and puts them, with the
// entry below, into a copy of the Node running this script (the project's Node 24), for this platform.
import { execFileSync } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';
import postject from 'postject';
import { PACKAGE_ASSETS } from './binary-assets.ts';

/** The mark Node looks for to know it carries an application (`:0` before injection, `:1` after). */
const SEA_FUSE = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2';

const root = fileURLToPath(new URL('../', import.meta.url));
const { values } = parseArgs({ options: { out: { type: 'string' } } });
const out = path.resolve(values.out ?? path.join(root, 'dist/binary/esim-sandbox'));
const node = process.execPath;

function fail(message: string): never {
  process.stderr.write(`build-binary: ${message}\n`);
  process.exit(1);
}

if (process.platform !== 'linux') fail(`the single-file build is made on Linux, for Linux (this is ${process.platform}-${process.arch})`);
if (!existsSync(path.join(root, 'dist/cli/main.js')) || !existsSync(path.join(root, 'dist/bin/help.json'))) fail('dist/ is not built: run `npm run build` first');

/** Every file under `dir`, as paths relative to it with `/` separators. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
}

/** The assets, by key (the file's path in the package), to the file they copy. */
function assets(): Record<string, string> {
  const byKey: Record<string, string> = {};
  for (const entry of PACKAGE_ASSETS) {
    const file = path.join(root, entry);
    if (!existsSync(file)) fail(`${entry}, listed in scripts/binary-assets.ts, does not exist`);
    const names = statSync(file).isDirectory() ? filesUnder(file).map((name) => `${entry}/${name}`) : [entry];
    for (const key of names) byKey[key] = path.join(root, key);
  }
  return byKey;
}

const started = performance.now();
const work = mkdtempSync(path.join(tmpdir(), 'esim-binary-'));
try {
  // The entry: the bundled command's entry (dist/bin/main.js) again, as the CommonJS script an executable runs.
  // Its modules find the package's files from their own URL: here that of dist/bin/main.js in a package folder
  // that exists nowhere on disk, /$esim-sandbox/, whose files src/lib/package-files.ts reads from the assets (a
  // dependency that looks for a file of its own there finds none, as it finds none in the npm-installed bundle).
  // The program script behind the entry is an asset too, run with a code cache as the npm-installed command runs it.
  const main = path.join(work, 'main.cjs');
  await build({
    stdin: { contents: "import { main } from './dist/cli/main.js';\nvoid main(process.argv);\n", resolveDir: root, sourcefile: 'binary-entry.js' },
    bundle: true,
    platform: 'node',
    target: 'node24',
    format: 'cjs',
    outfile: main,
    // Loaded from the asset dist/bin/program-<hash>.cjs (src/cli/load-program.ts), never from here.
    external: ['./run.js'],
    define: { 'import.meta.url': '__scriptUrl' },
    banner: { js: `var __scriptUrl = ${JSON.stringify(`file:///$esim-sandbox/dist/bin/main.js`)};` },
    minifyWhitespace: true,
    logLevel: 'warning',
  });

  // The worker that checks large session requests (src/admin/session-request-thread.ts), one script the
  // executable runs as code: an ES module's imports could not be found among the assets.
  const worker = path.join(work, 'session-request-worker.cjs');
  await build({
    entryPoints: [path.join(root, 'dist/admin/session-request-worker.js')],
    bundle: true,
    platform: 'node',
    target: 'node24',
    format: 'cjs',
    outfile: worker,
    // jsonc-parser's `main` is a UMD file whose require() calls of its own files a bundle cannot follow; its ES build is whole.
    alias: { 'jsonc-parser': 'jsonc-parser/lib/esm/main.js' },
    define: { 'import.meta.url': '__scriptUrl' },
    banner: { js: `var __scriptUrl = ${JSON.stringify(`file:///$esim-sandbox/dist/admin/session-request-worker.cjs`)};` },
    minifyWhitespace: true,
    logLevel: 'warning',
  });

  const blob = path.join(work, 'sea.blob');
  const config = path.join(work, 'sea-config.json');
  const carried = { ...assets(), 'dist/admin/session-request-worker.cjs': worker };
  // No code cache for the entry: it is small, and the program keeps one of its own, taken after it ran.
  writeFileSync(config, JSON.stringify({ main, output: blob, disableExperimentalSEAWarning: true, useCodeCache: false, useSnapshot: false, assets: carried }));
  execFileSync(node, ['--experimental-sea-config', config], { stdio: 'pipe' });

  const executable = path.join(work, 'esim-sandbox');
  copyFileSync(node, executable);
  chmodSync(executable, 0o755);
  if (!readFileSync(executable).includes(`${SEA_FUSE}:0`)) fail(`${node} is not a Node that can carry an application (no ${SEA_FUSE}:0)`);
  stripSymbols(executable);
  await quietly(() => postject.inject(executable, 'NODE_SEA_BLOB', readFileSync(blob), { sentinelFuse: SEA_FUSE }));

  mkdirSync(path.dirname(out), { recursive: true });
  // Renamed into place when on the same file system, so that a running copy is never overwritten.
  try {
    renameSync(executable, out);
  } catch {
    copyFileSync(executable, `${out}.tmp`);
    renameSync(`${out}.tmp`, out);
  }
  const mb = (statSync(out).size / 1e6).toFixed(1);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  process.stderr.write(`build-binary: ${path.relative(process.cwd(), out) || out} (${mb} MB, Node ${process.version} ${process.platform}-${process.arch}, ${Object.keys(carried).length} files carried) in ${seconds} s\n`);
} finally {
  rmSync(work, { recursive: true, force: true });
}

/**
 * Node's symbol table and debug sections, dropped when `strip` is on the machine (126.6 MB → 108.5 MB for Node
 * 24.21): native stack traces then show addresses instead of names. JavaScript stack traces are unchanged.
 */
function stripSymbols(file: string): void {
  try {
    execFileSync('strip', [file], { stdio: 'ignore' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

/** postject's ELF library warns about each of Node's notes sections it cannot name; shown only when the injection fails. */
async function quietly(inject: () => Promise<void>): Promise<void> {
  const warnings: unknown[][] = [];
  const warn = console.warn;
  const error = console.error;
  console.warn = console.error = (...args: unknown[]) => void warnings.push(args);
  try {
    await inject();
  } catch (failure) {
    for (const args of warnings) error(...args);
    throw failure;
  } finally {
    console.warn = warn;
    console.error = error;
  }
}
