import type { Argv, CommandModule } from 'yargs';
import { startServer } from '../server/start-server.js';
import type { CliIo } from './cli-io.js';
import { formatServeBanner } from './serve-banner.js';

/** As parsed: option values are strings, checked and converted here. */
interface ServeArgs {
  port: unknown;
  host: string;
  scenario: string;
  seed?: unknown;
}

/** `esim-sandbox serve`: starts the standalone server and runs until stopped. Sets `result.exitCode`. */
export function serveCommand(io: CliIo, result: { exitCode: number }): CommandModule<object, ServeArgs> {
  return {
    command: 'serve',
    describe: 'Start the sandbox as an HTTP server',
    builder: (yargs: Argv) =>
      yargs
        .option('port', {
          describe: 'TCP port to listen on, an integer from 0 to 65535; 0 picks a free port',
          default: '4010',
          defaultDescription: '4010',
          requiresArg: true,
        })
        .option('host', { describe: 'Interface to listen on', type: 'string', default: '127.0.0.1', requiresArg: true })
        .option('scenario', {
          describe: 'Built-in scenario name or path of a scenario JSON file',
          type: 'string',
          default: 'default',
          requiresArg: true,
        })
        .option('seed', { describe: 'Seed of the id and data generators, a non-negative integer', requiresArg: true })
        .check((argv) => {
          parsePort(argv.port);
          if (argv.seed !== undefined) parseSeed(argv.seed);
          return true;
        })
        .example('$0 serve', 'Serve the default scenario at http://127.0.0.1:4010/api/v1')
        .example('$0 serve --port 0 --seed 7', 'Serve on a free port with seed 7')
        .example('$0 serve --scenario ./my-scenario.json', 'Serve a scenario of your own') as Argv<ServeArgs>,
    handler: async (argv) => {
      try {
        const server = await startServer({
          port: parsePort(argv.port),
          host: argv.host,
          scenario: argv.scenario,
          seed: argv.seed === undefined ? undefined : parseSeed(argv.seed),
        });
        io.stdout.write(formatServeBanner(server));
        await io.waitForStop();
        await server.close();
        io.stdout.write('Sandbox stopped.\n');
        result.exitCode = 0;
      } catch (error) {
        io.stderr.write(`esim-sandbox serve: ${error instanceof Error ? error.message : String(error)}\n`);
        result.exitCode = 1;
      }
    },
  };
}

const parsePort = (value: unknown) =>
  parseIntegerOption('port', value, 0, 65_535, 'pass e.g. --port 4010, or --port 0 for a free port');
const parseSeed = (value: unknown) =>
  parseIntegerOption('seed', value, 0, Number.MAX_SAFE_INTEGER, 'pass e.g. --seed 7');

/** Parses a whole decimal number given as an option, or throws a message that says how to fix it. */
function parseIntegerOption(name: string, value: unknown, min: number, max: number, hint: string): number {
  const number = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : Number.NaN;
  if (Number.isSafeInteger(number) && number >= min && number <= max) return number;
  const got = Array.isArray(value) ? 'it was given more than once' : `got ${JSON.stringify(value)}`;
  throw new Error(`--${name} must be an integer from ${min} to ${max} (${got}); ${hint}`);
}
