import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { confinedFiles } from '../scenarios/scenario-dirs.js';
import { CoreSandboxHost, type SandboxHost, type SandboxHostOptions } from '../sessions/sandbox-host.js';
import type { Sandbox } from '../types.js';
import type { ServedInstead } from '../api/serve-call.js';
import type { AdminFirst } from './request-listener.js';
import { checkOptions } from '../lib/options/check-options.js';
import type { OptionValues } from '../lib/options/option-kinds.js';
import { SANDBOX_OPTIONS } from '../sandbox-options.js';
import { SERVER_OPTIONS } from './server-options.js';
import { gracefulClose } from './graceful-close.js';
import { createRequestListener } from './request-listener.js';
import { answerConnect, answerExpectationFailed, clientErrorAnswerer } from './transport-answers.js';

/** The server's own options (`SERVER_OPTIONS`), its main sandbox's (`SANDBOX_OPTIONS`) and `maxSessions`. */
export type StartServerOptions = OptionValues<typeof SERVER_OPTIONS> & SandboxHostOptions;

/** Proxy mode (src/proxy): what serves each call instead (journaled and graded as the sandbox's own), and what answers an admin request first. */
export interface ServerMode {
  servedInstead?: ServedInstead;
  adminFirst?: AdminFirst;
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
   * Stops accepting, closes idle connections, lets requests in flight be answered and, after `shutdownGraceMs`,
   * answers 503 `SERVICE_UNAVAILABLE` to a call still in a latency fault (not serving it) and closes whatever is
   * still open. Resolves once every connection is closed, at most about 250 ms after the grace.
   */
  close(): Promise<void>;
  /** Closes the server as `close()` does, then lets go of its sandboxes: `await using server = await startServer(…)`. */
  [Symbol.asyncDispose](): Promise<void>;
}

/** Starts the standalone HTTP sandbox; rejects with a readable message when the scenario is invalid or the address cannot be listened on. */
export async function startServer(options: StartServerOptions = {}, mode: ServerMode = {}): Promise<RunningServer> {
  const settings = checkOptions(SERVER_OPTIONS, options) as Required<OptionValues<typeof SERVER_OPTIONS>>;
  const { host, headersTimeoutMs, requestTimeoutMs } = settings;
  if (headersTimeoutMs > requestTimeoutMs) {
    throw new RangeError(
      `headersTimeoutMs (${headersTimeoutMs}) must not be longer than requestTimeoutMs (${requestTimeoutMs}): the headers are part of the request`,
    );
  }
  const { maxScenarioBytes } = checkOptions(SANDBOX_OPTIONS, options);
  const scenarioFiles = confinedFiles(settings.scenarioDirs ?? [], maxScenarioBytes);
  const sandboxHost = new CoreSandboxHost(options, mode.servedInstead);
  const server: Server = createServer({
    // A request without Host is answered by the listener, with the error envelope instead of a bare 400.
    requireHostHeader: false,
    headersTimeout: headersTimeoutMs,
    requestTimeout: requestTimeoutMs,
    keepAliveTimeout: settings.keepAliveTimeoutMs,
    // How often Node compares the connections' clocks with the two timeouts (its default: every 30 s).
    connectionsCheckingInterval: Math.max(10, Math.min(1_000, Math.floor(headersTimeoutMs / 4))),
  });
  const shutdown = gracefulClose(server);
  const closing = new AbortController();
  server.on(
    'request',
    shutdown.following(createRequestListener(sandboxHost, {
      ...settings,
      scenarioFiles,
      allowedHosts: [...(settings.allowedHosts ?? [])],
      boundAddress: () => (server.address() as AddressInfo | null)?.address ?? host,
      closing: closing.signal,
      cutOff: shutdown.cutOff,
      adminFirst: mode.adminFirst,
    })),
  );
  server.on('checkExpectation', shutdown.following(answerExpectationFailed));
  server.on('connect', answerConnect);
  server.on('clientError', clientErrorAnswerer(settings));
  await listen(server, settings.port, host);
  const actualPort = (server.address() as AddressInfo).port;
  const origin = `http://${hostForUrl(host)}:${actualPort}`;
  const close = () => {
    const closed = shutdown.close(settings.shutdownGraceMs);
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
