#!/usr/bin/env node
// `npx openapi-typescript` in this repository. openapi-typescript prints its output with the `typescript`
// library API, which TypeScript 7 (the package's compiler, at the root) no longer has. This workspace holds
// openapi-typescript together with the TypeScript 5 its peer range names (^5.x), in its own node_modules,
// where npm has to keep them: the root's TypeScript 7 does not satisfy that peer. npm links this file as the
// root's `openapi-typescript` bin; it runs the real command from here, so `typescript` resolves to 5.
const manifest = import.meta.resolve('openapi-typescript/package.json');
await import(new URL('bin/cli.js', manifest).href);
