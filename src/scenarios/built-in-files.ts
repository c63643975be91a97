import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseJson } from './parse-json.js';

// Kept apart from the loader: `esim-sandbox scenarios list` needs these and nothing else (no zod, no schemas).

/** The package root: this module sits two levels below it, as `src/scenarios/*.ts`, `dist/scenarios/*.js` and `dist/bin/*.js`. */
export const projectRoot = fileURLToPath(new URL('../../', import.meta.url));
export const scenariosDir = path.join(projectRoot, 'scenarios');
export const seedsDir = path.join(projectRoot, 'seeds');

/** The built-in scenarios, sorted by name, with the description each file gives (not validated: listing is not loading). */
export function listScenarios(): Array<{ name: string; description: string }> {
  return jsonFileNames(scenariosDir).map((name) => {
    const parsed = parseJson(readFileSync(path.join(scenariosDir, `${name}.json`), 'utf8'));
    const file = parsed.ok && typeof parsed.value === 'object' && parsed.value !== null ? (parsed.value as Record<string, unknown>) : {};
    const description = file['description'];
    return { name, description: typeof description === 'string' ? description : '' };
  });
}

/** The names of the JSON files of a directory, without `.json`, sorted; none for a missing directory. */
export function jsonFileNames(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((entry) => entry.endsWith('.json'))
    .map((entry) => entry.slice(0, -'.json'.length))
    .sort();
}
