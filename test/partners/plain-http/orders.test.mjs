import assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { after, before, beforeEach, test } from 'node:test';

// The sandbox as any client sees it: `npx esim-sandbox serve`, then plain HTTP (curl would do as well).
let serve;
let api;
let admin;
let initial;
const headers = { 'x-api-key': 'sk_test_full_access', 'content-type': 'application/json' };
const adminPost = async (path, body) =>
  (await fetch(`${admin}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body ?? {}) })).json();

before(async () => {
  serve = spawn('node_modules/.bin/esim-sandbox', ['serve', '--port', '0', '--seed', '7'], { stdio: ['ignore', 'pipe', 'inherit'] });
  let banner = '';
  for await (const chunk of serve.stdout.setEncoding('utf8')) {
    banner += chunk;
    if (/API\s+http\S+/.test(banner)) break;
  }
  api = /API\s+(http\S+)/.exec(banner)[1];
  admin = new URL('/__sandbox', api).href;
  initial = (await adminPost('/snapshots')).data.id; // the state every test starts from
});

beforeEach(() => adminPost(`/snapshots/${initial}/restore`));

after(async () => {
  serve.kill('SIGTERM');
  const [code] = await once(serve, 'exit');
  assert.equal(code, 0);
});

test('an order is charged to the wallet', async () => {
  const order = await fetch(`${api}/createOrder`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ productId: 'efd8480e-2903-458b-8ce3-156f0418df70', quantity: 2, idempotencyKey: 'partner-order-0001' }),
  });
  assert.equal(order.status, 200);
  const balance = await (await fetch(`${api}/getBalance`, { headers })).json();
  assert.equal(balance.data.balanceThb, 114060 - 2 * 233);
});

test('a sold-out product is refused', async () => {
  await adminPost('/scenario', { name: 'empty-inventory' });
  const order = await fetch(`${api}/createOrder`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ productId: 'efd8480e-2903-458b-8ce3-156f0418df70', quantity: 1, idempotencyKey: 'partner-order-0002' }),
  });
  assert.equal(order.status, 409);
  assert.equal((await order.json()).error.code, 'INVENTORY_EMPTY');
});

test('esim-sandbox export writes the state as a scenario that serves the same reads', async () => {
  await fetch(`${api}/createOrder`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ productId: 'efd8480e-2903-458b-8ce3-156f0418df70', quantity: 1, idempotencyKey: 'partner-order-0003' }),
  });
  const exported = await new Promise((resolve, reject) =>
    execFile('node_modules/.bin/esim-sandbox', ['export', '--url', api], (error, stdout) => (error ? reject(error) : resolve(JSON.parse(stdout)))),
  );
  assert.equal(exported.name, 'default-export');
  assert.equal(exported.products.find((product) => product.id === 'efd8480e-2903-458b-8ce3-156f0418df70').inventory, 5000 - 1);
});
