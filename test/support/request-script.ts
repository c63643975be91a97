import type { Target } from './modes.js';

/**
 * A fixed sequence of requests touching every route, successes and errors alike; answers are collected as
 * `status body` strings so that two runs can be compared byte for byte.
 */
export async function runRequestScript(target: Target): Promise<string[]> {
  const answers: string[] = [];
  const record = async (response: Response) => {
    const text = await response.text();
    answers.push(`${response.status} ${response.headers.get('content-type')} ${text}`);
    return JSON.parse(text);
  };
  await record(await target.call('/getBalance'));
  const products = await record(await target.call('/getProducts?limit=5'));
  const productId = products.data[1].id;
  await record(await target.call('/getPaymentHistory?limit=3'));
  const order = await record(await target.call('/createOrder', { json: { productId, quantity: 3, includeQrImages: true, idempotencyKey: 'script-key-1' } }));
  await record(await target.call('/createOrder', { json: { productId, quantity: 3, idempotencyKey: 'script-key-1' } }));
  await record(await target.call('/createOrder', { json: { productId: products.data[0].id, quantity: 1 } }));
  await record(await target.call(`/getOrderStatus?purchaseOrderId=${order.data.purchaseOrderId}&includeQrImages=true`));
  await record(await target.call('/getOrders?limit=3'));
  await record(await target.call('/getBalance'));
  await record(await target.call('/createOrder', { json: { productId, quantity: 0 } }));
  await record(await target.call('/createOrder', { key: 'sk_test_read_only', json: { productId, quantity: 1 } }));
  await record(await target.call('/getBalance', { key: 'sk_test_revoked' }));
  await record(await target.call('/getOrders', { key: 'sk_test_kyc_pending' }));
  await record(await target.call('/nowhere'));
  await record(await target.call('/getOrderStatus?purchaseOrderId=5b0e1d3c-7a2f-4e8b-9c1d-2f3a4b5c6d7e'));
  return answers;
}
