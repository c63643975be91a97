// Proxy mode (esim-sandbox proxy): which service the calls go to, and what came of them so far.
import { html } from '/__sandbox/inspector/vendor/standalone.module.js';

export function ProxyBanner({ proxy }) {
  const breaks = Object.entries(proxy.breaks.byKind).map(([kind, count]) => `${count} ${kind}`).join(', ');
  // The template drops whitespace that holds a line break: the counts are one text, spaces included.
  const counts = `${proxy.exchanges} exchanges, ${proxy.forwarded} forwarded; ${
    proxy.breaks.total === 0 ? 'no break by the service' : `${proxy.breaks.total} by the service (${breaks})`
  }.`;
  return html`<p class="proxy-banner" role="status" aria-label="Proxy">
    Proxy to <strong class="mono">${proxy.upstream}</strong>: each API call is forwarded to the real service and its answer
    checked against the contract. ${counts}
  </p>`;
}
