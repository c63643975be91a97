// The inspector page: the history of requests (through resets and switches), their detail, one-off faults, the
// readiness report, the state and the controls of the sandbox or of one session. Everything comes from the admin
// API of this server (same origin); nothing is loaded from elsewhere. Preact with htm, as ES modules served from
// this server: no build step.
import { html, render, useCallback, useEffect, useRef, useState } from '/__sandbox/inspector/vendor/standalone.module.js';
import { AdminError, admin, followEvents, tokenStore } from '/__sandbox/inspector/admin.js';
import { Controls } from '/__sandbox/inspector/controls.js';
import { DetailPanel } from '/__sandbox/inspector/detail-panel.js';
import { Field } from '/__sandbox/inspector/field.js';
import { FaultsPanel } from '/__sandbox/inspector/faults-panel.js';
import { ReadinessPanel } from '/__sandbox/inspector/readiness-panel.js';
import { RequestsPanel } from '/__sandbox/inspector/requests-panel.js';
import { ProxyBanner } from '/__sandbox/inspector/proxy-banner.js';
import { isMarker } from '/__sandbox/inspector/rows.js';
import { StatePanel } from '/__sandbox/inspector/state-panel.js';

/** Rows kept on the page, newest first; the journal keeps its own bound. */
const MAX_ROWS = 1000;

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
  const [proxied, setProxied] = useState(false);
  const check = useCallback(async () => {
    try {
      await admin('/health');
      // A proxy (esim-sandbox proxy) answers its summary; a sandbox has none.
      setProxied(await admin('/proxy').then(() => true, () => false));
      setLocked(false);
    } catch (error) {
      setLocked(error instanceof AdminError && error.status === 401 ? true : error.message);
    }
  }, []);
  useEffect(() => void check(), [check]);
  if (locked === undefined) return html`<p class="loading">Connecting…</p>`;
  if (locked === true) return html`<${TokenGate} onUnlock=${check} />`;
  if (typeof locked === 'string') return html`<p class="notice" role="alert">${locked}</p>`;
  return html`<${Inspector} proxied=${proxied} onLocked=${() => setLocked(true)} />`;
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

/** `rows` with `entry` in its place, newest first. */
/** The entry `seq` as the journal keeps it, with its bodies; undefined when the journal has it no longer. */
const wholeEntry = async (base, seq) => (await admin(`${base}/requests?since=${seq - 1}&limit=1&include=bodies`)).find((entry) => entry.seq === seq);

const withEntry = (rows, entry) => [entry, ...rows.filter((row) => row.seq !== entry.seq)].sort((a, b) => b.seq - a.seq).slice(0, MAX_ROWS);

