// The admin API of this server, as the page calls it: JSON in and out with the token when there is one, and
// the live events of a sandbox over Server-Sent Events.
const ADMIN = '/__sandbox';
const TOKEN_KEY = 'esim-sandbox-admin-token';

/** The admin token, kept for this tab only. */
export const tokenStore = {
  get: () => sessionStorage.getItem(TOKEN_KEY) ?? '',
  set: (token) => (token ? sessionStorage.setItem(TOKEN_KEY, token) : sessionStorage.removeItem(TOKEN_KEY)),
};

export class AdminError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

/** A call of the admin API: JSON in and out, with the token when there is one. */
export async function admin(path, { method = 'GET', body, signal } = {}) {
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
 * EventSource cannot. Once the stream is open, `onOpen` loads what came before (the history), and resolves to
 * the `seq` of its last row: nothing falls between the two. A stream that ends with `overflow` (the page fell
 * too far behind) is resumed a second later with `Last-Event-ID`, and the server sends the rows it missed.
 * After any other end (a stop: the server may come back numbering afresh) the history is loaded again.
 */
export function followEvents(base, { onOpen, onEvent, onError }) {
  const controller = new AbortController();
  /** The `seq` of the last row the page has; undefined when the next connection loads the history. */
  let lastEventId;
  const connect = async () => {
    while (!controller.signal.aborted) {
      try {
        const headers = { accept: 'text/event-stream' };
        const token = tokenStore.get();
        if (token) headers.authorization = `Bearer ${token}`;
        if (lastEventId !== undefined) headers['last-event-id'] = String(lastEventId);
        const response = await fetch(`${ADMIN}${base}/events`, { headers, signal: controller.signal });
        if (!response.ok || !response.body) throw new AdminError(response.status, `events: HTTP ${response.status}`);
        if (lastEventId === undefined) lastEventId = (await onOpen()) ?? 0;
        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
        let buffered = '';
        let resume = false;
        for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
          buffered += chunk.value;
          let end;
          while ((end = buffered.indexOf('\n\n')) >= 0) {
            const event = parseEvent(buffered.slice(0, end));
            buffered = buffered.slice(end + 2);
            if (!event) continue;
            // A row the history already gave (the stream opened before the history was read).
            if (event.id !== undefined && event.id <= lastEventId) continue;
            if (event.id !== undefined) lastEventId = event.id;
            if (event.type === 'overflow') resume = true;
            onEvent(event);
          }
        }
        if (!resume) lastEventId = undefined;
      } catch (error) {
        if (controller.signal.aborted) return;
        lastEventId = undefined;
        onError(error);
        if (error instanceof AdminError && error.status === 401) return;
      }
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  };
  void connect();
  return () => controller.abort();
}

/** One event of the `text/event-stream` format, with its numeric `id` when it has one; undefined for a comment or a retry line. */
function parseEvent(block) {
  let type = 'message';
  let id;
  const data = [];
  for (const line of block.split('\n')) {
    if (line.startsWith('event:')) type = line.slice(6).trim();
    else if (line.startsWith('id:') && /^\d+$/.test(line.slice(3).trim())) id = Number(line.slice(3).trim());
    else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
  }
  if (data.length === 0) return undefined;
  return { type, id, data: JSON.parse(data.join('\n')) };
}
