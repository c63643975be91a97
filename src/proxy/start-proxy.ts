import { checkOptions } from '../lib/options/check-options.js';
import type { OptionValues } from '../lib/options/option-kinds.js';
import { startServer, type RunningServer, type StartServerOptions } from '../server/start-server.js';
import { proxyAdmin } from './proxy-admin.js';
import { PROXY_OPTIONS } from './proxy-options.js';
import { ProxySummary, type ProxySummaryView } from './proxy-summary.js';
import { proxiedCalls } from './serve-proxied-call.js';
import { closeUpstream, upstreamOf } from './upstream.js';

/** The options of `startProxy`: the server's and its sandbox's (`startServer`), and the proxy's own (`PROXY_OPTIONS`). */
export type StartProxyOptions = StartServerOptions & OptionValues<typeof PROXY_OPTIONS>;

export interface RunningProxy extends RunningServer {
  /** The base URL forwarded to. */
  upstream: string;
  /** What `GET /__sandbox/proxy` answers. */
  summary(): ProxySummaryView;
}

/**
 * Starts a proxy: the standalone server (same port, host, admin token, Host check and shutdown), whose API calls are
 * forwarded to `upstream` and judged both ways, journaled and graded as the sandbox's own (src/proxy/serve-proxied-call.ts).
 */
export async function startProxy(options: StartProxyOptions): Promise<RunningProxy> {
  const { upstream: base, upstreamCa, timeoutMs, maxBodyBytes } = checkOptions(PROXY_OPTIONS, options) as Required<OptionValues<typeof PROXY_OPTIONS>>;
  if (base === undefined) throw new RangeError(`upstream is required: the base URL of the service to forward to, e.g. upstream: "${PROXY_OPTIONS.upstream.example}"`);
  const upstream = upstreamOf(base, { ...(upstreamCa !== undefined && { upstreamCa }), timeoutMs, maxBodyBytes });
  const summary = new ProxySummary(upstream.base);
  let server: RunningServer;
  try {
    server = await startServer(options, { servedInstead: proxiedCalls(upstream, summary), adminFirst: proxyAdmin(summary) });
  } catch (error) {
    closeUpstream(upstream);
    throw error;
  }
  // The upstream's connections are let go once the server has answered its last call.
  const { close, [Symbol.asyncDispose]: dispose } = server;
  return Object.assign(server, {
    upstream: upstream.base,
    summary: () => summary.view(),
    close: () => close().finally(() => closeUpstream(upstream)),
    [Symbol.asyncDispose]: () => dispose.call(server).finally(() => closeUpstream(upstream)),
  });
}
