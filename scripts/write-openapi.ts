// `npm run openapi`, after one build: writes in one run openapi.json (the document of the calls of src/api/calls,
// with the examples the built package records from fresh sandboxes: src/openapi-examples.ts),
// src/contract/call-names.ts (the names of those calls, for the layers below the API) and
// src/contract/api-types.ts, generated from the document by openapi-typescript run as the docs tell a user to
// (`npx openapi-typescript`: the bin of the tools/openapi-types workspace, which has the TypeScript
// openapi-typescript needs). The written sources are built by the next build (npm test builds).
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createOpenApiDocument } from '../dist/index.js';
import { CALLS } from '../dist/api/calls/index.js';
import { renderCallNames } from './call-names.ts';

const root = fileURLToPath(new URL('..', import.meta.url));

writeFileSync(`${root}/openapi.json`, `${JSON.stringify(await createOpenApiDocument(), null, 2)}\n`);
console.log('wrote openapi.json');
writeFileSync(`${root}/src/contract/call-names.ts`, renderCallNames(CALLS.map((call) => call.name)));
console.log('wrote src/contract/call-names.ts');
execFileSync('npx', ['openapi-typescript', 'openapi.json', '--output', 'src/contract/api-types.ts'], { cwd: root, stdio: 'inherit' });
