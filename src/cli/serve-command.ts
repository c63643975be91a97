import type { Argv, CommandModule } from 'yargs';
import { DEFAULT_MEMORY_BUDGET_MIB, MEMORY_BUDGET_MIB_RANGE } from '../admin/memory-budget.js';
import { DEFAULT_MAX_STREAMS, MAX_STREAMS_LIMIT } from '../admin/stream-slots.js';
import { DEFAULT_MAX_SCENARIO_BYTES, MAX_SCENARIO_BYTES_LIMIT } from '../scenarios/scenario-file-access.js';
import { normalizeHostName } from '../server/host-names.js';
import { startServer } from '../server/start-server.js';
import { ADMIN_TOKEN_ENV, adminTokenOf, parseAdminToken } from './admin-token-option.js';
import type { CliIo } from './cli-io.js';
import type { ClockMode } from '../state/clock.js';
import { chaosOptions, parseChaosArgs, type ChaosArgs } from './chaos-options.js';
import { formatServeBanner } from './serve-banner.js';
import { openAdminWarning } from './serve-warning.js';

/** As parsed: option values are strings, checked and converted here. */
interface ServeArgs extends ChaosArgs {
  port: unknown;
  host: string;
  scenario: string;
  seed?: unknown;
  journalSize: unknown;
  journalBodies: unknown;
  adminToken?: string;
  scenarioDir?: unknown;
  maxScenarioBytes: unknown;
  allowedHost?: unknown;
  shutdownGrace: unknown;
  maxStreams: unknown;
  memoryBudget: unknown;
  clock?: unknown;
  hints: boolean;
}

