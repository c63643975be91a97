import path from 'node:path';
import type { Argv, CommandModule } from 'yargs';
import { loadScenario } from '../scenarios/load-scenario.js';
import type { CliIo } from './cli-io.js';
import { describeLoadFailure } from './scenario-load-failure.js';

interface ValidateArgs {
  files: string[];
}

/**
 * `esim-sandbox scenarios validate <file...>`: loads each file as the sandbox would, `extends` and seeds included.
 * Prints `ok <file>` for a valid file and every problem of a broken one; exit code 1 when any file is broken.
 */
export function scenariosValidateCommand(io: CliIo, result: { exitCode: number }): CommandModule<object, ValidateArgs> {
  return {
    command: 'validate <files...>',
    describe: 'Check scenario files: each is loaded as the sandbox would load it, and every problem is listed',
    builder: (yargs: Argv) =>
      yargs
        .positional('files', {
          describe: 'Paths of scenario JSON files',
          type: 'string',
          array: true,
          demandOption: true,
          // Without it, help shows the empty list yargs gives a variadic positional as "[default: []]".
          default: undefined,
        })
        .example('$0 scenarios validate ./my-scenario.json', 'Prints "ok ./my-scenario.json", or each problem and exits 1')
        .example('$0 scenarios validate scenarios/*.json', 'Check several files at once') as Argv<ValidateArgs>,
    handler: (argv) => {
      let broken = 0;
      for (const file of argv.files) {
        const problems = validateFile(file);
        if (problems === undefined) {
          io.stdout.write(`ok ${file}\n`);
        } else {
          broken++;
          io.stderr.write(`${problems}\n`);
        }
      }
      result.exitCode = broken > 0 ? 1 : 0;
    },
  };
}

/** The problems of a scenario file, with the file shown as it was given; undefined when it loads. */
function validateFile(file: string): string | undefined {
  try {
    // Resolved here so that a bare name is read as a file, not looked up among the built-ins.
    loadScenario(path.resolve(file));
    return undefined;
  } catch (error) {
    return describeLoadFailure(error, file);
  }
}
