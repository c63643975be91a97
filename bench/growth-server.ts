// Child process of the bench (run with --expose-gc and an IPC channel): a standalone server whose state the
// parent grows on request, in-process, with orders of 100 eSIMs each. Messages: `{ grow: orders }` →
// `{ orders, esims, rssBytes, heapUsedBytes, buildMs, sampleOrderId }` once there are that many orders, and
// the newest 2,000 of them read once by getOrderStatus: more than the rendered JSON the sandbox keeps holds
// (32 MiB, ~900 orders of 100 eSIMs), so that it is full, and counted in the RSS, as after reading them all
// (reading every one would only churn more memory through the answers' buffers).
import { startServer } from '../dist/server/index.js';

const ESIMS_PER_ORDER = 100;
const ORDERS_READ = 2000;
const KEY = 'sk_test_full_access';
const JSON_AUTH = { 'x-api-key': KEY, 'content-type': 'application/json' };

const server = await startServer({
  port: 0,
  scenario: {
    name: 'bench-growth',
    description: 'default with a deep inventory of every product, for a state of a million eSIMs',
    extends: 'default',
    inventory: { '*': 200_000 },
  },
});
const sandbox = server.sandbox;
const products = (
  (await (await sandbox.fetch(new Request(`${server.url}/getProducts?limit=200`, { headers: JSON_AUTH }))).json()) as {
    data: { id: string }[];
  }
).data;

let orders = 0;
const orderIds: string[] = [];
let readOrders = 0;

async function grow(target: number) {
  const started = performance.now();
  while (orders < target) {
    // 100 orders of 100 eSIMs cost at most ~8M THB: the wallet is topped up as it goes.
    if (orders % 100 === 0) await sandbox.topup({ apiKey: KEY, amountThb: 10_000_000 });
    const productId = products[orders % products.length]!.id;
    const response = await sandbox.fetch(
      new Request(`${server.url}/createOrder`, {
        method: 'POST',
        headers: JSON_AUTH,
        body: JSON.stringify({ productId, quantity: ESIMS_PER_ORDER }),
      }),
    );
    const text = await response.text();
    if (response.status !== 200) throw new Error(`createOrder answered ${response.status}: ${text}`);
    orderIds.push((JSON.parse(text) as { data: { purchaseOrderId: string } }).data.purchaseOrderId);
    orders += 1;
  }
  const buildMs = performance.now() - started;
  for (const id of orderIds.slice(Math.max(readOrders, orderIds.length - ORDERS_READ))) {
    const response = await sandbox.fetch(new Request(`${server.url}/getOrderStatus?purchaseOrderId=${id}`, { headers: JSON_AUTH }));
    if (response.status !== 200) throw new Error(`getOrderStatus answered ${response.status}: ${await response.text()}`);
    await response.arrayBuffer();
  }
  readOrders = orderIds.length;
  globalThis.gc?.();
  const memory = process.memoryUsage();
  return {
    orders,
    esims: orders * ESIMS_PER_ORDER,
    rssBytes: memory.rss,
    heapUsedBytes: memory.heapUsed,
    buildMs: Math.round(buildMs),
    sampleOrderId: orderIds[orderIds.length >> 1],
  };
}

process.on('message', (message: { grow?: number }) => {
  if (message.grow === undefined) return;
  grow(message.grow).then(
    (result) => process.send!(result),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
});
process.stdout.write(`growth server at ${server.url}\n`);
