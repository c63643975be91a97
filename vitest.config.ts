import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * Tests import the package by name (`esim-wholesale-sandbox`, `esim-wholesale-sandbox/server`, …), as a
 * partner would; here those names resolve to the TypeScript source, so a single-file or watch run tests
 * the code as it is now, without a build. test/package/ checks the built package from a packed install.
 */
const source = (path: string) => fileURLToPath(new URL(`./src/${path}`, import.meta.url));

// The commands the tests run keep Node's compile cache and their code cache in node_modules/.cache, not in the
// temporary directory (their default): a run of the suite leaves nothing there. A test of the cache sets its own.
process.env['NODE_COMPILE_CACHE'] ??= fileURLToPath(new URL('./node_modules/.cache/node-compile-cache', import.meta.url));

export default defineConfig({
  resolve: {
    alias: [
      { find: /^esim-wholesale-sandbox$/, replacement: source('index.ts') },
      { find: /^esim-wholesale-sandbox\/([a-z-]+)$/, replacement: source('$1/index.ts') },
    ],
  },
  test: {
    include: ['test/**/*.test.ts'],
    // The partner projects' own tests: run by `npm run test:partners`, each in a project installed from the packed package.
    exclude: ['test/partners/**', '**/node_modules/**'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
