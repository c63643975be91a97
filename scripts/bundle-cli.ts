// Bundles the command-line program into dist/bin/: one module graph instead of ~270 files, so
// `esim-sandbox serve` answers sooner. The library entry points stay unbundled in dist/.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';

const outdir = fileURLToPath(new URL('../dist/bin/', import.meta.url));
const lazyMessageEventFile = fileURLToPath(new URL('./lazy-message-event.ts', import.meta.url));

/**
 * Node's own modules taken as CommonJS (`process.getBuiltinModule`) rather than imported as ES modules. For an
 * ES import Node builds a namespace by reading every export, lazy ones included, which loads what they hide:
 * `node:fs` its streams (~34 more modules, ~8 ms of `--help`), `node:http` Node's undici (~50 ms of CPU).
 */
const builtinsAsCommonJs: Plugin = {
  name: 'builtins-as-commonjs',
  setup(build) {
    const builtins = new Set(builtinModules.flatMap((name) => (name.startsWith('node:') ? [name] : [name, `node:${name}`])));
    build.onResolve({ filter: /^[a-z_:/]+$/ }, ({ path, kind }) =>
      builtins.has(path) && (kind === 'import-statement' || kind === 'dynamic-import') ? { path, namespace: 'node-builtin' } : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'node-builtin' }, ({ path }) => ({
      contents: `module.exports = process.getBuiltinModule(${JSON.stringify(path)});`,
      loader: 'js',
    }));
  },
};

/**
 * A dependency that declares `class … extends MessageEvent` as it loads (rettime, under @msw/data) gets the
 * stand-in of lazy-message-event.ts in place of the global, so that loading it does not load Node's undici.
 */
const lazyMessageEvent: Plugin = {
  name: 'lazy-message-event',
  setup(build) {
    build.onLoad({ filter: /[\\/]node_modules[\\/].*\.mjs$/ }, ({ path }) => {
      const source = readFileSync(path, 'utf8');
      if (!/\bextends MessageEvent\b/.test(source)) return undefined;
      return { contents: `import { MessageEvent } from ${JSON.stringify(lazyMessageEventFile)};\n${source}`, loader: 'js' };
    });
  },
};
const recordKeysFile = fileURLToPath(new URL('./record-keys.ts', import.meta.url));

/**
 * A dependency that calls `crypto.randomUUID()` for keys of its own (@msw/data, for each record it creates) gets
 * the stand-in of record-keys.ts in place of the global, so that building the store does not load Web Crypto.
 */
const recordKeysWithoutCrypto: Plugin = {
  name: 'record-keys-without-crypto',
  setup(build) {
    build.onLoad({ filter: /[\\/]node_modules[\\/]@msw[\\/]data[\\/].*\.mjs$/ }, ({ path }) => {
      const source = readFileSync(path, 'utf8');
      if (!/\bcrypto\.randomUUID\(\)/.test(source)) return undefined;
      return { contents: `import { crypto } from ${JSON.stringify(recordKeysFile)};\n${source}`, loader: 'js' };
    });
  },
};

/**
 * Node's modules that our modules import but `serve` does not use before its first answer, loaded at the first read
 * of one of their exports rather than as the importing module loads: crypto, ~4 ms of CPU (used only for an admin
 * token sent, a verify run or a recorded scenario); zlib, ~1 ms (a QR image's PNG, a compressed answer to a client
 * command). Each export is a getter of the same name; a `require` in a dependency (express's, on the /docs page)
 * gets the module itself.
 */
const builtinsOnFirstUse: Plugin = {
  name: 'builtins-on-first-use',
  setup(build) {
    build.onResolve({ filter: /^(node:)?(crypto|zlib)$/ }, ({ path, kind }) =>
      kind === 'import-statement' ? { path: path.replace(/^node:/, ''), namespace: 'builtin-on-first-use' } : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'builtin-on-first-use' }, ({ path }) => {
      const names = Object.getOwnPropertyNames(process.getBuiltinModule(`node:${path}`));
      return {
        contents:
          'let loaded;\n' +
          `const load = () => (loaded ??= process.getBuiltinModule("node:${path}"));\n` +
          `for (const name of ${JSON.stringify(names)}) Object.defineProperty(module.exports, name, { enumerable: true, get: () => load()[name] });\n`,
        loader: 'js',
      };
    });
  },
};

/**
 * A package bundled behind functions that load it at their first call, rather than as the importing module loads:
 * `stub` is the module that stands for it, given the expression that loads the package itself.
 */
