// The history table: requests and marker rows, newest first, with its search and filters.
import { html, useMemo, useState } from '/__sandbox/inspector/vendor/standalone.module.js';
import { Field } from '/__sandbox/inspector/field.js';
import { hintsOf, idempotencyKeyOf, inputProblemsOf, isError, isMarker, routeOf, shortKey, timeOf, upstreamProblemsOf, visibleRows } from '/__sandbox/inspector/rows.js';

export function RequestsPanel({ entries, selectedSeq, onSelect, search, onSearch, onClear, waitingFaults }) {
  const [route, setRoute] = useState('');
  const [status, setStatus] = useState('');
  const [faulted, setFaulted] = useState(false);
  const [withHints, setWithHints] = useState(false);
  const requests = entries.filter((entry) => !isMarker(entry));
  const routes = useMemo(() => [...new Set(requests.map(routeOf))].sort(), [entries]);
  const shown = visibleRows(entries, { search, route, status, faulted, withHints });
  const shownRequests = shown.filter((entry) => !isMarker(entry)).length;
  return html`<section class="requests-panel" aria-labelledby="requests-title">
    <div class="panel-title">
      <h2 id="requests-title">Requests</h2>
      <span class="count" aria-live="polite">${shownRequests} of ${requests.length}</span>
      <${ClearHistory} count=${entries.length} onClear=${onClear} />
    </div>
    <div class="filters">
      <${Field} id="filter-search" label="Search" className="search">
        <input id="filter-search" type="search" value=${search} placeholder="order id, idempotency key, error code, body text" onInput=${(event) => onSearch(event.currentTarget.value)} />
      <//>
      <${Field} id="filter-route" label="Route">
        <select id="filter-route" value=${route} onChange=${(event) => setRoute(event.currentTarget.value)}>
          <option value="">All routes</option>
          ${routes.map((name) => html`<option value=${name}>${name}</option>`)}
        </select>
      <//>
      <${Field} id="filter-status" label="Status">
        <select id="filter-status" value=${status} onChange=${(event) => setStatus(event.currentTarget.value)}>
          <option value="">All statuses</option>
          <option value="2xx">2xx</option>
          <option value="4xx">4xx</option>
          <option value="5xx">5xx</option>
          <option value="error">errors</option>
        </select>
      <//>
      <label class="check"><input type="checkbox" checked=${faulted} onChange=${(event) => setFaulted(event.currentTarget.checked)} /> Faulted</label>
      <label class="check"><input type="checkbox" checked=${withHints} onChange=${(event) => setWithHints(event.currentTarget.checked)} /> With hints</label>
    </div>
    <div class="scroll">
      <table class="requests" aria-label="Requests">
        <colgroup>
          <col class="c-seq" /><col class="c-time" /><col class="c-method" /><col class="c-path" /><col class="c-status" />
          <col class="c-code" /><col class="c-fault" /><col class="c-key" /><col class="c-reused" />
        </colgroup>
        <thead><tr>
          <th scope="col" class="num">#</th><th scope="col">Time</th><th scope="col">Method</th><th scope="col">Path</th><th scope="col" class="num">Status</th>
          <th scope="col">Error code</th><th scope="col">Fault</th><th scope="col">Idem. key</th><th scope="col">Reused</th>
        </tr></thead>
        <tbody>
          ${shown.map((entry) =>
            isMarker(entry)
              ? html`<${MarkerRow} key=${entry.seq} entry=${entry} waiting=${waitingFaults.has(entry.seq)} />`
              : html`<${RequestRow} key=${entry.seq} entry=${entry} selected=${entry.seq === selectedSeq} onSelect=${onSelect} />`,
          )}
        </tbody>
      </table>
      ${entries.length === 0 && html`<p class="empty">No requests yet. Send one to ${location.origin}/api/v1 and it shows here.</p>`}
    </div>
  </section>`;
}

function RequestRow({ entry, selected, onSelect }) {
  const key = idempotencyKeyOf(entry);
  const fault = entry.fault ?? (entry.queuedFault !== undefined ? 'latency' : undefined);
  const classes = [isError(entry) && 'error', fault && 'fault', entry.replayOf !== undefined && 'replay'].filter(Boolean).join(' ');
  return html`<tr
    data-seq=${entry.seq}
    class=${classes}
    aria-selected=${selected ? 'true' : 'false'}
    tabindex="0"
    onClick=${() => onSelect(entry.seq)}
    onKeyDown=${(event) => event.key === 'Enter' && onSelect(entry.seq)}
  >
    <td class="num">#${entry.seq}</td>
    <td title=${`sandbox clock ${entry.at}`}>${timeOf(entry.wallAt ?? entry.at)}</td>
    <td>${entry.method}</td>
    <td class="path" title=${entry.url}>${entry.replayOf !== undefined && html`<span class="tag">replay of #${entry.replayOf}</span> `}${entry.url}</td>
    <td class="num status">${entry.status === 0 ? '—' : entry.status}</td>
    <td class="code" title=${entry.errorMessage ?? ''}>${entry.errorCode ?? ''}${hintsOf(entry).map((hint) => html` <span class="tag hint" title=${hint.message}>hint: ${hint.code}</span>`)}${
      inputProblemsOf(entry).length > 0 && html` <span class="tag hint" title=${inputProblemsOf(entry).join('\n')}>input problem</span>`}${
      upstreamProblemsOf(entry).length > 0 && html` <span class="tag upstream" title=${upstreamProblemsOf(entry).join('\n')}>service: ${entry.proxied.breakKind}</span>`}</td>
    <td>${fault && html`<span class="badge" title=${entry.queuedFault !== undefined ? `one-off fault queued at #${entry.queuedFault}` : 'a fault of the scenario'}>${fault}</span>`}</td>
    <td class="mono" title=${key ?? ''}>${shortKey(key) ?? ''}</td>
    <td>${entry.reused === undefined ? '' : entry.reused ? 'yes' : 'no'}</td>
  </tr>`;
}

function MarkerRow({ entry, waiting }) {
  return html`<tr class=${`marker marker-${entry.marker}`} data-seq=${entry.seq}>
    <td class="num">#${entry.seq}</td>
    <td title=${`sandbox clock ${entry.at}`}>${timeOf(entry.wallAt)}</td>
    <td colspan="7" class="marker-text" title=${entry.text}>${entry.text}${entry.marker === 'fault' ? (waiting ? ' (waiting)' : ' (used or taken back)') : ''}</td>
  </tr>`;
}

/** Clearing the history cannot be undone, so it asks once more, in place. */
function ClearHistory({ count, onClear }) {
  const [asking, setAsking] = useState(false);
  if (!asking) return html`<button type="button" class="secondary" disabled=${count === 0} onClick=${() => setAsking(true)}>Clear history</button>`;
  return html`<span class="group" role="group" aria-label="Clear the history?">
    <button type="button" class="danger" onClick=${() => (setAsking(false), onClear())}>Clear ${count} rows</button>
    <button type="button" class="secondary" onClick=${() => setAsking(false)}>Keep</button>
  </span>`;
}
