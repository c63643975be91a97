import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from 'esim-wholesale-sandbox/server';
import { CHROMIUM, hasChromium, launchChromium } from '../support/chromium.js';
if (!hasChromium) {
  console.warn(`SKIPPED the /docs browser test: ${CHROMIUM} is not installed (apt-get install -y chromium; .ci/run does it).`);
}

describe.skipIf(!hasChromium)(`the API reference page at /docs, in headless Chromium${hasChromium ? '' : ` (skipped: ${CHROMIUM} is not installed)`}`, () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  /** Requests the page tried to send off this machine: there must be none (no CDN, no validator badge). */
  const offMachine: string[] = [];

  beforeAll(async () => {
    server = await startServer({ port: 0, scenario: 'default', seed: 1 });
    browser = await launchChromium();
    page = await browser.newPage();
    await page.route('**/*', (route) => {
      const url = new URL(route.request().url());
      if (url.origin === server.origin) return route.continue();
      offMachine.push(url.href);
      return route.abort();
    });
    await page.goto(`${server.origin}/docs`);
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('lists the six routes of the document, on this server, authorised with the test key', async () => {
    await page.locator('.opblock').first().waitFor({ timeout: 20_000 });
    const paths = await page.locator('.opblock-summary-path').evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-path')));
    expect(paths).toEqual(['/getBalance', '/getProducts', '/getPaymentHistory', '/createOrder', '/getOrderStatus', '/getOrders']);
    await expect.poll(() => page.locator('.servers select, .servers').first().textContent()).toContain(server.url);
    // A padlock shows "locked" once the key is set.
    await expect.poll(() => page.locator('.authorize.locked').count()).toBeGreaterThan(0);
  });

  it('tries getBalance from the page: 200 and the balance of the account', async () => {
    const expected = await (await fetch(`${server.url}/getBalance`, { headers: { 'x-api-key': 'sk_test_full_access' } })).json();
    const operation = page.locator('#operations-eSIM_wholesale-getBalance');
    await operation.locator('.opblock-summary').click();
    await operation.getByRole('button', { name: 'Try it out' }).click();
    await operation.getByRole('button', { name: 'Execute' }).click();
    const response = operation.locator('.live-responses-table .response').first();
    await response.waitFor({ timeout: 20_000 });
    expect((await response.locator('.response-col_status').textContent())?.trim()).toBe('200');
    const body = await response.locator('.response-col_description pre').first().textContent();
    expect(JSON.parse(body!).data.balanceThb).toBe(expected.data.balanceThb);
    expect(await operation.locator('.request-url pre').textContent()).toBe(`${server.url}/getBalance`);
  });

  it('calls the API and the admin API from the page itself: same-origin writes pass', async () => {
    const statuses = await page.evaluate(async () => {
      const json = { 'content-type': 'application/json' };
      const products = await (await fetch('/api/v1/getProducts?limit=1', { headers: { 'x-api-key': 'sk_test_full_access' } })).json();
      const order = await fetch('/api/v1/createOrder', {
        method: 'POST',
        headers: { ...json, 'x-api-key': 'sk_test_full_access' },
        body: JSON.stringify({ productId: products.data[0].id, quantity: 1 }),
      });
      const topup = await fetch('/__sandbox/topups', { method: 'POST', headers: json, body: JSON.stringify({ apiKey: 'sk_test_full_access', amountThb: 10 }) });
      return [order.status, topup.status];
    });
    expect(statuses).toEqual([200, 200]);
  });

  it('keeps a page of another origin from changing the sandbox with a cross-site POST', async () => {
    // A page on http://localhost:<port> is another origin than http://127.0.0.1:<port>, yet as close as one gets.
    const other = await browser.newPage();
    try {
      await other.goto(`http://localhost:${server.port}/docs/`);
      const before = { scenario: server.sandbox.scenario.name, state: await server.sandbox.state() };
      await other.evaluate(async (target) => {
        const simple = { method: 'POST', mode: 'no-cors' } as const;
        await fetch(`${target}/__sandbox/scenario`, { ...simple, body: '{"name":"empty-inventory"}' });
        await fetch(`${target}/__sandbox/topups`, { ...simple, headers: { 'content-type': 'application/json' }, body: '{"apiKey":"sk_test_full_access","amountThb":5000}' });
        await fetch(`${target}/__sandbox/reset`, { ...simple, headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'x=1' });
        // A JSON write needs the server's consent first (a CORS preflight), which it never gives.
        await fetch(`${target}/__sandbox/clock`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"advanceMs":86400000}' }).catch(() => undefined);
      }, server.origin);
      expect({ scenario: server.sandbox.scenario.name, state: await server.sandbox.state() }).toEqual(before);
    } finally {
      await other.close();
    }
  });

  it('sent nothing off this machine', () => {
    expect(offMachine).toEqual([]);
  });
});
