import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { confinedFiles } from '../scenarios/scenario-dirs.js';
import { createSandboxHost, type SandboxHost } from '../sessions/sandbox-host.js';
import type { Sandbox, ScenarioSource } from '../types.js';
import { normalizeHostName } from './host-names.js';
import { answerClientError, createRequestListener } from './request-listener.js';

export interface StartServerOptions {
  /** TCP port to listen on; 0 picks a free port. Default: `4010`. */
  port?: number;
  /** Interface to listen on; `0.0.0.0` makes the sandbox reachable from other machines. Default: `"127.0.0.1"`. */
  host?: string;
  /**
   * Built-in scenario name, path of a scenario JSON file, or an inline scenario. Default: `"default"`. A path is
   * read as given (the caller owns the machine); over the admin API only `scenarioDirs` are.
   */
  scenario?: ScenarioSource;
  /**
   * Directories whose `.json` files the admin API may load (`POST /__sandbox/scenario`, `/sessions`, `extends`):
   * `{"name": "my-scenario"}` finds `my-scenario.json` in the first dir that has it (after the built-ins),
   * `{"name": "team/a.json"}` a path inside a dir. Nothing outside them, no `..`, no symlink out of them.
   * Default: none, the admin API loads built-in scenarios and inline ones only.
   */
  scenarioDirs?: readonly string[];
  /**
   * The largest scenario file read, in bytes (`scenario` and the admin API alike); a larger one is refused before
   * it is read. Built-in scenarios and seeds are not limited. Default: 16777216 (16 MiB).
   */
  maxScenarioBytes?: number;
  /** Seed of the id and data generators. Default: the scenario's own seed, else 1. */
  seed?: number;
  /** How many requests the journal keeps. Default: 1000. */
  journalSize?: number;
  /** How many sessions (`POST /__sandbox/sessions`) may be alive at once. Default: 100. */
  maxSessions?: number;
  /**
   * When set, the admin API (`/__sandbox`) answers 401 `UNAUTHORIZED` unless a request sends this token as
   * `Authorization: Bearer <token>` or `x-admin-token: <token>`. Default: none, the admin API is open.
   */
  adminToken?: string;
  /**
   * Names a server on a loopback address answers to in the `Host` header, besides that address and
   * `localhost` (e.g. a name in /etc/hosts, or a proxy's). Any other name is refused with 403
   * `FORBIDDEN_HOST`, so that a page of another site cannot reach the sandbox under its own name (DNS
   * rebinding). A server on another address answers to any name. Default: none.
   */
  allowedHosts?: readonly string[];
}

export interface RunningServer {
  /** Base URL of the imitated API, ending in `/api/v1`, e.g. `http://127.0.0.1:4010/api/v1`. */
  url: string;
  /** Scheme, host and port, e.g. `http://127.0.0.1:4010`; the admin API is at `${origin}/__sandbox`. */
  origin: string;
  /** The port actually listened on (the free one picked when `port` was 0). */
  port: number;
  /** The main sandbox the server answers with (requests without a session key), for direct control in-process. */
  sandbox: Sandbox;
  /** The main sandbox and the sessions, for direct control in-process. */
  host: SandboxHost;
  /** Stops listening and closes every connection, keep-alive ones included. */
  close(): Promise<void>;
}

const DEFAULTS = { port: 4010, host: '127.0.0.1', scenario: 'default' } as const;

/**
 * Starts the standalone HTTP sandbox. Rejects with a readable message when the scenario is invalid or the
 * address cannot be listened on.
 */
export async function startServer(options: StartServerOptions = {}): Promise<RunningServer> {
  const port = options.port ?? DEFAULTS.port;
  const host = options.host ?? DEFAULTS.host;
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    throw new RangeError(`port must be an integer from 0 to 65535 (got ${port}); pass 0 for a free port`);
  }
  if (options.adminToken !== undefined && options.adminToken.trim() === '') {
    throw new RangeError('adminToken must not be empty; leave it out for an open admin API');
  }
  const scenarioFiles = confinedFiles(options.scenarioDirs ?? [], options.maxScenarioBytes);
  const allowedHosts = checkAllowedHosts(options.allowedHosts ?? []);
  const sandboxHost = createSandboxHost({
    scenario: options.scenario ?? DEFAULTS.scenario,
    seed: options.seed,
    journalSize: options.journalSize,
    maxSessions: options.maxSessions,
    maxScenarioBytes: options.maxScenarioBytes,
  });
  const server: Server = createServer(
    createRequestListener(sandboxHost, {
      adminToken: options.adminToken,
      scenarioFiles,
      allowedHosts,
      boundAddress: () => (server.address() as AddressInfo | null)?.address ?? host,
    }),
  );
  server.on('clientError', answerClientError);
  await listen(server, port, host);
  const actualPort = (server.address() as AddressInfo).port;
  const origin = `http://${hostForUrl(host)}:${actualPort}`;
  return {
    url: `${origin}/api/v1`,
    origin,
    port: actualPort,
    sandbox: sandboxHost.main,
    host: sandboxHost,
    close: () => closeServer(server),
  };
}

function checkAllowedHosts(names: readonly string[]): string[] {
  return names.map((name) => {
    const normalized = typeof name === 'string' ? normalizeHostName(name) : undefined;
    if (normalized !== undefined) return normalized;
    throw new RangeError(
      `allowedHosts: ${JSON.stringify(name)} is not a host name; give a name as it appears in URLs, without scheme, port or path (e.g. "sandbox.local")`,
    );
  });
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      reject(new Error(listenErrorMessage(error, port, host), { cause: error }));
    });
    server.listen(port, host, () => resolve());
  });
}

function listenErrorMessage(error: NodeJS.ErrnoException, port: number, host: string): string {
  switch (error.code) {
    case 'EADDRINUSE':
      return `port ${port} is already in use; pass --port 0 for a free port or another number`;
    case 'EACCES':
      return `not allowed to listen on port ${port}; pass a port above 1023, or --port 0 for a free port`;
    case 'EADDRNOTAVAIL':
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return (
        `cannot listen on host "${host}": it is not an address of this machine; ` +
        'pass --host 127.0.0.1, or 0.0.0.0 for every interface'
      );
    default:
      return `cannot listen on ${host}:${port}: ${error.message}`;
  }
}

/** A wildcard address is listened on, not connected to: URLs name the loopback address instead. */
function hostForUrl(host: string): string {
  if (host === '0.0.0.0') return '127.0.0.1';
  if (host === '::') return '[::1]';
  return host.includes(':') ? `[${host}]` : host;
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve, reject) => {
    if (!server.listening) return resolve();
    server.close((error) => (error ? reject(error) : resolve()));
    server.closeAllConnections();
  });
}
