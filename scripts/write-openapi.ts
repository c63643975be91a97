// `npm run openapi`, after one build: records the examples of the OpenAPI document from fresh sandboxes of the
// built package (scripts/openapi-examples.ts), and writes in one run src/openapi/recorded-examples.ts, openapi.json
// (the document of the calls of src/api/calls with those examples), src/contract/call-names.ts (the names of those
// calls, for the layers below the API) and src/contract/api-types.ts, generated from the document by
// openapi-typescript run as the docs tell a user to (`npx openapi-typescript`: the bin of the tools/openapi-types
// workspace, which has the TypeScript openapi-typescript needs). The written sources are built by the next build
// (npm test builds).
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { CALLS } from '../dist/api/calls/index.js';
import { describeCalls, documentOf } from '../dist/openapi/openapi-document.js';
import { renderCallNames } from './call-names.ts';
import { recordExamples, renderRecordedExamples } from './openapi-examples.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const examples = await recordExamples();

writeFileSync(`${root}/src/openapi/recorded-examples.ts`, renderRecordedExamples(examples));
console.log('wrote src/openapi/recorded-examples.ts');
writeFileSync(`${root}/openapi.json`, `${JSON.stringify(documentOf(describeCalls(CALLS), examples), null, 2)}\n`);
console.log('wrote openapi.json');
writeFileSync(`${root}/src/contract/call-names.ts`, renderCallNames(CALLS.map((call) => call.name)));
console.log('wrote src/contract/call-names.ts');
execFileSync('npx', ['openapi-typescript', 'openapi.json', '--output', 'src/contract/api-types.ts'], { cwd: root, stdio: 'inherit' });
