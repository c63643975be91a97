import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox } from 'esim-wholesale-sandbox';
import { startServer, type RunningServer } from 'esim-wholesale-sandbox/server';
import { CHROMIUM, hasChromium, launchChromium } from '../support/chromium.js';

if (!hasChromium) {
  console.warn(`SKIPPED the inspector browser test: ${CHROMIUM} is not installed (apt-get install -y chromium; .ci/run does it).`);
}

const FULL_ACCESS = 'sk_test_full_access';
const PRODUCT = 'efd8480e-2903-458b-8ce3-156f0418df70';

/** A page on the inspector of `server` that records every request it makes, and refuses those off the server. */
async function openInspector(browser: Browser, server: RunningServer): Promise<{ page: Page; requested: string[] }> {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  const requested: string[] = [];
  page.on('request', (request) => void requested.push(request.url()));
  await page.route('**/*', (route) => (new URL(route.request().url()).origin === server.origin ? route.continue() : route.abort()));
  await page.goto(`${server.origin}/__sandbox/`);
  return { page, requested };
}

const api = (server: RunningServer, route: string, init: RequestInit & { key?: string } = {}) =>
  fetch(`${server.url}${route}`, {
    ...init,
    headers: {
      'x-api-key': init.key ?? FULL_ACCESS,
      ...(init.body !== undefined && { 'content-type': 'application/json' }),
      ...(init.headers as Record<string, string> | undefined),
    },
  }).then((response) => response.arrayBuffer().then(() => response.status));

const rows = (page: Page) => page.getByRole('table', { name: 'Requests' }).locator('tbody tr:not(.marker)');
const markers = (page: Page) => page.getByRole('table', { name: 'Requests' }).locator('tbody tr.marker');

async function mainBalance(server: RunningServer): Promise<number> {
  return (await server.sandbox.state()).accounts[0]!.balance.balanceThb;
}

