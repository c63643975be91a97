import path from 'node:path';
import { packageFolderEntries, packageRoot, readPackageText } from '../lib/package-files.js';
import { parseJson } from './parse-json.js';

// Kept apart from the loader: `esim-sandbox scenarios list` needs these and nothing else (no zod, no schemas).

/** The package root (in the single-file executable, a folder of its assets: src/lib/package-files.ts). */
export const projectRoot = packageRoot;
export const scenariosDir = path.join(projectRoot, 'scenarios');
export const seedsDir = path.join(projectRoot, 'seeds');

/** The built-in scenarios, sorted by name, with the description each file gives (not validated: listing is not loading). */
export function listScenarios(): Array<{ name: string; description: string }> {
  return jsonFileNames(scenariosDir).map((name) => {
    const parsed = parseJson(readPackageText(path.join(scenariosDir, `${name}.json`)));
    const file = parsed.ok && typeof parsed.value === 'object' && parsed.value !== null ? (parsed.value as Record<string, unknown>) : {};
    const description = file['description'];
    return { name, description: typeof description === 'string' ? description : '' };
  });
}

/** The names of the JSON files of a directory of the package, without `.json`, sorted; none for a missing directory. */
export function jsonFileNames(dir: string): string[] {
  return packageFolderEntries(dir)
    .filter((entry) => entry.endsWith('.json'))
    .map((entry) => entry.slice(0, -'.json'.length))
    .sort();
}
