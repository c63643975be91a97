// Writes scenario.schema.json and seed.schema.json at the package root. Run it with `npm run schemas`, which builds
// first: the script imports the compiled modules because Node does not resolve the sources' `.js` imports to `.ts`.
import { writeFileSync } from 'node:fs';
import { PUBLISHED_JSON_SCHEMAS, jsonSchemaText } from '../dist/scenarios/json-schema.js';

for (const { fileName, generate } of PUBLISHED_JSON_SCHEMAS) {
  writeFileSync(new URL(`../${fileName}`, import.meta.url), jsonSchemaText(generate()));
  console.log(`wrote ${fileName}`);
}
