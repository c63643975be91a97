/** `esim-wholesale-sandbox/proxy`: the proxy in front of the real service (`esim-sandbox proxy`), for in-process use. */
export { startProxy, type RunningProxy, type StartProxyOptions } from './start-proxy.js';
export type { ProxySummaryView } from './proxy-summary.js';
export type { ProxiedNote, UpstreamBreak } from '../state/journal.js';
