// `npm run openapi`, after one build: records the examples of the OpenAPI document from fresh sandboxes of the
// built package (scripts/openapi-examples.ts), and writes in one run src/openapi/recorded-examples.ts, openapi.json
// (the document with those examples) and src/contract/api-types.ts, generated from it by openapi-typescript run
// as the docs tell a user to (`npx openapi-typescript`: the bin of the tools/openapi-types workspace, which has
// the TypeScript openapi-typescript needs). The written sources are built by the next build (npm test builds).
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { documentWithExamples } from '../dist/openapi/openapi-document.js';
import { recordExamples, renderRecordedExamples } from './openapi-examples.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const examples = await recordExamples();

writeFileSync(`${root}/src/openapi/recorded-examples.ts`, renderRecordedExamples(examples));
console.log('wrote src/openapi/recorded-examples.ts');
writeFileSync(`${root}/openapi.json`, `${JSON.stringify(documentWithExamples(examples), null, 2)}\n`);
console.log('wrote openapi.json');
execFileSync('npx', ['openapi-typescript', 'openapi.json', '--output', 'src/contract/api-types.ts'], { cwd: root, stdio: 'inherit' });