function onFirstCall(name: string, stub: (load: string) => string): Plugin {
  return {
    name: `${name}-on-first-call`,
    setup(build) {
      const real = Symbol('the module itself');
      build.onResolve({ filter: new RegExp(`^${name}$`) }, async ({ path, importer, resolveDir, kind, pluginData }) => {
        if (pluginData === real) return undefined;
        const resolved = await build.resolve(path, { importer, resolveDir, kind, pluginData: real });
        // Relative, as the bundle names its modules in comments.
        return { path: relative(process.cwd(), resolved.path), namespace: `${name}-on-first-call` };
      });
      build.onLoad({ filter: /.*/, namespace: `${name}-on-first-call` }, ({ path }) => ({
        contents: `let loaded;\n${stub(`(loaded ??= require(${JSON.stringify(resolve(path))}))`)}\n`,
        resolveDir: dirname(resolve(path)),
        loader: 'js',
      }));
    },
  };
}

/**
 * string-width builds an Intl.Segmenter and Unicode-property regular expressions as it loads: ~30 ms for the
 * three copies under yargs, which measures text only to lay out help and error messages, never printed by a
 * `serve` that starts (yargs still lays out the help of the command it runs, right after the handler starts).
 * Each copy is bundled behind a function that measures printable ASCII itself (one column a character: all
 * of this program's help texts, kept so by a test) and loads the module on the first other text.
 */
const stringWidthOnFirstCall = onFirstCall(
  'string-width',
  (load) => `export default (text, ...rest) => typeof text === "string" && /^[\\x20-\\x7e]*$/.test(text) ? text.length : ${load}.default(text, ...rest);`,
);

/** qr builds its tables as it loads: ~1.8 ms of `serve` before its first answer, which draws a QR image only when one is asked for. */
const qrOnFirstCall = onFirstCall('qr', (load) => `export const encodeQR = (...args) => ${load}.encodeQR(...args);`);

// Chunk names change with their content: the chunks of an earlier build would stay and be packed.
rmSync(outdir, { recursive: true, force: true });

const common = {
  bundle: true,
  platform: 'node',
  target: 'node22',
  logLevel: 'warning',
  // jsonc-parser's `main` is a UMD file whose require() calls an ES bundle cannot make; its ES build is whole.
  alias: { 'jsonc-parser': 'jsonc-parser/lib/esm/main.js' },
} as const;

// The entry, one file: all that `--help`, `--version` and `scenarios list` need. For the other commands it
// runs the program below (src/cli/load-program.ts).
await build({
  ...common,
  entryPoints: { main: 'dist/cli/main.js' },
  outdir,
  format: 'esm',
  // Unbundled only: the bundle runs the program script.
  external: ['./run.js'],
  plugins: [builtinsAsCommonJs],
});

// The program, one script run as a CommonJS module, so that it can be given a code cache taken after it ran.
const program = await build({
  ...common,
  entryPoints: ['dist/cli/run.js'],
  format: 'cjs',
  write: false,
  outfile: `${outdir}program.cjs`,
  // Resolved at run time from the package folder: served as files, or a peer dependency.
  external: ['swagger-ui-dist', 'msw'],
  plugins: [lazyMessageEvent, recordKeysWithoutCrypto, builtinsOnFirstUse, stringWidthOnFirstCall, qrOnFirstCall],
  // Without comments the script is ASCII (a comment's dash made V8 hold all of it as two-byte text) and 25 % smaller:
  // read in ~5 ms instead of ~11.
  minifyWhitespace: true,
  // Modules find the package's files from their own URL; the script's URL, in dist/bin/ as the modules were.
  define: { 'import.meta.url': '__scriptUrl' },
  banner: { js: "var __scriptUrl = require('node:url').pathToFileURL(__filename).href;" },
});
// Named by its content, which the code cache of a build is good for only.
const [script] = program.outputFiles;
writeFileSync(`${outdir}program-${createHash('sha256').update(script!.contents).digest('hex').slice(0, 16)}.cjs`, script!.contents);

// Every help text, as yargs prints it now, for the bin to print without loading yargs (src/cli/quick-answers.ts).
const { run } = await import('../dist/cli/run.js');
const { collectHelpTexts } = await import('../dist/cli/quick-answers.js');
writeFileSync(`${outdir}help.json`, `${JSON.stringify(await collectHelpTexts(run), null, 2)}\n`);

// The built-in scenarios the program starts with, checked here once rather than at each start (src/scenarios/checked-built-ins.ts).
const { CHECKED_AT_BUILD, checkedBuiltInFile } = await import('../dist/scenarios/checked-built-ins.js');
const { checkedBuiltInText } = await import('../dist/scenarios/load-scenario.js');
for (const name of CHECKED_AT_BUILD) {
  const file = checkedBuiltInFile(outdir, name);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, checkedBuiltInText(name));
}
