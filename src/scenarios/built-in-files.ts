import path from 'node:path';
import { packageFolderEntries, packageRoot, readPackageText } from '../lib/package-files.js';

// Kept apart from the loader: `esim-sandbox scenarios list` needs these and nothing else (no zod, no schemas).

/** The package root (in the single-file executable, a folder of its assets: src/lib/package-files.ts). */
export const projectRoot = packageRoot;
export const scenariosDir = path.join(projectRoot, 'scenarios');
export const seedsDir = path.join(projectRoot, 'seeds');

/** The built-in scenarios, sorted by name, with the description each file gives (not validated: listing is not loading). */
export function listScenarios(): Array<{ name: string; description: string }> {
  return jsonFileNames(scenariosDir).map((name) => {
    const file = parseObject(readPackageText(path.join(scenariosDir, `${name}.json`)));
    const description = file['description'];
    return { name, description: typeof description === 'string' ? description : '' };
  });
}

/** The object a JSON text holds, or an empty one: a broken file is reported when it is loaded. */
function parseObject(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text.startsWith('\uFEFF') ? text.slice(1) : text);
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** None for a missing directory. */
export function jsonFileNames(dir: string): string[] {
  return packageFolderEntries(dir)
    .filter((entry) => entry.endsWith('.json'))
    .map((entry) => entry.slice(0, -'.json'.length))
    .sort();
}
