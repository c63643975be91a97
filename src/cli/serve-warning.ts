import { isLoopbackHost } from '../server/host-names.js';

/**
 * The warning `serve` prints when the sandbox listens where other machines can reach it and its admin API
 * has no token: anyone on the network could then reset it, switch its scenario or top up its wallets.
 */
export function openAdminWarning(host: string, adminToken: string | undefined, tokenEnv: string): string | undefined {
  if (adminToken !== undefined || isLoopbackHost(host)) return undefined;
  return (
    `Warning: listening on ${host} without an admin token: anyone who can reach this machine can reset the sandbox, ` +
    `switch its scenario, top up its wallets and read its request journal through /__sandbox. ` +
    `Give it a token with --admin-token <token> (or $${tokenEnv}), or listen on 127.0.0.1.\n`
  );
}
