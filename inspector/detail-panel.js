// The detail of one request, beside the table: what was sent and answered, and what to do with it again.
import { html, useEffect, useState } from '/__sandbox/inspector/vendor/standalone.module.js';
import { admin } from '/__sandbox/inspector/admin.js';
import { hintsOf, idempotencyKeyOf, inputProblemsOf, pretty, upstreamProblemsOf } from '/__sandbox/inspector/rows.js';

function Body({ part }) {
  if (!part) return html`<p class="muted">Not kept: the journal keeps the bodies of its latest requests only.</p>`;
  if (part.body !== undefined) return html`<pre>${pretty(part.body)}</pre>`;
  if (part.bodyText !== undefined) return html`<pre>${part.bodyText}${part.truncated ? '\n… (cut at 64 KiB)' : ''}</pre>`;
  return html`<p class="muted">No body.</p>`;
}

function Headers({ headers }) {
  const names = Object.keys(headers ?? {});
  if (names.length === 0) return html`<p class="muted">None.</p>`;
  return html`<pre>${names.map((name) => `${name}: ${headers[name]}`).join('\n')}</pre>`;
}

/** Copy as curl: the key as `$ESIM_API_KEY` unless asked for; the command also shows, for a page without clipboard access. */
function CopyAsCurl({ base, seq, fail }) {
  const [withKey, setWithKey] = useState(false);
  const [copied, setCopied] = useState(undefined);
  useEffect(() => setCopied(undefined), [seq]);
  const copy = async () => {
    try {
      const { command, variables } = await admin(`${base}/requests/${seq}/curl?key=${withKey ? 'include' : 'placeholder'}`);
      const inClipboard = await navigator.clipboard?.writeText(command).then(() => true, () => false);
      setCopied({ command, variables, inClipboard });
    } catch (error) {
      fail(error);
    }
  };
  return html`<div class="actions-block">
    <button type="button" onClick=${copy}>Copy as curl</button>
    <label class="check"><input type="checkbox" checked=${withKey} onChange=${(event) => setWithKey(event.currentTarget.checked)} /> Include the key</label>
    ${copied &&
    html`<p class="muted">${copied.inClipboard ? 'Copied.' : 'Select the command to copy it.'}${copied.variables.length > 0 && ` Set ${copied.variables.map((name) => `$${name}`).join(', ')} to run it.`}</p>
      <pre aria-label="curl command">${copied.command}</pre>`}
  </div>`;
}

export function DetailPanel({ entry, base, onClose, onShowOrder, onReplayed, fail }) {
  const [replaying, setReplaying] = useState(false);
  const replay = async () => {
    setReplaying(true);
    try {
      onReplayed(await admin(`${base}/requests/${entry.seq}/replay`, { method: 'POST' }));
    } catch (error) {
      fail(error);
    } finally {
      setReplaying(false);
    }
  };
  const key = idempotencyKeyOf(entry);
  return html`<section class="detail" aria-label="Request detail">
    <div class="panel-title">
      <h2><span class="mono">#${entry.seq}</span> ${entry.method} <span class="mono">${entry.url}</span></h2>
      <button type="button" class="secondary" onClick=${onClose} aria-label="Close the detail">Close</button>
    </div>
    <div class="actions">
      <button type="button" onClick=${replay} disabled=${replaying || !entry.request || entry.proxied !== undefined}>Replay</button>
      <${CopyAsCurl} base=${base} seq=${entry.seq} fail=${fail} />
    </div>
    <dl>
      <dt>Status</dt><dd>${entry.status === 0 ? 'none (connection closed)' : entry.status}${entry.errorCode ? ` ${entry.errorCode}` : ''}</dd>
      ${entry.errorMessage && html`<dt>Message</dt><dd>${entry.errorMessage}</dd>`}
      <dt>Fault applied</dt><dd>${entry.fault ?? (entry.queuedFault !== undefined ? 'latency' : 'none')}${entry.queuedFault !== undefined ? ` (one-off, queued at #${entry.queuedFault})` : ''}</dd>
      ${entry.replayOf !== undefined && html`<dt>Replay of</dt><dd>#${entry.replayOf}</dd>`}
      ${entry.orderId &&
      html`<dt>Order</dt><dd><button type="button" class="link mono" onClick=${() => onShowOrder(entry.orderId)} title="Show the requests of this order">${entry.orderId}</button></dd>`}
      ${key !== undefined && html`<dt>Idempotency key</dt><dd class="mono">${key}</dd>`}
      ${entry.reused !== undefined && html`<dt>Reused</dt><dd>${entry.reused ? 'yes: the answer replays an earlier order' : 'no'}</dd>`}
      <dt>Duration</dt><dd>${entry.durationMs ?? '—'} ms</dd>
      <dt>Arrived</dt><dd>${entry.wallAt ?? '—'} (sandbox clock ${entry.at})</dd>
      <dt>API key</dt><dd>${entry.apiKey ?? 'none'}</dd>
      ${entry.proxied &&
      html`<dt>Upstream</dt><dd class="mono">${entry.proxied.upstream}</dd>
        <dt>Forwarded</dt><dd>${entry.proxied.forwarded ? `yes, answered ${entry.proxied.upstreamStatus ?? 'nothing passed on'}` : 'no'}</dd>`}
    </dl>
    ${upstreamProblemsOf(entry).length > 0 &&
    html`<h3>The service's breaks of the contract</h3>
      <ul class="hints">${upstreamProblemsOf(entry).map((problem) => html`<li>${problem}</li>`)}</ul>`}
    ${inputProblemsOf(entry).length > 0 &&
    html`<h3>Input problems (forwarded all the same)</h3>
      <ul class="hints">${inputProblemsOf(entry).map((problem) => html`<li>${problem}</li>`)}</ul>`}
    ${hintsOf(entry).length > 0 &&
    html`<h3>Hints</h3>
      <ul class="hints">${hintsOf(entry).map((hint) => html`<li><span class="mono">${hint.code}</span>: ${hint.message}</li>`)}</ul>`}
    <h3>Request headers</h3>
    <${Headers} headers=${entry.request?.headers} />
    <h3>Request body</h3>
    <${Body} part=${entry.request} />
    <h3>Response ${entry.status === 0 ? '' : entry.status}${entry.fault === 'lose-response' ? ' (made, then lost by the fault)' : ''}</h3>
    ${entry.response ? html`<${Body} part=${entry.response} />` : html`<p class="muted">No answer was made.</p>`}
  </section>`;
}
