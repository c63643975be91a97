import type { CommandModule } from 'yargs';
import type { CliIo } from './cli-io.js';
import { scenariosListCommand } from './scenarios-list-command.js';
import { scenariosShowCommand } from './scenarios-show-command.js';
import { scenariosValidateCommand } from './scenarios-validate-command.js';

/** `esim-sandbox scenarios <list|show|validate>`: the built-in scenarios, and checks of scenario files. */
export function scenariosCommand(io: CliIo, result: { exitCode: number }): CommandModule {
  return {
    command: 'scenarios',
    describe: 'List the built-in scenarios, show one as loaded, or validate scenario files',
    builder: (yargs) =>
      yargs
        .command(scenariosListCommand(io))
        .command(scenariosShowCommand(io, result))
        .command(scenariosValidateCommand(io, result))
        .demandCommand(1, 'Give a scenarios command, for example: esim-sandbox scenarios list')
        .example('$0 scenarios list', 'List the built-in scenarios')
        .example('$0 scenarios show default', 'Print a scenario as the sandbox loads it')
        .example('$0 scenarios validate ./my-scenario.json', 'Check a scenario file of your own'),
    handler: () => {},
  };
}
