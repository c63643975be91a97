import type { CommandModule } from 'yargs';
import { listScenarios } from '../scenarios/built-in-files.js';
import type { CliIo } from './cli-io.js';

/** `esim-sandbox scenarios list`: the name and description of each built-in scenario, one a line. */
export function scenariosListCommand(io: CliIo): CommandModule {
  return {
    command: 'list',
    describe: 'List the built-in scenarios with their descriptions',
    builder: (yargs) => yargs.example('$0 scenarios list', 'Show every built-in scenario, one a line'),
    handler: () => {
      io.stdout.write(scenarioList());
    },
  };
}

/** What `scenarios list` prints: each built-in scenario's name, padded, and its description, one a line. */
export function scenarioList(): string {
  const scenarios = listScenarios();
  const width = Math.max(0, ...scenarios.map(({ name }) => name.length));
  return scenarios.map(({ name, description }) => `${name.padEnd(width)}  ${description}\n`).join('');
}
