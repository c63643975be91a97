/** A sequence of requests over the six calls and their errors, each built from the answers before it. */

export interface Step {
  method: string;
  path: string;
  key?: string;
  body?: string;
  headers?: Record<string, string>;
}

export interface Seen {
  status: number;
  contentType: string | null;
  retryAfter: string | null;
  bytes: Buffer;
  json: unknown;
}

const FULL = 'sk_test_full_access';
const READ_ONLY = 'sk_test_read_only';
const KYC_PENDING = 'sk_test_kyc_pending';

type Data = { data?: { id?: string; purchaseOrderId?: string }[] & { id?: string; purchaseOrderId?: string } };

/** The steps, each given what the earlier ones answered. */
export const STEPS: ((seen: Seen[]) => Step)[] = [
  () => ({ method: 'GET', path: '/getBalance', key: FULL }),
  () => ({ method: 'GET', path: '/getBalance' }),
  () => ({ method: 'GET', path: '/getBalance', key: KYC_PENDING }),
  () => ({ method: 'GET', path: '/getProducts?limit=2', key: FULL }),
  () => ({ method: 'GET', path: '/getProducts?limit=0', key: FULL }),
  () => ({ method: 'GET', path: '/getPaymentHistory', key: FULL }),
  (seen) => order(seen, FULL, 'order-0001'),
  (seen) => order(seen, FULL, 'order-0001'),
  (seen) => order(seen, READ_ONLY, 'order-0002'),
  () => ({ method: 'POST', path: '/createOrder', key: FULL, body: '{"quantity":"one"}' }),
  () => ({ method: 'POST', path: '/createOrder', key: FULL, body: '{"quantity":1}', headers: { 'content-type': 'text/plain' } }),
  (seen) => ({ method: 'GET', path: `/getOrderStatus?purchaseOrderId=${(seen[6]!.json as Data).data!.purchaseOrderId}`, key: FULL }),
  () => ({ method: 'GET', path: '/getOrderStatus?purchaseOrderId=00000000-0000-4000-8000-000000000000', key: FULL }),
  () => ({ method: 'GET', path: '/getOrders', key: FULL }),
  () => ({ method: 'GET', path: '/getOrders?includeQrImages=true&limit=1', key: FULL }),
  () => ({ method: 'POST', path: '/getBalance', key: FULL, body: '{}' }),
  () => ({ method: 'GET', path: '/getNothing', key: FULL }),
];

function order(seen: Seen[], key: string, idempotencyKey: string): Step {
  const productId = (seen[3]!.json as Data).data![0]!.id;
  return { method: 'POST', path: '/createOrder', key, body: JSON.stringify({ productId, quantity: 1, idempotencyKey }) };
}

/** Sends a step to a base URL (ending in /api/v1) and reads what came back. */
export async function send(baseUrl: string, step: Step): Promise<Seen> {
  const headers: Record<string, string> = { ...(step.body !== undefined && { 'content-type': 'application/json' }), ...step.headers };
  if (step.key) headers['x-api-key'] = step.key;
  const response = await fetch(`${baseUrl}${step.path}`, { method: step.method, headers, ...(step.body !== undefined && { body: step.body }) });
  const bytes = Buffer.from(await response.arrayBuffer());
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString('utf8'));
  } catch {
    json = undefined;
  }
  return { status: response.status, contentType: response.headers.get('content-type'), retryAfter: response.headers.get('retry-after'), bytes, json };
}

/** Runs every step against a base URL. */
export async function runSteps(baseUrl: string): Promise<Seen[]> {
  const seen: Seen[] = [];
  for (const step of STEPS) seen.push(await send(baseUrl, step(seen)));
  return seen;
}
