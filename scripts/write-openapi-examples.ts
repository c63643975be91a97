// Writes src/openapi/recorded-examples.ts: the examples of the OpenAPI document, recorded from fresh sandboxes
// (scripts/openapi-examples.ts). Run by `npm run openapi`, after a build (it records with the compiled sandbox).
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { recordExamples, renderRecordedExamples } from './openapi-examples.ts';

const file = fileURLToPath(new URL('../src/openapi/recorded-examples.ts', import.meta.url));
writeFileSync(file, renderRecordedExamples(await recordExamples()));
console.log('wrote src/openapi/recorded-examples.ts');
