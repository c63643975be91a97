import type { CommandModule } from 'yargs';
import { listScenarios } from '../scenarios/load-scenario.js';
import type { CliIo } from './cli-io.js';

/** `esim-sandbox scenarios list`: the name and description of each built-in scenario, one a line. */
export function scenariosListCommand(io: CliIo): CommandModule {
  return {
    command: 'list',
    describe: 'List the built-in scenarios with their descriptions',
    builder: (yargs) => yargs.example('$0 scenarios list', 'Show every built-in scenario, one a line'),
    handler: () => {
      const scenarios = listScenarios();
      const width = Math.max(0, ...scenarios.map(({ name }) => name.length));
      for (const { name, description } of scenarios) io.stdout.write(`${name.padEnd(width)}  ${description}\n`);
    },
  };
}
