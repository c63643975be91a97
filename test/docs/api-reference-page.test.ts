import { existsSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from 'esim-wholesale-sandbox/server';

const CHROMIUM = '/usr/bin/chromium';
const hasChromium = existsSync(CHROMIUM);
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
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
    });
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

  it('sent nothing off this machine', () => {
    expect(offMachine).toEqual([]);
  });
});
