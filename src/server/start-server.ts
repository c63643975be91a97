import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { checkMemoryBudget } from '../admin/memory-budget.js';
import { checkMaxStreams } from '../admin/stream-slots.js';
import { confinedFiles } from '../scenarios/scenario-dirs.js';
import { CoreSandboxHost, type SandboxHost } from '../sessions/sandbox-host.js';
import type { ChaosInput, ClockMode, Sandbox, ScenarioSource } from '../types.js';
import { gracefulClose } from './graceful-close.js';
import { normalizeHostName } from './host-names.js';
import { createRequestListener } from './request-listener.js';
import { answerConnect, answerExpectationFailed, clientErrorAnswerer } from './transport-answers.js';

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
  /** How many of the latest journal entries keep their headers and bodies (see `SandboxOptions`). Default: 100. */
  journalBodies?: number;
  /** The wall clock the journal times requests by, in epoch ms (see `SandboxOptions`). Default: `performance`'s. */
  wallClock?: () => number;
  /** How the sandbox clock moves, whatever the scenario says: `"step"` or `"wall"` (see `SandboxOptions`). Default: the scenario's. */
  clock?: ClockMode;
  /** Whether answers carry the sandbox-only header `x-sandbox-hint` (see `SandboxOptions`). Default: true. */
  hintHeader?: boolean;
  /** Seeded chaos on every API call, whatever the scenario says (see `SandboxOptions`). Default: the scenario's. */
  chaos?: ChaosInput | null;
  /** How many sessions (`POST /__sandbox/sessions`) may be alive at once. Default: 100. */
  maxSessions?: number;
  /**
   * How many event streams (`GET /__sandbox/events`, the inspector) may be open at once, from 0 to 100000; one
   * more is answered 503 `SERVICE_UNAVAILABLE` with `Retry-After`. Each holds at most 1 MiB its client has not
   * read. Default: 32.
   */
  maxStreams?: number;
  /**
   * The memory sessions and snapshots may take the server to, in MiB (the JavaScript heap in use and the buffers
   * outside it), from 64 to 1048576: past it `POST /__sandbox/sessions` and `/snapshots` are answered 507
   * `INSUFFICIENT_STORAGE` and nothing is made. Default: 2048, which fits a 2-core, 24 GiB CI machine.
   */
  memoryBudgetMiB?: number;
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
  /**
   * How long `close()` (and SIGTERM or SIGINT to `esim-sandbox serve`) waits for requests in flight to be
   * answered before it closes their connections anyway, in ms; 0 closes them at once. Default: 5000.
   */
  shutdownGraceMs?: number;
  /**
   * How long a client may take to send the headers of a request, in ms, counted from its first byte; a
   * slower one gets a 408 `REQUEST_TIMEOUT` envelope and the connection is closed. Node's own default is
   * 60 s; a client on the same machine or network needs far less. Default: 30000.
   */
  headersTimeoutMs?: number;
  /**
   * How long a client may take to send a whole request, body included, in ms; a slower one gets a 408
   * `REQUEST_TIMEOUT` envelope. Covers an 8 MiB admin body at 70 KiB/s. At least `headersTimeoutMs`.
   * Default: 120000.
   */
  requestTimeoutMs?: number;
  /**
   * How long an idle keep-alive connection stays open for a next request, in ms (Node waits 1 s more before
   * it closes it, so that a client reusing it just in time is not cut off). Node's default, longer than the
   * 4 s after which undici's pools (Node's `fetch`) drop an idle connection. Default: 5000.
   */
  keepAliveTimeoutMs?: number;
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
  /**
   * Stops gracefully: stops accepting connections, closes idle keep-alive connections at once, lets the
   * requests in flight be answered (each of their connections closed after its last answer, which says
   * `connection: close`) and, after `shutdownGraceMs`, closes whatever is still open. Resolves once every
   * connection is closed.
   */
  close(): Promise<void>;
  /** Closes the server as `close()` does, then lets go of its sandboxes: `await using server = await startServer(…)`. */
  [Symbol.asyncDispose](): Promise<void>;
}

