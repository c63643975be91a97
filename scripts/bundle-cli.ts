// Bundles the command-line program into dist/bin/: one module graph instead of ~270 files, so
// `esim-sandbox serve` answers sooner. The library entry points stay unbundled in dist/.
import { rmSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';

const outdir = fileURLToPath(new URL('../dist/bin/', import.meta.url));

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

// Chunk names change with their content: the chunks of an earlier build would stay and be packed.
rmSync(outdir, { recursive: true, force: true });

const common = { bundle: true, format: 'esm', platform: 'node', target: 'node22', outdir, logLevel: 'warning' } as const;

// The entry, one file: all that `--help`, `--version` and `scenarios list` need. It imports run.js, the rest of
// the program, only for the other commands.
await build({ ...common, entryPoints: { main: 'dist/cli/main.js' }, external: ['./run.js'], plugins: [builtinsAsCommonJs] });

await build({
  ...common,
  entryPoints: { run: 'dist/cli/run.js' },
  // What only some commands or requests need (express for the admin API, yaml) stays in chunks of its own.
  splitting: true,
  // Resolved at run time from the package folder: served as files, or a peer dependency.
  external: ['swagger-ui-dist', 'msw'],
  plugins: [builtinsAsCommonJs],
  // Bundled CommonJS dependencies (express) call `require` for Node's own modules.
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
});

// Every help text, as yargs prints it now, for the bin to print without loading yargs (src/cli/quick-answers.ts).
const { run } = await import('../dist/cli/run.js');
const { collectHelpTexts } = await import('../dist/cli/help-texts.js');
writeFileSync(`${outdir}help.json`, `${JSON.stringify(await collectHelpTexts(run), null, 2)}\n`);
