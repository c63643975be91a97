import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { createSandbox } from 'esim-wholesale-sandbox';
import { startServer } from 'esim-wholesale-sandbox/server';
import { cli } from '../support/cli.js';
import { virtualWallClock } from '../support/virtual-wall-clock.js';

const RANGE = '1970-01-01T00:00:00.000Z to 9999-12-31T23:59:59.999Z';
const END = '9999-12-31T23:59:59.999Z';
const KEY = { 'x-api-key': 'sk_test_full_access' };

const postClock = (origin: string, body: unknown) =>
  fetch(`${origin}/__sandbox/clock`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

it('POST /__sandbox/clock refuses a move past the range with 400 naming the range, and changes nothing', async () => {
  await using server = await startServer({ port: 0 });
  const before = server.sandbox.now();
  for (const body of [
    { advanceMs: 8_000_000_000_000_000 },
    { advanceMs: -1 },
    { advanceMs: 1.5 },
    { advanceMs: 1e300 },
    { advanceMs: '5' },
    { now: '1969-12-31T23:59:59.999Z' },
    { now: '1970-01-01T00:30:00+01:00' },
    { now: '+275760-09-13T00:00:00.000Z' },
    { advanceMs: 8_000_000_000_000_000, mode: 'wall' },
  ]) {
    const refused = await postClock(server.origin, body);
    expect(refused.status, JSON.stringify(body)).toBe(400);
    const { error } = await refused.json();
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.message, JSON.stringify(body)).toContain(RANGE);
    expect(error.message).toMatch(/^(advanceMs|now): /);
  }
  expect(server.sandbox.now()).toBe(before);
  expect(server.sandbox.clockMode).toBe('step');
  const balance = await fetch(`${server.url}/getBalance`, { headers: KEY });
  expect(balance.status).toBe(200);
});

it('the clock reaches the last millisecond of the range and stays there: every later request answers', async () => {
  await using server = await startServer({ port: 0 });
  const moved = await postClock(server.origin, { now: '9999-12-31T23:59:59Z' });
  expect((await moved.json()).data.now).toBe('9999-12-31T23:59:59.000Z');
  const room = Date.parse(END) - Date.parse(server.sandbox.now());
  expect((await (await postClock(server.origin, { advanceMs: room })).json()).data.now).toBe(END);
  const refused = await (await postClock(server.origin, { advanceMs: 1 })).json();
  expect(refused.error.message).toBe(`advanceMs: expected a whole number of milliseconds from 0 to 0, which keeps the sandbox clock within ${RANGE} (it shows ${END}; got 1)`);

  const events = await fetch(`${server.origin}/__sandbox/events`);
  try {
    const product = (await (await fetch(`${server.url}/getProducts?limit=1`, { headers: KEY })).json()).data[0];
    const order = await fetch(`${server.url}/createOrder`, {
      method: 'POST',
      headers: { ...KEY, 'content-type': 'application/json' },
      body: JSON.stringify({ productId: product.id, quantity: 1, idempotencyKey: 'end-of-time-0001' }),
    });
    expect(order.status).toBe(200);
    expect((await order.json()).data.purchaseOrderId).toEqual(expect.any(String));
    for (const path of ['/health', '/state', '/requests', '/readiness']) {
      expect((await fetch(`${server.origin}/__sandbox${path}`)).status, path).toBe(200);
    }
    expect(server.sandbox.now()).toBe(END);
  } finally {
    await events.body?.cancel();
  }
});

it('advanceClock and setClock throw the same rule, naming the range, and leave the clock where it was', async () => {
  await using sandbox = createSandbox();
  const before = sandbox.now();
  expect(() => sandbox.advanceClock(8_000_000_000_000_000)).toThrow(RangeError);
  expect(() => sandbox.advanceClock(8_000_000_000_000_000)).toThrow(`advanceClock: expected a whole number of milliseconds from 0 to`);
  expect(() => sandbox.advanceClock(Number.NaN)).toThrow(RANGE);
  expect(() => sandbox.advanceClock(-5)).toThrow(RANGE);
  expect(() => sandbox.setClock('+275760-09-13T00:00:00.000Z')).toThrow(`setClock: expected a date-time from ${RANGE}, the range of the sandbox clock (got "+275760-09-13T00:00:00.000Z")`);
  expect(() => sandbox.setClock('1960-01-01T00:00:00Z')).toThrow(RANGE);
  expect(() => sandbox.setClock('soon')).toThrow(RANGE);
  expect(sandbox.now()).toBe(before);
  sandbox.setClock('1970-01-01T00:00:00.000Z');
  expect(sandbox.now()).toBe('1970-01-01T00:00:00.000Z');
});

it('a wall clock that runs past the end of the range shows its end; a step does not pass it either', async () => {
  const wall = virtualWallClock();
  await using sandbox = createSandbox({ clock: 'wall', wallClock: wall.now });
  sandbox.setClock('9999-12-31T23:59:59.000Z');
  await wall.sleep(5_000);
  expect(sandbox.now()).toBe(END);
  sandbox.setClockMode('step');
  expect(sandbox.now()).toBe(END);
  expect((await sandbox.fetch(new Request('http://x/api/v1/getBalance', { headers: KEY }))).status).toBe(200);
  expect(sandbox.now()).toBe(END);
  expect(sandbox.journal().at(-1)!.at).toBe(END);
});

it('a scenario whose clock starts outside the range is refused with its file, JSON path and the range', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'clock-range-'));
  try {
    const file = path.join(dir, 'too-early.json');
    writeFileSync(file, JSON.stringify({ name: 'too-early', description: 'Starts before 1970.', extends: 'default', clock: { start: '1969-07-20T20:17:00Z' } }));
    expect(() => createSandbox({ scenario: file })).toThrow(/too-early\.json.*\/clock\/start.*1970-01-01T00:00:00\.000Z to 9999-12-31T23:59:59\.999Z/s);
    const served = await cli('serve', '--port', '0', '--scenario', file);
    expect(served.exitCode).toBe(1);
    expect(served.stderr).toMatch(/\/clock\/start/);
    expect(served.stderr).toContain(RANGE);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

it('a provisioning delay past the end of the range ends at its last millisecond: the order is provisioned there, and the state exports', async () => {
  await using sandbox = createSandbox({
    scenario: { name: 'forever', description: 'Provisioning that takes longer than the clock can run.', extends: 'default', behavior: { provisioning: { mode: 'delayed', delayMs: 9_000_000_000_000_000 } } },
  });
  const product = (await (await sandbox.fetch(new Request('http://x/api/v1/getProducts?limit=1', { headers: KEY }))).json()).data[0];
  const order = await sandbox.fetch(
    new Request('http://x/api/v1/createOrder', { method: 'POST', headers: { ...KEY, 'content-type': 'application/json' }, body: JSON.stringify({ productId: product.id, quantity: 1, idempotencyKey: 'forever-0001' }) }),
  );
  const { purchaseOrderId } = (await order.json()).data;
  const exported = await sandbox.exportScenario();
  expect(exported.orders!.find((seeded) => seeded.id === purchaseOrderId)!.provisionedAt).toBe(END);
  sandbox.setClock(END);
  const status = await sandbox.fetch(new Request(`http://x/api/v1/getOrderStatus?purchaseOrderId=${purchaseOrderId}`, { headers: KEY }));
  expect((await status.json()).data.status).toBe('confirmed');
});
