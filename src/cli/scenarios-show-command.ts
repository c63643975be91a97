import type { Argv, CommandModule } from 'yargs';
import { loadScenario } from '../scenarios/load-scenario.js';
import type { CliIo } from './cli-io.js';
import { describeLoadFailure } from './scenario-load-failure.js';

interface ShowArgs {
  scenario: string;
}

/** `esim-sandbox scenarios show <name-or-path>`: the scenario after `extends`, seeds and defaults, as JSON. Sets `result.exitCode`. */
export function scenariosShowCommand(io: CliIo, result: { exitCode: number }): CommandModule<object, ShowArgs> {
  return {
    command: 'show <scenario>',
    describe: 'Print a scenario as the sandbox loads it (after extends, seeds and defaults) as JSON',
    builder: (yargs: Argv) =>
      yargs
        .positional('scenario', { describe: 'Built-in scenario name or path of a scenario JSON file', type: 'string' })
        .example('$0 scenarios show default', 'Print the default scenario with every product, account and key')
        .example('$0 scenarios show ./my-scenario.json', 'Print a scenario of your own as the sandbox would load it') as Argv<ShowArgs>,
    handler: (argv) => {
      try {
        io.stdout.write(`${JSON.stringify(loadScenario(argv.scenario), null, 2)}\n`);
        result.exitCode = 0;
      } catch (error) {
        io.stderr.write(`${describeLoadFailure(error, argv.scenario)}\n`);
        result.exitCode = 1;
      }
    },
  };
}
