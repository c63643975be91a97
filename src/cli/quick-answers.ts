import { fileURLToPath } from 'node:url';
import { packageVersion, readPackageText } from '../lib/package-files.js';
import type { HelpText } from './help-texts.js';
import { scenarioList } from './scenarios-list-command.js';

/**
 * What the commands that only print would print, answered without yargs or the sandbox (loading those takes
 * ~4× Node's own start-up): `--version`, `scenarios list`, and each `--help`/`-h` text, printed by yargs at
 * build time into help.json beside the bundled command (a test keeps it equal to what yargs prints now).
 * Undefined for any other arguments, and for help when that file is absent: yargs answers those.
 */
export function quickAnswer(argv: readonly string[]): string | undefined {
  const asked = JSON.stringify(argv);
  if (asked === '["--version"]') return `${packageVersion()}\n`;
  if (asked === '["scenarios","list"]') return scenarioList();
  if (argv.at(-1) !== '--help' && argv.at(-1) !== '-h') return undefined;
  return storedHelpTexts()?.find((text) => JSON.stringify(text.argv) === asked)?.stdout;
}

function storedHelpTexts(): HelpText[] | undefined {
  try {
    return JSON.parse(readPackageText(fileURLToPath(new URL('./help.json', import.meta.url)))) as HelpText[];
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}
