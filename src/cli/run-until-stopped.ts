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

export interface Serving<S extends { close(): Promise<void> }> {
  host: string;
  adminToken: string | undefined;
  shutdownGraceMs: number;
  start(): Promise<S>;
  banner(server: S): string;
}

/**
 * Listens for a stop signal before it starts the server: one sent as soon as the banner shows, or before, stops it
 * gracefully where Node's default would end the process mid-write. `prepare` may throw a readable message.
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
