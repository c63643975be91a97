import type { Argv, CommandModule } from 'yargs';
import { SANDBOX_OPTIONS } from '../sandbox-options.js';
import { SERVER_OPTIONS } from '../server/server-options.js';
import { HOST_OPTIONS } from '../sessions/host-options.js';
import { startServer } from '../server/start-server.js';
import { ADMIN_TOKEN_ENV, adminTokenOf } from './admin-token-option.js';
import { flagValues, withFlags } from './option-flags.js';
import type { CliIo } from './cli-io.js';
import { CHAOS_FLAGS, chaosOf } from './chaos-options.js';
import { formatServeBanner } from './serve-banner.js';
import { openAdminWarning } from './serve-warning.js';

/** The options `serve` takes, each once: its flags are read from these tables. */
export const SERVE_OPTIONS = { ...SERVER_OPTIONS, ...SANDBOX_OPTIONS, ...HOST_OPTIONS };

type ServeArgs = Record<string, unknown>;

/** `esim-sandbox serve`: starts the standalone server and runs until stopped. Sets `result.exitCode`. */
export function serveCommand(io: CliIo, result: { exitCode: number }): CommandModule<object, ServeArgs> {
  return {
    command: 'serve',
    describe: 'Start the sandbox as an HTTP server',
    builder: (yargs: Argv) =>
      withFlags(withFlags(yargs, SERVE_OPTIONS), CHAOS_FLAGS)
        .check((argv) => {
          flagValues(argv, SERVE_OPTIONS);
          chaosOf(flagValues(argv, CHAOS_FLAGS));
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
        const options = flagValues(argv, SERVE_OPTIONS);
        const adminToken = options.adminToken ?? adminTokenOf(undefined);
        const shutdownGraceMs = options.shutdownGraceMs ?? SERVER_OPTIONS.shutdownGraceMs.default;
        const chaos = chaosOf(flagValues(argv, CHAOS_FLAGS));
        // Listened for before the server starts: a signal sent as soon as the banner shows (or before) stops it
        // gracefully, where Node's default would end the process mid-write.
        const stopped = io.waitForStop();
        const server = await startServer({ ...options, adminToken, ...(chaos !== undefined && { chaos }) });
        const warning = openAdminWarning(options.host ?? SERVER_OPTIONS.host.default!, adminToken, ADMIN_TOKEN_ENV);
        if (warning !== undefined) io.stderr.write(warning);
        io.stdout.write(formatServeBanner(server, chaos ?? server.sandbox.scenario.chaos));
        await stopped;
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