describe.skipIf(!hasChromium)(`the inspector at /__sandbox/, in headless Chromium${hasChromium ? '' : ' (skipped: no Chromium)'}`, () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let requested: string[];

  beforeAll(async () => {
    server = await startServer({ port: 0, scenario: 'default', seed: 1 });
    browser = await launchChromium();
    ({ page, requested } = await openInspector(browser, server));
    await page.getByRole('table', { name: 'Requests' }).waitFor({ timeout: 20_000 });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('shows requests made with fetch as they come, newest first, with status and error code', async () => {
    expect(await api(server, '/getBalance')).toBe(200);
    expect(await api(server, '/getOrders?limit=0')).toBe(400);
    await expect.poll(() => rows(page).count(), { timeout: 1_500 }).toBe(2);
    await expect.poll(() => rows(page).first().innerText()).toMatch(/2\s+[\d:.]+\s+GET\s+\/api\/v1\/getOrders\?limit=0\s+400\s+VALIDATION_ERROR/);
    expect(await rows(page).nth(1).innerText()).toMatch(/1\s+[\d:.]+\s+GET\s+\/api\/v1\/getBalance\s+200/);
    expect(await rows(page).first().getAttribute('class')).toContain('error');
  });

  it('shows the detail of a selected request: headers with the key masked, the bodies pretty-printed', async () => {
    expect(await api(server, '/createOrder', { method: 'POST', body: JSON.stringify({ productId: PRODUCT, quantity: 1 }) })).toBe(200);
    await rows(page).filter({ hasText: '/createOrder' }).first().click();
    const detail = page.getByRole('region', { name: 'Request detail' });
    await expect.poll(() => detail.innerText()).toContain(`"productId": "${PRODUCT}"`);
    const text = await detail.innerText();
    expect(text).toContain('x-api-key: ************cess');
    expect(text).not.toContain(FULL_ACCESS);
    expect(text).toContain('"purchaseOrderId"');
    expect(text).toMatch(/Fault applied\s+none/);
    expect(text).toMatch(/Duration\s+[\d.]+ ms/);
  });

  it('filters the table by route and by status', async () => {
    await page.getByLabel('Route').selectOption('getBalance');
    await expect.poll(() => rows(page).count()).toBe(1);
    await page.getByLabel('Route').selectOption('');
    await page.getByLabel('Status').selectOption('4xx');
    await expect.poll(() => rows(page).count()).toBe(1);
    await page.getByLabel('Status').selectOption('');
    await expect.poll(() => rows(page).count()).toBe(3);
  });

  it('shows a request\'s hints in its row and in its detail', async () => {
    const body = JSON.stringify({ productId: PRODUCT, quantity: 1 });
    expect(await api(server, '/createOrder', { method: 'POST', body, headers: { 'Idempotency-Key': 'header-key-0001' } })).toBe(200);
    const row = rows(page).filter({ hasText: 'hint: idempotency-key-header' });
    await expect.poll(() => row.count()).toBe(1);
    await row.click();
    const detail = page.getByRole('region', { name: 'Request detail' });
    await expect.poll(() => detail.innerText()).toMatch(/Hints\s+idempotency-key-header: an Idempotency-Key header was sent: the key goes in the body field idempotencyKey/);
  });

  it('shows the state: balances as getBalance gives them, inventory, counts and the clock', async () => {
    const balance = (await (await fetch(`${server.url}/getBalance`, { headers: { 'x-api-key': FULL_ACCESS } })).json()).data.balanceThb;
    const state = page.getByRole('region', { name: 'State' });
    await expect.poll(() => state.getByRole('table', { name: 'Accounts' }).innerText()).toContain(String(balance));
    const now = (await (await fetch(`${server.origin}/__sandbox/health`)).json()).data.now;
    await expect.poll(() => state.innerText()).toContain(now);
    expect(await state.getByRole('table', { name: 'Products' }).locator('tbody tr').count()).toBe((await server.sandbox.state()).products.length);
  });

  it('tops up, advances the clock and resets from its controls: the balances return, the rows stay with a marker row', async () => {
    // The balances of the scenario's initial state, as a fresh sandbox has them.
    const initial = (await createSandbox({ seed: 1 }).state()).accounts.map((account) => account.balance.balanceThb);
    const current = await mainBalance(server);
    await page.getByLabel('API key').fill(FULL_ACCESS);
    await page.getByLabel('Amount (THB)').fill('2500');
    await page.getByRole('button', { name: 'Top up' }).click();
    await expect.poll(() => mainBalance(server)).toBe(current + 2500);
    await expect.poll(() => page.getByRole('table', { name: 'Accounts' }).innerText()).toContain(String(current + 2500));

    const before = Date.parse(server.sandbox.now());
    await page.getByLabel('Minutes').fill('90');
    await page.getByRole('button', { name: 'Advance clock' }).click();
    await expect.poll(() => Date.parse(server.sandbox.now()) - before).toBe(90 * 60_000);

    const rowsBefore = await rows(page).count();
    await page.getByRole('button', { name: 'Reset' }).click();
    await expect.poll(() => markers(page).allInnerTexts()).toEqual([expect.stringContaining('reset (scenario default)')]);
    expect(await rows(page).count()).toBe(rowsBefore);
    await expect.poll(async () => (await server.sandbox.state()).accounts.map((account) => account.balance.balanceThb)).toEqual(initial);
    await expect.poll(() => page.getByRole('table', { name: 'Accounts' }).innerText()).toContain(String(initial[0]));
    expect(await page.getByRole('table', { name: 'Accounts' }).innerText()).not.toContain(String(current + 2500));
  });

  it('switches the scenario from the select, as /__sandbox/health then says', async () => {
    const scenario = page.getByLabel('Scenario');
    expect(await scenario.locator('option').allInnerTexts()).toEqual(expect.arrayContaining(['default', 'low-balance', 'rate-limited']));
    await scenario.selectOption('low-balance');
    await expect.poll(async () => (await (await fetch(`${server.origin}/__sandbox/health`)).json()).data.scenario).toBe('low-balance');
    await expect.poll(() => scenario.inputValue()).toBe('low-balance');
    await scenario.selectOption('default');
    await expect.poll(async () => (await (await fetch(`${server.origin}/__sandbox/health`)).json()).data.scenario).toBe('default');
  });

  it("shows a session's requests under that session only", async () => {
    const created = await fetch(`${server.origin}/__sandbox/sessions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    const session = (await created.json()).data as { id: string; apiKeys: Record<string, string> };
    expect(await api(server, '/getProducts?limit=2', { key: session.apiKeys[FULL_ACCESS] })).toBe(200);
    expect(await api(server, '/getPaymentHistory?limit=1')).toBe(200);
    // The page looks for new sessions every 2 s.
    await expect
      .poll(() => page.getByLabel('Session').locator('option').allInnerTexts(), { timeout: 5_000 })
      .toContainEqual(expect.stringContaining(session.id));
    await page.getByLabel('Session').selectOption(session.id);
    await expect.poll(() => rows(page).count()).toBe(1);
    expect(await rows(page).first().innerText()).toContain('/getProducts?limit=2');
    expect(await api(server, '/getOrders?limit=1', { key: session.apiKeys[FULL_ACCESS] })).toBe(200);
    await expect.poll(() => rows(page).count(), { timeout: 1_500 }).toBe(2);
    await page.getByLabel('Session').selectOption('');
    await expect.poll(() => rows(page).first().innerText()).toContain('/getPaymentHistory');
    expect(await rows(page).filter({ hasText: '/getProducts' }).count()).toBe(0);
  });

  it('renders the page after a few requests', async () => {
    await fetch(`${server.origin}/__sandbox/requests`, { method: 'DELETE', headers: { 'content-type': 'application/json' } });
    await expect.poll(() => rows(page).count()).toBe(0);
    await api(server, '/getBalance');
    await api(server, '/getProducts?limit=5');
    await api(server, '/createOrder', { method: 'POST', body: JSON.stringify({ productId: PRODUCT, quantity: 2, idempotencyKey: 'inspector-0001' }) });
    await api(server, '/getOrders?limit=0');
    await api(server, '/getBalance', { key: 'sk_test_revoked' });
    await expect.poll(() => rows(page).count()).toBe(5);
    await rows(page).filter({ hasText: '/createOrder' }).click();
    await page.getByRole('region', { name: 'Request detail' }).waitFor();
    await expect.poll(() => page.getByRole('region', { name: 'State' }).innerText()).toContain(server.sandbox.now());
    expect((await page.screenshot()).byteLength).toBeGreaterThan(10_000);
  });

  it('loads nothing from anywhere but this server', () => {
    expect(requested.length).toBeGreaterThan(5);
    expect(requested.filter((url) => new URL(url).origin !== server.origin)).toEqual([]);
  });
});

describe.skipIf(!hasChromium)('the inspector of a server with an admin token', () => {
  const TOKEN = 'inspector-admin-token-0001';
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer({ port: 0, adminToken: TOKEN });
    browser = await launchChromium();
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('shows nothing but a token form until the token is given, then works with it for this tab', async () => {
    await api(server, '/getBalance');
    const { page, requested } = await openInspector(browser, server);
    const tokenField = page.getByLabel('Admin token');
    await tokenField.waitFor({ timeout: 20_000 });
    expect(await page.getByRole('table').count()).toBe(0);
    expect(await page.locator('body').innerText()).not.toContain('getBalance');

    await tokenField.fill('not-the-token');
    await page.getByRole('button', { name: 'Unlock' }).click();
    await expect.poll(() => page.getByRole('alert').innerText()).toContain('not accepted');
    expect(await page.getByRole('table').count()).toBe(0);

    await tokenField.fill(TOKEN);
    await page.getByRole('button', { name: 'Unlock' }).click();
    await expect.poll(() => rows(page).count(), { timeout: 5_000 }).toBe(1);
    await api(server, '/getProducts?limit=1');
    await expect.poll(() => rows(page).count(), { timeout: 1_500 }).toBe(2);
    expect(await page.evaluate(() => sessionStorage.getItem('esim-sandbox-admin-token'))).toBe(TOKEN);
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
    // The token travels in a header only, never in a URL.
    expect(requested.filter((url) => url.includes(TOKEN))).toEqual([]);

    await page.getByRole('button', { name: 'Reset' }).click();
    await expect.poll(() => markers(page).count()).toBe(1);
    await page.close();
  });
});
