// What the page reads off a history row (a request or a marker), and which rows a search and the filters keep.

export const isMarker = (entry) => entry.marker !== undefined;
export const routeOf = (entry) => entry.route ?? entry.url.split('?')[0];
export const isError = (entry) => entry.status === 0 || entry.status >= 400;
export const timeOf = (iso) => (iso ? iso.slice(11, 23) : '');
export const pretty = (value) => (typeof value === 'string' ? value : JSON.stringify(value, null, 2));

export function statusClass(entry) {
  if (entry.status === 0) return 'dropped';
  return `${Math.floor(entry.status / 100)}xx`;
}

/** The idempotency key a request carried: the createOrder body's field, else an `Idempotency-Key` header. */
export function idempotencyKeyOf(entry) {
  return entry.orderRequest?.idempotencyKey ?? entry.request?.headers?.['idempotency-key'];
}

/** A key short enough for its column; the whole key is in the cell's title. */
export function shortKey(key) {
  return key === undefined || key.length <= 10 ? key : `${key.slice(0, 9)}…`;
}

export const hintsOf = (entry) => (Array.isArray(entry.hints) ? entry.hints : []);

/** Proxy mode: where the real service broke the contract, and what the request itself got wrong (forwarded all the same). */
export const upstreamProblemsOf = (entry) => entry.proxied?.upstreamProblems ?? [];
export const inputProblemsOf = (entry) => entry.proxied?.inputProblems ?? [];

/** The text a search looks in: order id, idempotency key, error code and message, path, bodies, hints. */
function searchableText(entry) {
  const parts = [entry.url, entry.orderId, idempotencyKeyOf(entry), entry.errorCode, entry.errorMessage, entry.fault];
  for (const part of [entry.request, entry.response]) {
    if (part?.body !== undefined) parts.push(JSON.stringify(part.body));
    if (part?.bodyText !== undefined) parts.push(part.bodyText);
  }
  for (const hint of hintsOf(entry)) parts.push(hint.code, hint.message);
  parts.push(...upstreamProblemsOf(entry), ...inputProblemsOf(entry));
  return parts.filter(Boolean).join('\n').toLowerCase();
}

/** A request of the order: the createOrder that placed or replayed it, a getOrderStatus that named it. */
function isOfOrder(entry, orderId) {
  return entry.orderId?.toLowerCase() === orderId || entry.url.toLowerCase().includes(`purchaseorderid=${orderId}`);
}

/**
 * The rows the table shows: every row when nothing narrows it; else the requests that pass the filters and
 * contain every word of the search, `order:<id>` standing for the requests of that order (marker rows only show
 * with the whole history).
 */
export function visibleRows(entries, { search, route, status, faulted, withHints }) {
  const words = search.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const narrowed = words.length > 0 || route !== '' || status !== '' || faulted || withHints;
  if (!narrowed) return entries;
  return entries.filter((entry) => {
    if (isMarker(entry)) return false;
    if (route !== '' && routeOf(entry) !== route) return false;
    if (status !== '' && (status === 'error' ? !isError(entry) : statusClass(entry) !== status)) return false;
    if (faulted && entry.fault === undefined && entry.queuedFault === undefined) return false;
    if (withHints && hintsOf(entry).length === 0) return false;
    if (words.length === 0) return true;
    const text = searchableText(entry);
    return words.every((word) => (word.startsWith('order:') ? isOfOrder(entry, word.slice(6)) : text.includes(word)));
  });
}
