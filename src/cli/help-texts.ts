import type { CliIo } from './cli-io.js';

/** A help text of the command line, as printed, and the arguments that ask for it. */
export interface HelpText {
  argv: string[];
  stdout: string;
}

type Run = (argv: string[], io: Partial<CliIo>) => Promise<number>;

/**
 * Every help text `run` prints: `--help` and `-h` at the top and after each command and subcommand, each
 * found in the "Commands:" list of the help above it. The build writes them into dist/bin/help.json, from
 * where the bin prints them without loading yargs.
 */
export async function collectHelpTexts(run: Run): Promise<HelpText[]> {
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
