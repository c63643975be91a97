import type { Argv } from 'yargs';
import type { OptionTable, OptionValues } from '../lib/options/option-kinds.js';
import type { ChaosInput } from '../scenarios/scenario-schema.js';
import { isLoopbackHost } from '../server/host-names.js';
import { SERVER_OPTIONS } from '../server/server-options.js';
import { ADMIN_TOKEN_ENV, adminTokenOf } from './admin-token-option.js';
import { CHAOS_FLAGS, chaosOf } from './chaos-options.js';
import { messageOf, type CliIo } from './cli-io.js';
import { flagValues, withFlags } from './option-flags.js';

/** The flags of a serving command: its table's and the chaos flags, each checked as yargs reads them. */
export function withServingFlags<T>(yargs: Argv<T>, table: OptionTable): Argv<T> {
  return withFlags(withFlags(yargs, table), CHAOS_FLAGS).check((argv) => {
    flagValues(argv, table);
    chaosOf(flagValues(argv, CHAOS_FLAGS));
    return true;
  });
}

/** The server options every serving command reads itself. */
type ServingTable = OptionTable & Pick<typeof SERVER_OPTIONS, 'host' | 'adminToken' | 'shutdownGraceMs'>;

/**
 * The `Serving` of a command's flags (`table`, and the chaos flags): the admin token from the flag or
 * $ESIM_SANDBOX_ADMIN_TOKEN, the chaos of `--chaos`, and what `start` and `banner` make of them.
 */
export function servingOf<Table extends ServingTable, S extends { close(): Promise<void> }>(
  argv: Record<string, unknown>,
  table: Table,
  start: (options: OptionValues<Table> & { adminToken?: string; chaos?: ChaosInput }) => Promise<S>,
  banner: (server: S, chaos: ChaosInput | undefined) => string,
): Serving<S> {
  const options = flagValues(argv, table) as OptionValues<Table> & OptionValues<ServingTable>;
  const adminToken = options.adminToken ?? adminTokenOf(undefined);
  const chaos = chaosOf(flagValues(argv, CHAOS_FLAGS));
  return {
    host: options.host ?? SERVER_OPTIONS.host.default!,
    adminToken,
    shutdownGraceMs: options.shutdownGraceMs ?? SERVER_OPTIONS.shutdownGraceMs.default!,
    start: () => start({ ...options, adminToken, ...(chaos !== undefined && { chaos }) }),
    banner: (server) => banner(server, chaos),
  };
}

/** What a command serves: where, with which token and grace, how it starts, and what it prints once listening. */
export interface Serving<S extends { close(): Promise<void> }> {
  host: string;
  adminToken: string | undefined;
  shutdownGraceMs: number;
  start(): Promise<S>;
  banner(server: S): string;
}

/**
 * What `serve` and `proxy` share: read the arguments (`prepare`, which may throw a readable message), start the
 * server (listening for a stop signal first: one sent as soon as the banner shows, or before, stops it gracefully
 * where Node's default would end the process mid-write), warn of an open admin API, print the banner, wait for a
 * signal, stop within the grace. `name` says what stopped. Sets `result.exitCode`.
 */
export async function runUntilStopped<S extends { close(): Promise<void> }>(
  io: CliIo,
  result: { exitCode: number },
  command: string,
  name: string,
  prepare: () => Serving<S>,
): Promise<void> {
  try {
    const serving = prepare();
    const stopped = io.waitForStop();
    const server = await serving.start();
    // Where other machines can reach it, an admin API without a token lets anyone on the network reset the sandbox.
    if (serving.adminToken === undefined && !isLoopbackHost(serving.host)) {
      io.stderr.write(
        `Warning: listening on ${serving.host} without an admin token: anyone who can reach this machine can reset the sandbox, ` +
          `switch its scenario, top up its wallets and read its request journal through /__sandbox. ` +
          `Give it a token with --admin-token <token> (or $${ADMIN_TOKEN_ENV}), or listen on 127.0.0.1.\n`,
      );
    }
    io.stdout.write(serving.banner(server));
    io.listening?.();
    await stopped;
    io.stdout.write(`Stopping: answering the requests in flight (up to ${serving.shutdownGraceMs} ms; a second signal stops at once).\n`);
    await server.close();
    io.stdout.write(`${name} stopped.\n`);
    result.exitCode = 0;
  } catch (error) {
    io.stderr.write(`esim-sandbox ${command}: ${messageOf(error)}\n`);
    result.exitCode = 1;
  }
}
