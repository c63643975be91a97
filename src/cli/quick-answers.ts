import { fileURLToPath } from 'node:url';
import { packageVersion, readPackageText } from '../lib/package-files.js';
import { listScenarios } from '../scenarios/built-in-files.js';
import type { CliIo } from './cli-io.js';

/**
 * Answers the commands that only print without loading yargs or the sandbox (~4× Node's own start-up). Help texts
 * come from help.json, written at build time (a test keeps it equal to what yargs prints); undefined lets yargs answer.
 */
export function quickAnswer(argv: readonly string[]): string | undefined {
  const asked = JSON.stringify(argv);
  if (asked === '["--version"]') return `${packageVersion()}\n`;
  if (asked === '["scenarios","list"]') return scenarioList();
  if (argv.at(-1) !== '--help' && argv.at(-1) !== '-h') return undefined;
  return storedHelpTexts()?.find((text) => JSON.stringify(text.argv) === asked)?.stdout;
}

export function scenarioList(): string {
  const scenarios = listScenarios();
  const width = Math.max(0, ...scenarios.map(({ name }) => name.length));
  return scenarios.map(({ name, description }) => `${name.padEnd(width)}  ${description}\n`).join('');
}

function storedHelpTexts(): HelpText[] | undefined {
  try {
    return JSON.parse(readPackageText(fileURLToPath(new URL('./help.json', import.meta.url)))) as HelpText[];
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

export interface HelpText {
  argv: string[];
  stdout: string;
}

/** Every help text `run` prints, each command found in the "Commands:" list of the help above it; for the build. */
export async function collectHelpTexts(run: (argv: string[], io: Partial<CliIo>) => Promise<number>): Promise<HelpText[]> {
  const texts: HelpText[] = [];
  const pending: string[][] = [[]];
  for (let command = pending.shift(); command !== undefined; command = pending.shift()) {
    for (const flag of ['--help', '-h']) {
      const argv = [...command, flag];
      let stdout = '';
      let stderr = '';
      const exitCode = await run(argv, { stdout: { write: (text: string) => (stdout += text) }, stderr: { write: (text: string) => (stderr += text) } });
      if (exitCode !== 0 || stderr !== '' || stdout === '') {
        throw new Error(`esim-sandbox ${argv.join(' ')} exited ${exitCode} printing ${JSON.stringify(stderr || stdout)}; expected a help text`);
      }
      texts.push({ argv, stdout });
    }
    pending.push(...subcommandsIn(texts.at(-1)!.stdout, command));
  }
  return texts;
}

/** The commands listed under "Commands:" in the help of `command`: `  esim-sandbox scenarios show <scenario>  Print…` → `['scenarios', 'show']`. */
function subcommandsIn(help: string, command: string[]): string[][] {
  const list = /^Commands:\n((?: .*\n)*)/m.exec(help)?.[1] ?? '';
  return list.split('\n').flatMap((line) => {
    const words = line.trim().split(/\s+/);
    // A description that wraps continues on a line of its own, which does not start with the program's name.
    if (words[0] !== 'esim-sandbox' || command.some((word, index) => words[index + 1] !== word)) return [];
    const name = words[command.length + 1];
    return name !== undefined && /^[a-z][\w-]*$/.test(name) ? [[...command, name]] : [];
  });
}
