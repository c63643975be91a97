// The inspector page: live requests, their bodies, the state, controls and the readiness report of the sandbox or
// of one session. Everything comes from the admin API of this server (same origin); nothing is loaded from
// elsewhere. Preact with htm, as one ES module served from this server: no build step.
import { html, render, useCallback, useEffect, useMemo, useRef, useState } from '/__sandbox/inspector/vendor/standalone.module.js';

const ADMIN = '/__sandbox';
const TOKEN_KEY = 'esim-sandbox-admin-token';
/** Rows kept on the page, newest first; the journal keeps its own bound. */
const MAX_ROWS = 1000;

/** The admin token, kept for this tab only. */
const tokenStore = {
  get: () => sessionStorage.getItem(TOKEN_KEY) ?? '',
  set: (token) => (token ? sessionStorage.setItem(TOKEN_KEY, token) : sessionStorage.removeItem(TOKEN_KEY)),
};

class AdminError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

/** A call of the admin API: JSON in and out, with the token when there is one. */
async function admin(path, { method = 'GET', body, signal } = {}) {
  const headers = { accept: 'application/json' };
  const token = tokenStore.get();
  if (token) headers.authorization = `Bearer ${token}`;
  // Every write says it is JSON, even without a body: the server refuses other writes.
  if (method !== 'GET') headers['content-type'] = 'application/json';
  const response = await fetch(`${ADMIN}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal });
  const payload = await response.json().catch(() => undefined);
  if (!response.ok || !payload?.success) throw new AdminError(response.status, payload?.error?.message ?? `${method} ${path}: HTTP ${response.status}`);
  return payload.data;
}

/**
 * Follows `GET <base>/events` (Server-Sent Events) with fetch, which can send the token in a header as
 * EventSource cannot. Once the stream is open, `onOpen` loads what came before (the journal): nothing falls
 * between the two. After the stream ends the page reconnects a second later, and loads again.
 */
function followEvents(base, { onOpen, onEvent, onError }) {
  const controller = new AbortController();
  const connect = async () => {
    while (!controller.signal.aborted) {
      try {
        const headers = { accept: 'text/event-stream' };
        const token = tokenStore.get();
        if (token) headers.authorization = `Bearer ${token}`;
        const response = await fetch(`${ADMIN}${base}/events`, { headers, signal: controller.signal });
        if (!response.ok || !response.body) throw new AdminError(response.status, `events: HTTP ${response.status}`);
        await onOpen();
        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
        let buffered = '';
        for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
          buffered += chunk.value;
          let end;
          while ((end = buffered.indexOf('\n\n')) >= 0) {
            const event = parseEvent(buffered.slice(0, end));
            buffered = buffered.slice(end + 2);
            if (event) onEvent(event);
          }
        }
      } catch (error) {
        if (controller.signal.aborted) return;
        onError(error);
        if (error instanceof AdminError && error.status === 401) return;
      }
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  };
  void connect();
  return () => controller.abort();
}

/** One event of the `text/event-stream` format; undefined for a comment or a retry line. */
function parseEvent(block) {
  let type = 'message';
  const data = [];
  for (const line of block.split('\n')) {
    if (line.startsWith('event:')) type = line.slice(6).trim();
    else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
  }
  if (data.length === 0) return undefined;
  return { type, data: JSON.parse(data.join('\n')) };
}

const pretty = (value) => (typeof value === 'string' ? value : JSON.stringify(value, null, 2));
const timeOf = (iso) => (iso ? iso.slice(11, 23) : '');
const routeOf = (entry) => entry.route ?? entry.url.split('?')[0];
const isError = (entry) => entry.status === 0 || entry.status >= 400;

function statusClass(entry) {
  if (entry.status === 0) return 'dropped';
  return `${Math.floor(entry.status / 100)}xx`;
}

/** Calls `fn` at most once per `ms`, the last call winning. */
function useDebounced(fn, ms) {
  const timer = useRef();
  const latest = useRef(fn);
  latest.current = fn;
  useEffect(() => () => clearTimeout(timer.current), []);
  return useCallback(() => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => latest.current(), ms);
  }, [ms]);
}

function App() {
  const [locked, setLocked] = useState(undefined);
  const check = useCallback(async () => {
    try {
      await admin('/health');
      setLocked(false);
    } catch (error) {
      setLocked(error instanceof AdminError && error.status === 401 ? true : error.message);
    }
  }, []);
  useEffect(() => void check(), [check]);
  if (locked === undefined) return html`<p class="loading">Connecting…</p>`;
  if (locked === true) return html`<${TokenGate} onUnlock=${check} />`;
  if (typeof locked === 'string') return html`<p class="notice" role="alert">${locked}</p>`;
  return html`<${Inspector} onLocked=${() => setLocked(true)} />`;
}

/** Shown instead of everything else while the server wants a token this tab has not given. */
function TokenGate({ onUnlock }) {
  const [failed, setFailed] = useState(tokenStore.get() !== '');
  const submit = async (event) => {
    event.preventDefault();
    tokenStore.set(new FormData(event.currentTarget).get('token').trim());
    setFailed(true);
    await onUnlock();
  };
  return html`<main class="gate">
    <section>
      <h1>Admin token</h1>
      <p>This sandbox is started with an admin token. Enter it to inspect the sandbox; it is kept for this tab only.</p>
      ${failed && html`<p class="notice" role="alert">That token was not accepted.</p>`}
      <form onSubmit=${submit}>
        <label>Admin token <input name="token" type="password" autocomplete="off" required /></label>
        <button type="submit">Unlock</button>
      </form>
    </section>
  </main>`;
}

function Inspector({ onLocked }) {
  const [sessionId, setSessionId] = useState('');
  const [sessions, setSessions] = useState([]);
  const [scenarios, setScenarios] = useState([]);
  const [entries, setEntries] = useState([]);
  const [state, setState] = useState(undefined);
  const [readiness, setReadiness] = useState(undefined);
  const [selectedSeq, setSelectedSeq] = useState(undefined);
  const [notice, setNotice] = useState('');
  const base = sessionId === '' ? '' : `/sessions/${encodeURIComponent(sessionId)}`;

  const fail = useCallback(
    (error) => {
      if (error instanceof AdminError && error.status === 401) return onLocked();
      setNotice(error.message);
    },
    [onLocked],
  );

  const loadState = useCallback(async () => {
    try {
      setState(await admin(`${base}/state`));
    } catch (error) {
      fail(error);
    }
    // The readiness report exists on servers that have it; the panel is hidden where it does not.
    try {
      setReadiness(await admin(`${base}/readiness`));
    } catch {
      setReadiness(undefined);
    }
  }, [base, fail]);
  const refreshState = useDebounced(loadState, 250);

  const loadSessions = useCallback(async () => {
    try {
      setSessions(await admin('/sessions'));
    } catch (error) {
      fail(error);
    }
  }, [fail]);

  useEffect(() => {
    admin('/scenarios').then(setScenarios, fail);
    void loadSessions();
    const timer = setInterval(loadSessions, 2000);
    return () => clearInterval(timer);
  }, [loadSessions, fail]);

  // The events of the selected sandbox, and its journal as the stream opens.
  useEffect(() => {
    setEntries([]);
    setSelectedSeq(undefined);
    setState(undefined);
    return followEvents(base, {
      onOpen: async () => {
        const journal = await admin(`${base}/requests?include=bodies`);
        setEntries(journal.slice().reverse());
        await loadState();
      },
      onEvent: (event) => {
        if (event.type === 'request') {
          setEntries((rows) => [event.data, ...rows.filter((row) => row.seq !== event.data.seq)].slice(0, MAX_ROWS));
        } else if (event.type === 'reset' || event.type === 'scenario') {
          setEntries([]);
          setSelectedSeq(undefined);
        } else if (event.type === 'restore') {
          // A snapshot brings its own journal back.
          setSelectedSeq(undefined);
          void admin(`${base}/requests?include=bodies`).then((journal) => setEntries(journal.slice().reverse()), fail);
        }
        refreshState();
      },
      onError: fail,
    });
  }, [base]);

  const act = async (path, body) => {
    setNotice('');
    try {
      await admin(`${base}${path}`, { method: 'POST', body });
      await loadState();
    } catch (error) {
      fail(error);
    }
  };

  const selected = entries.find((entry) => entry.seq === selectedSeq);
  return html`
    <header>
      <h1>Sandbox inspector</h1>
      <label>Session
        <select value=${sessionId} onFocus=${loadSessions} onChange=${(event) => setSessionId(event.currentTarget.value)}>
          <option value="">Main sandbox</option>
          ${sessions.map((session) => html`<option value=${session.id}>${session.id} (${session.scenario})</option>`)}
          ${sessionId !== '' && !sessions.some((session) => session.id === sessionId) && html`<option value=${sessionId}>${sessionId}</option>`}
        </select>
      </label>
      <${Controls} scenarios=${scenarios} current=${state?.scenario} act=${act} />
    </header>
    ${notice && html`<p class="notice" role="alert">${notice}</p>`}
    <main>
      <div>
        <${RequestsPanel} entries=${entries} selectedSeq=${selectedSeq} onSelect=${setSelectedSeq} />
        ${selected && html`<${Detail} entry=${selected} />`}
      </div>
      <div>
        <${StatePanel} state=${state} />
        ${readiness && html`<${ReadinessPanel} report=${readiness} />`}
      </div>
    </main>
  `;
}

function Controls({ scenarios, current, act }) {
  const [advanceMinutes, setAdvanceMinutes] = useState('60');
  const topup = (event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    void act('/topups', { apiKey: String(form.get('apiKey')).trim(), amountThb: Number(form.get('amountThb')) });
  };
  return html`
    <label>Scenario
      <select value=${current ?? ''} onChange=${(event) => act('/scenario', { name: event.currentTarget.value })}>
        ${current === undefined && html`<option value="">…</option>`}
        ${scenarios.map((scenario) => html`<option value=${scenario.name} title=${scenario.description}>${scenario.name}</option>`)}
        ${current !== undefined && !scenarios.some((scenario) => scenario.name === current) && html`<option value=${current}>${current}</option>`}
      </select>
    </label>
    <button type="button" onClick=${() => act('/reset')}>Reset</button>
    <div class="group">
      <label>Minutes <input type="number" min="0" step="1" value=${advanceMinutes} onInput=${(event) => setAdvanceMinutes(event.currentTarget.value)} /></label>
      <button type="button" onClick=${() => act('/clock', { advanceMs: Math.round(Number(advanceMinutes) * 60_000) })}>Advance clock</button>
    </div>
    <form class="inline" aria-label="Top up" onSubmit=${topup}>
      <fieldset>
        <legend>Top up</legend>
        <label>API key <input name="apiKey" value="sk_test_full_access" required /></label>
        <label>Amount (THB) <input name="amountThb" type="number" min="0.01" step="0.01" value="1000" required /></label>
        <button type="submit">Top up</button>
      </fieldset>
    </form>
  `;
}

function RequestsPanel({ entries, selectedSeq, onSelect }) {
  const [route, setRoute] = useState('');
  const [status, setStatus] = useState('');
  const routes = useMemo(() => [...new Set(entries.map(routeOf))].sort(), [entries]);
  const shown = entries.filter(
    (entry) =>
      (route === '' || routeOf(entry) === route) &&
      (status === '' || (status === 'fault' ? entry.fault !== undefined : status === 'error' ? isError(entry) : statusClass(entry) === status)),
  );
  return html`<section>
    <h2>Requests</h2>
    <div class="filters">
      <label>Route
        <select value=${route} onChange=${(event) => setRoute(event.currentTarget.value)}>
          <option value="">All routes</option>
          ${routes.map((name) => html`<option value=${name}>${name}</option>`)}
        </select>
      </label>
      <label>Status
        <select value=${status} onChange=${(event) => setStatus(event.currentTarget.value)}>
          <option value="">All statuses</option>
          <option value="2xx">2xx</option>
          <option value="4xx">4xx</option>
          <option value="5xx">5xx</option>
          <option value="error">errors</option>
          <option value="fault">injected faults</option>
        </select>
      </label>
      <span class="count" aria-live="polite">${shown.length} of ${entries.length}</span>
    </div>
    <div class="scroll">
      <table class="requests" aria-label="Requests">
        <thead><tr><th>Time</th><th>Method</th><th>Path</th><th class="num">Status</th><th>Error</th></tr></thead>
        <tbody>
          ${shown.map(
            (entry) => html`<tr
              key=${entry.seq}
              data-seq=${entry.seq}
              class=${`${isError(entry) ? 'error' : ''} ${entry.fault ? 'fault' : ''}`}
              aria-selected=${entry.seq === selectedSeq ? 'true' : 'false'}
              tabindex="0"
              onClick=${() => onSelect(entry.seq)}
              onKeyDown=${(event) => event.key === 'Enter' && onSelect(entry.seq)}
            >
              <td title=${`sandbox clock ${entry.at}`}>${timeOf(entry.wallAt ?? entry.at)}</td>
              <td>${entry.method}</td>
              <td class="path">${entry.url}</td>
              <td class="num status">${entry.status === 0 ? '—' : entry.status}</td>
              <td>${entry.errorCode && html`<span class="code">${entry.errorCode}</span>`}${entry.fault && html`<span class="badge">fault: ${entry.fault}</span>`}${(entry.hints ?? []).map(
                (hint) => html`<span class="badge hint" title=${hint.message}>hint: ${hint.code}</span>`,
              )}</td>
            </tr>`,
          )}
        </tbody>
      </table>
      ${entries.length === 0 && html`<p class="empty">No requests yet. Send one to ${location.origin}/api/v1 and it shows here.</p>`}
    </div>
  </section>`;
}

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

function Detail({ entry }) {
  return html`<section aria-label="Request detail">
    <h2>${entry.method} ${entry.url}</h2>
    <dl>
      <dt>Status</dt><dd>${entry.status === 0 ? 'none (connection closed)' : entry.status}${entry.errorCode ? ` ${entry.errorCode}` : ''}</dd>
      ${entry.errorMessage && html`<dt>Message</dt><dd>${entry.errorMessage}</dd>`}
      <dt>Fault applied</dt><dd>${entry.fault ?? 'none'}</dd>
      ${entry.hints && html`<dt>Hints</dt><dd><ul class="hints">${entry.hints.map((hint) => html`<li><span class="code">${hint.code}</span>: ${hint.message}</li>`)}</ul></dd>`}
      <dt>Duration</dt><dd>${entry.durationMs ?? '—'} ms</dd>
      <dt>Arrived</dt><dd>${entry.wallAt ?? '—'} (sandbox clock ${entry.at})</dd>
      <dt>API key</dt><dd>${entry.apiKey ?? 'none'}</dd>
      <dt>Seq</dt><dd>${entry.seq}</dd>
    </dl>
    <h3>Request headers</h3>
    <${Headers} headers=${entry.request?.headers} />
    <h3>Request body</h3>
    <${Body} part=${entry.request} />
    <h3>Response ${entry.status === 0 ? '' : entry.status}${entry.fault === 'lose-response' ? ' (made, then lost by the fault)' : ''}</h3>
    ${entry.response ? html`<${Body} part=${entry.response} />` : html`<p class="muted">No answer was made.</p>`}
  </section>`;
}

function StatePanel({ state }) {
  if (!state) return html`<section aria-label="State"><h2>State</h2><p class="muted">Loading…</p></section>`;
  return html`<section aria-label="State">
    <h2>State</h2>
    <dl>
      <dt>Scenario</dt><dd>${state.scenario}</dd>
      <dt>Sandbox clock</dt><dd data-testid="clock">${state.now}</dd>
      <dt>Orders</dt><dd>${state.records.orders}</dd>
      <dt>Payments</dt><dd>${state.records.payments}</dd>
    </dl>
    <h3>Accounts</h3>
    <table aria-label="Accounts">
      <thead><tr><th>Account</th><th>KYC</th><th class="num">Balance (THB)</th><th class="num">Top-ups</th><th class="num">Purchases</th><th class="num">Orders</th></tr></thead>
      <tbody>
        ${state.accounts.map(
          (account) => html`<tr key=${account.id}>
            <td title=${account.id}>${account.name}</td>
            <td>${account.kyc}</td>
            <td class="num">${account.balance.balanceThb}</td>
            <td class="num">${account.balance.totalTopupsThb}</td>
            <td class="num">${account.balance.totalPurchasesThb}</td>
            <td class="num">${account.orders}</td>
          </tr>`,
        )}
      </tbody>
    </table>
    <h3>Products</h3>
    <div class="scroll products">
      <table aria-label="Products">
        <thead><tr><th>SKU</th><th>Active</th><th class="num">Inventory left</th></tr></thead>
        <tbody>
          ${state.products.map(
            (product) => html`<tr key=${product.id}><td title=${product.id}>${product.sku}</td><td>${product.active ? 'yes' : 'no'}</td><td class="num">${product.inventory}</td></tr>`,
          )}
        </tbody>
      </table>
    </div>
  </section>`;
}

function ReadinessPanel({ report }) {
  return html`<section aria-label="Readiness">
    <h2>Readiness: <span class=${`verdict ${report.verdict}`}>${report.verdict}</span></h2>
    <table aria-label="Readiness checks">
      <thead><tr><th>Check</th><th>Status</th><th>Summary</th></tr></thead>
      <tbody>
        ${report.checks.map(
          (check) => html`<tr key=${check.id} title=${check.hint ?? ''}>
            <td>${check.title}</td>
            <td class=${check.status}>${check.status}</td>
            <td>${check.summary}</td>
          </tr>`,
        )}
      </tbody>
    </table>
  </section>`;
}

render(html`<${App} />`, document.getElementById('app'));
