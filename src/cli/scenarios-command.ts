import path from 'node:path';
import type { Argv, CommandModule } from 'yargs';
import { displayPath, loadScenario } from '../scenarios/load-scenario.js';
import { formatProblem, ScenarioError, unlistedLine } from '../scenarios/scenario-error.js';
import { messageOf, type CliIo } from './cli-io.js';
import { scenarioList } from './quick-answers.js';

export function scenariosCommand(io: CliIo, result: { exitCode: number }): CommandModule {
  return {
    command: 'scenarios',
    describe: 'List the built-in scenarios, show one as loaded, or validate scenario files',
    builder: (yargs) =>
      yargs
        .command(listCommand(io))
        .command(showCommand(io, result))
        .command(validateCommand(io, result))
        .demandCommand(1, 'Give a scenarios command, for example: esim-sandbox scenarios list')
        .example('$0 scenarios list', 'List the built-in scenarios')
        .example('$0 scenarios show default', 'Print a scenario as the sandbox loads it')
        .example('$0 scenarios validate ./my-scenario.json', 'Check a scenario file of your own'),
    handler: () => {},
  };
}

function listCommand(io: CliIo): CommandModule {
  return {
    command: 'list',
    describe: 'List the built-in scenarios with their descriptions',
    builder: (yargs) => yargs.example('$0 scenarios list', 'Show every built-in scenario, one a line'),
    handler: () => {
      io.stdout.write(scenarioList());
    },
  };
}

function showCommand(io: CliIo, result: { exitCode: number }): CommandModule<object, { scenario: string }> {
  return {
    command: 'show <scenario>',
    describe: 'Print a scenario as the sandbox loads it (after extends, seeds and defaults) as JSON',
    builder: (yargs: Argv) =>
      yargs
        .positional('scenario', { describe: 'Built-in scenario name or path of a scenario JSON file', type: 'string' })
        .example('$0 scenarios show default', 'Print the default scenario with every product, account and key')
        .example('$0 scenarios show ./my-scenario.json', 'Print a scenario of your own as the sandbox would load it') as Argv<{ scenario: string }>,
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

function validateCommand(io: CliIo, result: { exitCode: number }): CommandModule<object, { files: string[] }> {
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
        .example('$0 scenarios validate scenarios/*.json', 'Check several files at once') as Argv<{ files: string[] }>,
    handler: (argv) => {
      let broken = 0;
      for (const file of argv.files) {
        try {
          // Resolved here so that a bare name is read as a file, not looked up among the built-ins.
          loadScenario(path.resolve(file));
          io.stdout.write(`ok ${file}\n`);
        } catch (error) {
          broken++;
          io.stderr.write(`${describeLoadFailure(error, file)}\n`);
        }
      }
      result.exitCode = broken > 0 ? 1 : 0;
    },
  };
}

/** Never a stack; the file at `givenPath` is named as given on the command line rather than as the loader shows it. */
function describeLoadFailure(error: unknown, givenPath: string): string {
  if (!(error instanceof ScenarioError)) return messageOf(error);
  const shownByLoader = displayPath(path.resolve(givenPath));
  const lines = error.problems.map((problem) => formatProblem(problem.file === shownByLoader ? { ...problem, file: givenPath } : problem));
  return [...lines, ...unlistedLine(error.problems.length, error.total)].join('\n');
}