const DEFAULTS = {
  port: 4010,
  host: '127.0.0.1',
  scenario: 'default',
  shutdownGraceMs: 5_000,
  headersTimeoutMs: 30_000,
  requestTimeoutMs: 120_000,
  keepAliveTimeoutMs: 5_000,
} as const;

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
  const shutdownGraceMs = milliseconds('shutdownGraceMs', options.shutdownGraceMs ?? DEFAULTS.shutdownGraceMs, 0);
  const headersTimeoutMs = milliseconds('headersTimeoutMs', options.headersTimeoutMs ?? DEFAULTS.headersTimeoutMs, 1);
  const requestTimeoutMs = milliseconds('requestTimeoutMs', options.requestTimeoutMs ?? DEFAULTS.requestTimeoutMs, 1);
  const keepAliveTimeoutMs = milliseconds('keepAliveTimeoutMs', options.keepAliveTimeoutMs ?? DEFAULTS.keepAliveTimeoutMs, 1);
  if (headersTimeoutMs > requestTimeoutMs) {
    throw new RangeError(
      `headersTimeoutMs (${headersTimeoutMs}) must not be longer than requestTimeoutMs (${requestTimeoutMs}): the headers are part of the request`,
    );
  }
  if (options.maxStreams !== undefined) checkMaxStreams(options.maxStreams);
  if (options.memoryBudgetMiB !== undefined) checkMemoryBudget(options.memoryBudgetMiB);
  const scenarioFiles = confinedFiles(options.scenarioDirs ?? [], options.maxScenarioBytes);
  const allowedHosts = checkAllowedHosts(options.allowedHosts ?? []);
  const sandboxHost = new CoreSandboxHost({
    scenario: options.scenario ?? DEFAULTS.scenario,
    seed: options.seed,
    journalSize: options.journalSize,
    journalBodies: options.journalBodies,
    wallClock: options.wallClock,
    clock: options.clock,
    hintHeader: options.hintHeader,
    chaos: options.chaos,
    maxSessions: options.maxSessions,
    maxScenarioBytes: options.maxScenarioBytes,
  });
  const server: Server = createServer({
    // A request without Host is answered by the listener, with the error envelope instead of a bare 400.
    requireHostHeader: false,
    headersTimeout: headersTimeoutMs,
    requestTimeout: requestTimeoutMs,
    keepAliveTimeout: keepAliveTimeoutMs,
    // How often Node compares the connections' clocks with the two timeouts (its default: every 30 s).
    connectionsCheckingInterval: Math.max(10, Math.min(1_000, Math.floor(headersTimeoutMs / 4))),
  });
  const shutdown = gracefulClose(server);
  const closing = new AbortController();
  server.on(
    'request',
    createRequestListener(sandboxHost, {
      adminToken: options.adminToken,
      scenarioFiles,
      allowedHosts,
      boundAddress: () => (server.address() as AddressInfo | null)?.address ?? host,
      maxStreams: options.maxStreams,
      memoryBudgetMiB: options.memoryBudgetMiB,
      closing: closing.signal,
    }),
  );
  server.on('checkExpectation', answerExpectationFailed);
  server.on('connect', answerConnect);
  server.on('clientError', clientErrorAnswerer({ headersTimeoutMs, requestTimeoutMs }));
  await listen(server, port, host);
  const actualPort = (server.address() as AddressInfo).port;
  const origin = `http://${hostForUrl(host)}:${actualPort}`;
  const close = () => {
    const closed = shutdown.close(shutdownGraceMs);
    // Event streams never end by themselves: end them now, so the stop waits only for real requests.
    closing.abort();
    return closed;
  };
  return {
    url: `${origin}/api/v1`,
    origin,
    port: actualPort,
    sandbox: sandboxHost.main,
    host: sandboxHost,
    close,
    async [Symbol.asyncDispose]() {
      await close();
      await sandboxHost[Symbol.asyncDispose]();
    },
  };
}

/** A duration option: a whole number of milliseconds from `min` to 24 h. */
function milliseconds(name: string, value: number, min: number): number {
  if (Number.isInteger(value) && value >= min && value <= 86_400_000) return value;
  throw new RangeError(`${name} must be a whole number of milliseconds from ${min} to 86400000 (got ${value})`);
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