function Inspector({ proxied, onLocked }) {
  const [sessionId, setSessionId] = useState('');
  const [sessions, setSessions] = useState([]);
  const [scenarios, setScenarios] = useState([]);
  const [entries, setEntries] = useState([]);
  const [state, setState] = useState(undefined);
  const [readiness, setReadiness] = useState(undefined);
  const [faults, setFaults] = useState([]);
  const [proxy, setProxy] = useState(undefined);
  const [selectedSeq, setSelectedSeq] = useState(undefined);
  const [search, setSearch] = useState('');
  const [notice, setNotice] = useState('');
  const [undo, setUndo] = useState(undefined);
  const side = useRef();
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
      // A proxy holds no state of the imitation: its summary stands in for it.
      if (proxied) setProxy(await admin('/proxy'));
      else setState(await admin(`${base}/state`));
      setFaults(await admin(`${base}/faults`));
    } catch (error) {
      fail(error);
    }
    // The readiness report exists on servers that have it; the panel is hidden where it does not.
    try {
      setReadiness(await admin(`${base}/readiness`));
    } catch {
      setReadiness(undefined);
    }
  }, [base, fail, proxied]);
  const refreshState = useDebounced(loadState, 250);

  const loadSessions = useCallback(async () => {
    if (proxied) return;
    try {
      setSessions(await admin('/sessions'));
    } catch (error) {
      fail(error);
    }
  }, [fail, proxied]);

  useEffect(() => {
    if (proxied) return undefined;
    admin('/scenarios').then(setScenarios, fail);
    void loadSessions();
    const timer = setInterval(loadSessions, 2000);
    return () => clearInterval(timer);
  }, [loadSessions, fail]);

  // The events of the selected sandbox, and its history as the stream opens.
  useEffect(() => {
    setEntries([]);
    setSelectedSeq(undefined);
    setState(undefined);
    setUndo(undefined);
    return followEvents(base, {
      onOpen: async () => {
        const history = await admin(`${base}/requests?include=bodies`);
        setEntries(history.slice(-MAX_ROWS).reverse());
        await loadState();
        return history.at(-1)?.seq;
      },
      onEvent: (event) => {
        if (event.type === 'request' || event.type === 'marker') setEntries((rows) => withEntry(rows, event.data));
        // Bodies over 8 KiB come cut in events: the whole entry, for the detail and the search, from the journal.
        if (event.data.bodiesCut) void wholeEntry(base, event.data.seq).then((entry) => entry && setEntries((rows) => withEntry(rows, entry)), () => undefined);
        else if (event.type === 'history-cleared') {
          setEntries([]);
          setSelectedSeq(undefined);
        }
        refreshState();
      },
      onError: fail,
    });
  }, [base]);

  /** A write of the admin API; a reset or a switch keeps a snapshot first, for Undo. */
  const act = async (path, body, undoLabel) => {
    setNotice('');
    const forget = (snapshot) => void admin(`${base}/snapshots/${snapshot.id}`, { method: 'DELETE' }).catch(() => undefined);
    let snapshot;
    try {
      snapshot = undoLabel ? await admin(`${base}/snapshots`, { method: 'POST', body: {} }) : undefined;
      await admin(`${base}${path}`, { method: 'POST', body });
    } catch (error) {
      if (snapshot) forget(snapshot);
      return fail(error);
    }
    if (snapshot) {
      if (undo) forget(undo);
      setUndo({ label: undoLabel, id: snapshot.id });
    }
    await loadState();
  };

  const undoLast = async () => {
    const { id } = undo;
    setUndo(undefined);
    try {
      await admin(`${base}/snapshots/${id}/restore`, { method: 'POST', body: {} });
      await admin(`${base}/snapshots/${id}`, { method: 'DELETE' });
      await loadState();
    } catch (error) {
      fail(error);
    }
  };

  const select = (seq) => {
    setSelectedSeq(seq);
    if (side.current) side.current.scrollTop = 0;
    document.querySelector(`tr[data-seq="${seq}"]`)?.scrollIntoView({ block: 'nearest' });
  };

  const selected = entries.find((entry) => entry.seq === selectedSeq && !isMarker(entry));
  return html`
    <header>
      <h1>Sandbox inspector</h1>
      ${!proxied && html`<${Field} id="session" label="Session">
        <select id="session" value=${sessionId} onFocus=${loadSessions} onChange=${(event) => setSessionId(event.currentTarget.value)}>
          <option value="">Main sandbox</option>
          ${sessions.map((session) => html`<option value=${session.id}>${session.id} (${session.scenario})</option>`)}
          ${sessionId !== '' && !sessions.some((session) => session.id === sessionId) && html`<option value=${sessionId}>${sessionId}</option>`}
        </select>
      <//>`}
      ${!proxied && html`<${Controls} scenarios=${scenarios} current=${state?.scenario} act=${act} />`}
    </header>
    ${proxy && html`<${ProxyBanner} proxy=${proxy} />`}
    ${notice && html`<p class="notice" role="alert">${notice}</p>`}
    ${undo &&
    html`<p class="undo" role="status">
      ${undo.label}; the history keeps its requests.
      <button type="button" class="secondary" onClick=${undoLast}>Undo</button>
      <button type="button" class="secondary" onClick=${() => setUndo(undefined)} aria-label="Dismiss">×</button>
    </p>`}
    <main class="layout">
      <${RequestsPanel}
        entries=${entries}
        selectedSeq=${selectedSeq}
        onSelect=${select}
        search=${search}
        onSearch=${setSearch}
        onClear=${() => admin(`${base}/requests`, { method: 'DELETE' }).catch(fail)}
        waitingFaults=${new Set(faults.map((fault) => fault.id))}
      />
      <aside class="side" ref=${side} aria-label="Detail, faults, readiness and state">
        ${selected &&
        html`<${DetailPanel}
          entry=${selected}
          base=${base}
          fail=${fail}
          onClose=${() => setSelectedSeq(undefined)}
          onShowOrder=${(orderId) => setSearch(`order:${orderId}`)}
          onReplayed=${(entry) => (setEntries((rows) => withEntry(rows, entry)), select(entry.seq))}
        />`}
        <${FaultsPanel}
          faults=${faults}
          onQueue=${(fault) => admin(`${base}/faults`, { method: 'POST', body: fault }).then(loadState, fail)}
          onCancel=${(id) => admin(`${base}/faults/${id}`, { method: 'DELETE' }).then(loadState, fail)}
        />
        ${readiness && html`<${ReadinessPanel} report=${readiness} onOpen=${select} />`}
        ${!proxied && html`<${StatePanel} state=${state} />`}
      </aside>
    </main>
  `;
}

render(html`<${App} />`, document.getElementById('app'));
