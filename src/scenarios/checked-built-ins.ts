import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { packageRoot, readPackageText } from '../lib/package-files.js';
import type { ResolvedScenario } from './scenario-schema.js';

/**
 * Checked once by `npm run build` (scripts/bundle-cli.ts) and written beside the bundled program only: `default`'s
 * checks (three files parsed and validated) cost ~9 ms before `serve`'s first answer.
 */
export const CHECKED_AT_BUILD: readonly string[] = ['default'];

interface CheckedScenario {
  /** By path in the package; compared whole in microseconds, where a JavaScript hash of `default`'s 28 KB cost ~2 ms. */
  inputs: Record<string, string>;
  scenario: ResolvedScenario;
}

export function checkedBuiltInFile(dir: string, name: string): string {
  return path.join(dir, 'checked-scenarios', `${name}.json`);
}

export function checkedScenarioText(scenario: ResolvedScenario, files: readonly string[]): string {
  const inputs: Record<string, string> = {};
  for (const file of [...files].sort()) inputs[path.relative(packageRoot, file).split(path.sep).join('/')] = readPackageText(file);
  return `${JSON.stringify({ inputs, scenario } satisfies CheckedScenario)}\n`;
}

/** Undefined unless the build left the checked form in `dir` and every file it was made of is unchanged. */
export function readCheckedBuiltIn(name: string, dir = path.dirname(fileURLToPath(import.meta.url)), root = packageRoot): ResolvedScenario | undefined {
  if (!CHECKED_AT_BUILD.includes(name)) return undefined;
  try {
    const { inputs, scenario } = JSON.parse(readPackageText(checkedBuiltInFile(dir, name))) as CheckedScenario;
    for (const [file, text] of Object.entries(inputs)) if (readPackageText(path.join(root, file)) !== text) return undefined;
    return scenario;
  } catch (error) {
    // No checked form here (the library's modules, the sources), or an input gone since: checked as any other.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}
