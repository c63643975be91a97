import { createHash } from 'node:crypto';

/** One request of the golden sequence; `{orderId}` and `{productId}` stand for values answered earlier. */
export interface GoldenRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  key?: string | null;
  /** Sent as it is (a string) or as JSON. */
  body?: unknown;
  contentType?: string;
}

const FULL = 'sk_test_full_access';
const UNKNOWN_ORDER = '5b0e1d3c-7a2f-4e8b-9c1d-2f3a4b5c6d7e';

/** Every route of the imitated API, successes and every kind of refusal, in an order that builds on itself. */
export const GOLDEN_REQUESTS: readonly GoldenRequest[] = [
  { path: '/getBalance' },
  { path: '/getProducts' },
  { path: '/getProducts?limit=1' },
  { path: '/getProducts?limit=200' },
  { path: '/getProducts?limit=0' },
  { path: '/getProducts?limit=abc' },
  { path: '/getProducts?limit=2&limit=3' },
  { path: '/getProducts?colour=red' },
  { path: '/getPaymentHistory' },
  { path: '/getPaymentHistory?limit=2' },
  { path: '/getPaymentHistory?limit=201' },
  { method: 'POST', path: '/createOrder', body: { productId: '{productId}', quantity: 2, idempotencyKey: 'golden-1', includeQrImages: true } },
  { method: 'POST', path: '/createOrder', body: { productId: '{productId}', quantity: 2, idempotencyKey: 'golden-1' } },
  { method: 'POST', path: '/createOrder', body: { productId: '{productId}', quantity: 5, idempotencyKey: 'golden-1' } },
  { method: 'POST', path: '/createOrder', body: { productId: '{productId}', quantity: 1 } },
  { method: 'POST', path: '/createOrder', body: { productId: '{productId}', quantity: 0 } },
  { method: 'POST', path: '/createOrder', body: { productId: '{productId}', quantity: 2001 } },
  { method: 'POST', path: '/createOrder', body: { productId: '{productId}', quantity: 1.5 } },
  { method: 'POST', path: '/createOrder', body: { quantity: 1 } },
  { method: 'POST', path: '/createOrder', body: { productId: 'no-such-product', quantity: 1 } },
  { method: 'POST', path: '/createOrder', body: { productId: '{productId}', quantity: 1, colour: 'red' } },
  { method: 'POST', path: '/createOrder', body: { productId: '{productId}', quantity: 1, idempotencyKey: '' } },
  { method: 'POST', path: '/createOrder', body: { productId: '{productId}', quantity: 1, includeQrImages: 'yes' } },
  { method: 'POST', path: '/createOrder', body: '{"productId": ' },
  { method: 'POST', path: '/createOrder', body: '[1,2]' },
  { method: 'POST', path: '/createOrder', body: '' },
  { method: 'POST', path: '/createOrder', body: 'productId=x', contentType: 'text/plain' },
  { method: 'POST', path: '/createOrder', body: { productId: '{productId}', quantity: 1999 } },
  { method: 'POST', path: '/createOrder', body: { productId: '{productId}', quantity: 40, idempotencyKey: 'golden-2' } },
  { method: 'POST', path: '/createOrder', key: 'sk_test_read_only', body: { productId: '{productId}', quantity: 1 } },
  { path: '/getOrderStatus?purchaseOrderId={orderId}' },
  { path: '/getOrderStatus?purchaseOrderId={orderId}&includeQrImages=true' },
  { path: '/getOrderStatus?purchaseOrderId={orderId}&includeQrImages=maybe' },
  { path: '/getOrderStatus' },
  { path: '/getOrderStatus?purchaseOrderId=not-a-uuid' },
  { path: `/getOrderStatus?purchaseOrderId=${UNKNOWN_ORDER}` },
  { path: '/getOrders' },
  { path: '/getOrders?limit=2' },
  { path: '/getBalance' },
  { method: 'POST', path: '/getBalance' },
  { method: 'DELETE', path: '/createOrder' },
  { path: '/nowhere' },
  { path: '/getBalance', key: null },
  { path: '/getBalance', key: 'sk_test_not_a_key' },
  { path: '/getBalance', key: 'sk_test_revoked' },
  { path: '/getOrders', key: 'sk_test_kyc_pending' },
  { path: '/getBalance', key: 'sk_test_read_only' },
  { path: '/getProducts?limit=3', key: 'sk_test_read_only' },
];

/** The answer headers that belong to the contract; transport headers (date, connection) are left out. */
const KEPT_HEADERS = ['content-type', 'allow', 'retry-after', 'x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset'];

export type Send = (request: { method: string; path: string; headers: Headers; body?: string }) => Promise<Response>;

/**
 * Runs the sequence and writes each answer as a readable block: the request, the status and contract
 * headers, a sha256 of the exact body bytes (so key order and number formatting count), and the body
 * pretty-printed (so a changed byte shows as a readable diff).
 */
export async function runGoldenScript(send: Send): Promise<string> {
  const blocks: string[] = [];
  const found: Record<string, string> = {};
  for (const [index, step] of GOLDEN_REQUESTS.entries()) {
    const method = step.method ?? 'GET';
    const path = fill(step.path, found);
    const headers = new Headers();
    const key = step.key === undefined ? FULL : step.key;
    if (key !== null) headers.set('x-api-key', key);
    let body: string | undefined;
    if (step.body !== undefined) {
      body = typeof step.body === 'string' ? step.body : fill(JSON.stringify(step.body), found);
      headers.set('content-type', step.contentType ?? 'application/json');
    }
    const response = await send({ method, path, headers, ...(body !== undefined && { body }) });
    const text = await response.text();
    remember(found, text);
    blocks.push(describe(index + 1, method, path, key, body, response, text));
  }
  return `${blocks.join('\n')}\n`;
}

function fill(text: string, found: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => found[name] ?? whole);
}

/** The second product of the first getProducts, and the first order placed. */
function remember(found: Record<string, string>, text: string): void {
  const data = (safeParse(text) as { data?: unknown } | undefined)?.data;
  if (found.productId === undefined && Array.isArray(data) && typeof data[1]?.id === 'string') found.productId = data[1].id;
  const orderId = (data as { purchaseOrderId?: unknown } | undefined)?.purchaseOrderId;
  if (found.orderId === undefined && typeof orderId === 'string') found.orderId = orderId;
}

function describe(n: number, method: string, path: string, key: string | null, body: string | undefined, response: Response, text: string): string {
  const lines = [`### ${n} ${method} ${path} (key: ${key ?? 'none'})`];
  if (body !== undefined) lines.push(`> ${body}`);
  if (response.type === 'error') return [...lines, 'network error', ''].join('\n');
  lines.push(`${response.status}`);
  for (const name of KEPT_HEADERS) {
    const value = response.headers.get(name);
    if (value !== null) lines.push(`${name}: ${value}`);
  }
  lines.push(`sha256: ${createHash('sha256').update(text).digest('hex')}`);
  const parsed = safeParse(text);
  lines.push(parsed === undefined ? text : JSON.stringify(parsed, null, 2), '');
  return lines.join('\n');
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