/** `esim-sandbox serve`: starts the standalone server and runs until stopped. Sets `result.exitCode`. */
export function serveCommand(io: CliIo, result: { exitCode: number }): CommandModule<object, ServeArgs> {
  return {
    command: 'serve',
    describe: 'Start the sandbox as an HTTP server',
    builder: (yargs: Argv) =>
      chaosOptions(yargs)
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
        .option('scenario-dir', {
          describe:
            'A directory whose .json files the admin API may load by name or by path inside it (repeat for more); ' +
            'without it, the admin API loads built-in and inline scenarios only',
          type: 'string',
          requiresArg: true,
        })
        .option('max-scenario-bytes', {
          describe: 'The largest scenario file read (--scenario, or over the admin API), in bytes; a larger one is refused unread',
          default: String(DEFAULT_MAX_SCENARIO_BYTES),
          defaultDescription: `${DEFAULT_MAX_SCENARIO_BYTES} (16 MiB)`,
          requiresArg: true,
        })
        .option('clock', {
          describe:
            'How the sandbox clock moves: step (a fixed step per answered request, the same times every run) or wall ' +
            '(real elapsed time: provisioning delays, idempotency windows and polling take as long as on the real service)',
          defaultDescription: "the scenario's clock.mode (step unless it says wall)",
          requiresArg: true,
        })
        .option('hints', {
          describe:
            'Answer the sandbox-only header x-sandbox-hint when a request makes a mistake the real service lets pass ' +
            '(an Idempotency-Key header, Authorization: Bearer instead of x-api-key, and others listed in the README); --no-hints leaves it out. ' +
            'The journal and the inspector note hints either way',
          type: 'boolean',
          default: true,
        })
        .option('seed', { describe: 'Seed of the id and data generators, a non-negative integer', requiresArg: true })
        .option('journal-size', {
          describe: 'How many requests the journal (GET /__sandbox/requests) keeps, oldest dropped first',
          default: '1000',
          defaultDescription: '1000',
          requiresArg: true,
        })
        .option('journal-bodies', {
          describe: 'How many of the latest journal entries keep their headers and bodies (GET /__sandbox/requests?include=bodies, the inspector)',
          default: '100',
          defaultDescription: '100',
          requiresArg: true,
        })
        .option('admin-token', {
          describe:
            'Require this token on the admin API (Authorization: Bearer <token> or x-admin-token); ' +
            `also read from $${ADMIN_TOKEN_ENV}, which keeps it out of the process list`,
          type: 'string',
          requiresArg: true,
        })
        .option('allowed-host', {
          describe:
            'A further name the server answers to in the Host header while it listens on a loopback address ' +
            '(besides that address and localhost); repeatable. Other names are refused, against DNS rebinding',
          type: 'string',
          array: true,
          requiresArg: true,
        })
        .option('shutdown-grace', {
          describe:
            'On SIGTERM or SIGINT, how long to wait for requests in flight to be answered before closing their ' +
            'connections anyway, in milliseconds; 0 closes them at once. A second signal stops at once',
          default: '5000',
          defaultDescription: '5000 (5 s)',
          requiresArg: true,
        })
        .option('max-streams', {
          describe:
            'How many event streams (GET /__sandbox/events, the inspector) may be open at once; one more is answered 503 ' +
            'with Retry-After. Each holds at most 1 MiB its client has not read',
          default: String(DEFAULT_MAX_STREAMS),
          defaultDescription: String(DEFAULT_MAX_STREAMS),
          requiresArg: true,
        })
        .option('memory-budget', {
          describe:
            'The memory sessions and snapshots may take the server to, in MiB; past it creating one is answered 507 ' +
            'INSUFFICIENT_STORAGE and nothing is made',
          default: String(DEFAULT_MEMORY_BUDGET_MIB),
          defaultDescription: `${DEFAULT_MEMORY_BUDGET_MIB} (2 GiB)`,
          requiresArg: true,
        })
        .check((argv) => {
          parsePort(argv.port);
          parseMaxStreams(argv.maxStreams);
          parseMemoryBudget(argv.memoryBudget);
          if (argv.clock !== undefined) parseClock(argv.clock);
          parseChaosArgs(argv);
          parseShutdownGrace(argv.shutdownGrace);
          if (argv.seed !== undefined) parseSeed(argv.seed);
          parseJournalSize(argv.journalSize);
          parseJournalBodies(argv.journalBodies);
          if (argv.adminToken !== undefined) parseAdminToken(argv.adminToken);
          parseScenarioDirs(argv.scenarioDir);
          parseMaxScenarioBytes(argv.maxScenarioBytes);
          parseAllowedHosts(argv.allowedHost);
          return true;
        })
        .example('$0 serve', 'Serve the default scenario at http://127.0.0.1:4010/api/v1')
        .example('$0 serve --port 0 --seed 7', 'Serve on a free port with seed 7')
        .example('$0 serve --chaos 0.05 --chaos-seed 7', 'Let 5 % of API calls meet a fault, the same ones every run with seed 7')
        .example('$0 serve --clock wall', 'Let provisioning delays and windows take real time, however often a client polls')
        .example('$0 serve --scenario ./my-scenario.json', 'Serve a scenario of your own')
        .example('$0 serve --scenario-dir ./scenarios', 'Let POST /__sandbox/scenario {"name": "my-scenario"} load ./scenarios/my-scenario.json')
        .example(`${ADMIN_TOKEN_ENV}=s3cret $0 serve --host 0.0.0.0`, 'Serve on every interface, the admin API behind a token')
        .example('$0 serve --allowed-host sandbox.local', 'Also answer to http://sandbox.local:4010 (a name in /etc/hosts)')
        .example('$0 serve --shutdown-grace 30000', 'On SIGTERM, give requests in flight up to 30 s to be answered') as unknown as Argv<ServeArgs>,
    handler: async (argv) => {
      try {
        const adminToken = adminTokenOf(argv.adminToken);
        const shutdownGraceMs = parseShutdownGrace(argv.shutdownGrace);
        const chaos = parseChaosArgs(argv);
        const server = await startServer({
          port: parsePort(argv.port),
          host: argv.host,
          scenario: argv.scenario,
          seed: argv.seed === undefined ? undefined : parseSeed(argv.seed),
          clock: argv.clock === undefined ? undefined : parseClock(argv.clock),
          hintHeader: argv.hints,
          chaos,
          journalSize: parseJournalSize(argv.journalSize),
          journalBodies: parseJournalBodies(argv.journalBodies),
          adminToken,
          scenarioDirs: parseScenarioDirs(argv.scenarioDir),
          maxScenarioBytes: parseMaxScenarioBytes(argv.maxScenarioBytes),
          allowedHosts: parseAllowedHosts(argv.allowedHost),
          shutdownGraceMs,
          maxStreams: parseMaxStreams(argv.maxStreams),
          memoryBudgetMiB: parseMemoryBudget(argv.memoryBudget),
        });
        const warning = openAdminWarning(argv.host, adminToken, ADMIN_TOKEN_ENV);
        if (warning !== undefined) io.stderr.write(warning);
        io.stdout.write(formatServeBanner(server, chaos ?? server.sandbox.scenario.chaos));
        await io.waitForStop();
        io.stdout.write(`Stopping: answering the requests in flight (up to ${shutdownGraceMs} ms; a second signal stops at once).\n`);
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
const parseShutdownGrace = (value: unknown) =>
  parseIntegerOption('shutdown-grace', value, 0, 600_000, 'pass milliseconds, e.g. --shutdown-grace 5000, or 0 to close at once');
const parseJournalSize = (value: unknown) =>
  parseIntegerOption('journal-size', value, 0, 1_000_000, 'pass e.g. --journal-size 1000, or 0 to keep no journal');
const parseJournalBodies = (value: unknown) =>
  parseIntegerOption('journal-bodies', value, 0, 1_000_000, 'pass e.g. --journal-bodies 100, or 0 to keep no bodies');

const parseMaxStreams = (value: unknown) =>
  parseIntegerOption('max-streams', value, 0, MAX_STREAMS_LIMIT, 'pass e.g. --max-streams 32, or 0 to refuse every event stream');

const parseMemoryBudget = (value: unknown) =>
  parseIntegerOption('memory-budget', value, MEMORY_BUDGET_MIB_RANGE.min, MEMORY_BUDGET_MIB_RANGE.max, 'pass MiB, e.g. --memory-budget 4096 for 4 GiB');

function parseClock(value: unknown): ClockMode {
  if (value === 'step' || value === 'wall') return value;
  const got = Array.isArray(value) ? 'it was given more than once' : `got ${JSON.stringify(value)}`;
  throw new Error(`--clock must be step or wall (${got}); pass --clock wall for real elapsed time`);
}

const parseMaxScenarioBytes = (value: unknown) =>
  parseIntegerOption('max-scenario-bytes', value, 1, MAX_SCENARIO_BYTES_LIMIT, 'pass e.g. --max-scenario-bytes 1048576 for 1 MiB');

/** `--scenario-dir` given once is a string, given again an array of them. */
function parseScenarioDirs(value: unknown): string[] {
  const dirs = value === undefined ? [] : Array.isArray(value) ? value : [value];
  for (const dir of dirs) {
    if (typeof dir !== 'string' || dir.trim() === '') {
      throw new Error(`--scenario-dir must name a directory (got ${JSON.stringify(dir)}); pass e.g. --scenario-dir ./scenarios`);
    }
  }
  return dirs as string[];
}

/** The names of `--allowed-host`, each a host name without scheme, port or path. */
function parseAllowedHosts(value: unknown): string[] {
  const names = value === undefined ? [] : Array.isArray(value) ? value : [value];
  for (const name of names) {
    if (typeof name !== 'string' || normalizeHostName(name) === undefined) {
      throw new Error(
        `--allowed-host must be a host name as it appears in URLs, without scheme, port or path (got ${JSON.stringify(name)}); pass e.g. --allowed-host sandbox.local`,
      );
    }
  }
  return names as string[];
}

/** Parses a whole decimal number given as an option, or throws a message that says how to fix it. */
function parseIntegerOption(name: string, value: unknown, min: number, max: number, hint: string): number {
  const number = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : Number.NaN;
  if (Number.isSafeInteger(number) && number >= min && number <= max) return number;
  const got = Array.isArray(value) ? 'it was given more than once' : `got ${JSON.stringify(value)}`;
  throw new Error(`--${name} must be an integer from ${min} to ${max} (${got}); ${hint}`);
}
