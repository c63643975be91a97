// Bundles the command-line program into dist/bin/: one module graph instead of ~270 files, so
// `esim-sandbox serve` answers sooner. The library entry points stay unbundled in dist/.
import { build } from 'esbuild';

await build({
  entryPoints: { main: 'dist/cli/main.js' },
  outdir: 'dist/bin',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node22',
  // Resolved at run time from the package folder: served as files, or a peer dependency.
  external: ['swagger-ui-dist', 'msw'],
  // Bundled CommonJS dependencies (express) call `require` for Node's own modules.
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  logLevel: 'warning',
});
