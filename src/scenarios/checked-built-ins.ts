import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { packageRoot, readPackageText } from '../lib/package-files.js';
import type { ResolvedScenario } from './scenario-schema.js';

/**
 * Built-in scenarios that `npm run build` checks once (scripts/bundle-cli.ts), so that the bundled program starts
 * with them as checked then: `default`, what `serve` starts with, whose checks (three files parsed and validated)
 * cost ~9 ms before its first answer. The build writes each beside the bundled program only: the library's modules
 * and the sources check every scenario they load. test/unit/checked-built-ins.test.ts holds the shipped form to
 * what the checks produce now.
 */
export const CHECKED_AT_BUILD: readonly string[] = ['default'];

/** A built-in scenario as the build ships it: the scenario the checks produced, and the files it was made of. */
interface CheckedScenario {
  /**
   * Each file's text when it was checked, by its path in the package (`seeds/catalog.json`). Compared whole: that
   * costs microseconds, where a hash of `default`'s 28 KB of files computed in JavaScript cost ~2 ms.
   */
  inputs: Record<string, string>;
  scenario: ResolvedScenario;
}

/** Where the build writes the checked form of the built-in scenario `name`, in the folder `dir` of the bundled program. */
export function checkedBuiltInFile(dir: string, name: string): string {
  return path.join(dir, 'checked-scenarios', `${name}.json`);
}

/** The checked form of a scenario, as the build writes it: `scenario` and the texts of `files` (absolute paths in the package). */
export function checkedScenarioText(scenario: ResolvedScenario, files: readonly string[]): string {
  const inputs: Record<string, string> = {};
  for (const file of [...files].sort()) inputs[path.relative(packageRoot, file).split(path.sep).join('/')] = readPackageText(file);
  return `${JSON.stringify({ inputs, scenario } satisfies CheckedScenario)}\n`;
}

/**
 * The built-in scenario `name` as the build checked it, when the build left its checked form in `dir` (that of this
 * module: the bundled program's) and every file it was made of is as it was then; undefined otherwise, and the
 * scenario is checked as any other.
 */
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
