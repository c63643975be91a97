// Writes openapi.json at the package root and regenerates src/contract/api-types.ts from it with
// openapi-typescript, run as the README tells a user to (`npx openapi-typescript`: the bin of the
// tools/openapi-types workspace, which has the TypeScript openapi-typescript needs). Run it with
// `npm run openapi`, which builds first (the script imports the compiled document module, examples included)
// and builds again after (so that dist/ carries the new types).
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createOpenApiDocument } from '../dist/openapi/openapi-document.js';

const root = fileURLToPath(new URL('..', import.meta.url));

writeFileSync(`${root}/openapi.json`, `${JSON.stringify(createOpenApiDocument(), null, 2)}\n`);
console.log('wrote openapi.json');

execFileSync('npx', ['openapi-typescript', 'openapi.json', '--output', 'src/contract/api-types.ts'], { cwd: root, stdio: 'inherit' });
