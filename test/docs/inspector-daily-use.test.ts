import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from 'esim-wholesale-sandbox/server';
import { CHROMIUM, hasChromium, launchChromium } from '../support/chromium.js';

if (!hasChromium) console.warn(`SKIPPED the inspector's daily-use test: ${CHROMIUM} is not installed (apt-get install -y chromium).`);

const run = promisify(execFile);
const FULL_ACCESS = 'sk_test_full_access';
const PRODUCT = 'efd8480e-2903-458b-8ce3-156f0418df70';
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
/** `WRITE_INSPECTOR_SCREENSHOT=1`: the README's picture, from the 1280×800 run; `INSPECTOR_SCREENSHOTS=<dir>`: both sizes there. */
const README_SCREENSHOT = process.env['WRITE_INSPECTOR_SCREENSHOT'] ? path.resolve(import.meta.dirname, '../../docs/inspector.png') : undefined;
const SCREENSHOT_DIR = process.env['INSPECTOR_SCREENSHOTS'];

type Call = { route: string; body?: unknown; key?: string; method?: string };
const withDefaults = ({ route, body, key = FULL_ACCESS, method }: Call) => ({ route, body, key, method });

/** 24 requests of a partner's morning: answers, refusals of every kind, a replayed order, an unknown route. */
function partnerMorning(orderKey: string): Call[] {
  const order = { productId: PRODUCT, quantity: 2, idempotencyKey: orderKey };
  return [
    { route: '/getBalance' },
    { route: '/getProducts?limit=5' },
    { route: '/getProducts?limit=2&offset=2' },
    { route: '/createOrder', body: order },
    { route: '/createOrder', body: order },
    { route: '/getOrders?limit=10' },
    { route: '/getPaymentHistory?limit=3' },
    { route: '/getOrders?limit=0' },
    { route: '/getBalance', key: 'sk_test_revoked' },
    { route: '/createOrder', body: { productId: PRODUCT, quantity: 1, idempotencyKey: 'read-only-0001' }, key: 'sk_test_read_only' },
    { route: '/getBalance', key: 'sk_test_kyc_pending' },
    { route: '/createOrder', body: { productId: PRODUCT, quantity: 0, idempotencyKey: 'bad-quantity-0001' } },
    { route: '/createOrder', body: { productId: 'no-such-product', quantity: 1, idempotencyKey: 'bad-product-0001' } },
    { route: '/getOrderStatus?purchaseOrderId=00000000-0000-4000-8000-00000000dead' },
    { route: '/getBalance', method: 'DELETE' },
    { route: '/getInvoices' },
    { route: '/getProducts?limit=1&colour=blue' },
    { route: '/getBalance', key: '' },
    { route: '/createOrder', body: { productId: PRODUCT, quantity: 1, idempotencyKey: 'morning-0002' } },
    { route: '/getPaymentHistory?limit=1' },
    { route: '/getProducts?limit=200' },
    { route: '/getOrders?limit=2' },
    { route: '/getBalance' },
    { route: '/getBalance', key: 'sk_test_read_only' },
  ];
}

async function send(server: RunningServer, call: Call): Promise<{ status: number; text: string }> {
  const { route, body, key, method } = withDefaults(call);
  const headers: Record<string, string> = key === '' ? {} : { 'x-api-key': key };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${server.url}${route}`, { method: method ?? (body === undefined ? 'GET' : 'POST'), headers, ...(body !== undefined && { body: JSON.stringify(body) }) });
  return { status: response.status, text: await response.text() };
}

const requestRows = (page: Page) => page.locator('table.requests tbody tr:not(.marker)');
const markerRows = (page: Page) => page.locator('table.requests tbody tr.marker');
const row = (page: Page, seq: number) => page.locator(`table.requests tbody tr[data-seq="${seq}"]`);

for (const viewport of [{ width: 1280, height: 800 }, { width: 1920, height: 1080 }]) {
  describe.skipIf(!hasChromium)(`the inspector as a partner's daily tool, at ${viewport.width}×${viewport.height}`, () => {
    let server: RunningServer;
    let browser: Browser;
    let page: Page;
    let orderId: string;

    beforeAll(async () => {
      server = await startServer({ port: 0, scenario: 'default', seed: 5 });
      browser = await launchChromium();
      // axe runs as a script of the test, which the page's policy (this server's scripts only) would refuse.
      page = await browser.newPage({ viewport, bypassCSP: true });
      await page.goto(`${server.origin}/__sandbox/`);
      await page.getByRole('table', { name: 'Requests' }).waitFor({ timeout: 20_000 });
    }, 60_000);

    afterAll(async () => {
      await browser?.close();
      await server?.close();
    });

    it('keeps all 24 rows through a scenario switch and a reset, with a marker row for each; Undo goes back', async () => {
      for (const call of partnerMorning('morning-0001')) await send(server, call);
      await expect.poll(() => requestRows(page).count(), { timeout: 3_000 }).toBe(24);
      await page.getByLabel('Scenario').selectOption('readiness-drill');
      await expect.poll(() => markerRows(page).allInnerTexts()).toEqual([expect.stringContaining('scenario → readiness-drill')]);
      await expect.poll(() => page.getByRole('status').innerText()).toContain('Scenario switched to readiness-drill');
      await page.getByRole('button', { name: 'Reset' }).click();
      await expect.poll(() => markerRows(page).count()).toBe(2);
      expect(await markerRows(page).first().innerText()).toContain('reset (scenario readiness-drill)');
      expect(await requestRows(page).count()).toBe(24);

      // Undo brings back the state before the reset (the drill's scenario), as one more marker row.
      await page.getByRole('button', { name: 'Undo' }).click();
      await expect.poll(() => markerRows(page).first().innerText()).toContain('snapshot restored (scenario readiness-drill');
      expect(server.sandbox.scenario.name).toBe('readiness-drill');
      expect(await requestRows(page).count()).toBe(24);
    });

    it('fits every column: no cell of the table overflows, long paths end in an ellipsis and are whole in their title', async () => {
      const overflowing = await page.$$eval('table.requests td:not(.path), table.requests th', (cells) =>
        cells.filter((cell) => cell.scrollWidth > cell.clientWidth + 1).map((cell) => cell.textContent),
      );
      expect(overflowing).toEqual([]);
      const scroller = await page.$eval('.requests-panel .scroll', (element) => [element.scrollWidth, element.clientWidth]);
      expect(scroller[0]).toBeLessThanOrEqual(scroller[1]!);
      const paths = await page.$$eval('table.requests td.path', (cells) => cells.map((cell) => [cell.getAttribute('title'), cell.textContent]));
      expect(paths).toContainEqual(['/api/v1/getProducts?limit=2&offset=2', '/api/v1/getProducts?limit=2&offset=2']);
      const headers = await page.$$eval('table.requests thead th', (cells) => cells.map((cell) => cell.textContent));
      expect(headers).toEqual(['#', 'Time', 'Method', 'Path', 'Status', 'Error code', 'Fault', 'Idem. key', 'Reused']);
    });

    it('shows the detail of a clicked row beside the table, in view without scrolling, with the key and reused', async () => {
      const reused = requestRows(page).filter({ hasText: '/createOrder' }).filter({ hasText: 'yes' });
      await reused.click();
      const detail = page.getByRole('region', { name: 'Request detail' });
      await expect.poll(() => detail.innerText()).toContain('"reused": true');
      const box = (await detail.getByRole('heading', { name: /^Response 200/ }).boundingBox())!;
      expect(box.y + box.height).toBeLessThan(viewport.height);
      expect(await page.evaluate(() => [window.scrollY, document.documentElement.scrollHeight <= window.innerHeight])).toEqual([0, true]);
      expect(await reused.innerText()).toMatch(/morning-0…/);
      orderId = /Order\s+([0-9a-f-]{36})/.exec(await detail.innerText())![1]!;
    });

    it('finds the requests of an order by its id, from the link in the detail or typed in the search', async () => {
      await page.getByRole('button', { name: orderId }).click();
      await expect.poll(() => page.getByLabel('Search').inputValue()).toBe(`order:${orderId}`);
      await send(server, { route: `/getOrderStatus?purchaseOrderId=${orderId}` });
      await expect.poll(() => requestRows(page).allInnerTexts()).toEqual([
        expect.stringContaining('/getOrderStatus'),
        expect.stringContaining('/createOrder'),
        expect.stringContaining('/createOrder'),
      ]);
      expect(await markerRows(page).count()).toBe(0);
      await page.getByLabel('Search').fill('FORBIDDEN_SCOPE');
      await expect.poll(() => requestRows(page).allInnerTexts()).toEqual([expect.stringMatching(/createOrder\s+403\s+FORBIDDEN_SCOPE/)]);
      await page.getByLabel('Search').fill('');
      await expect.poll(() => markerRows(page).count()).toBe(3);
    });

    it('copies a request as curl that, run with the real key put in, gets the same answer', async () => {
      const original = await send(server, { route: '/getPaymentHistory?limit=2' });
      await expect.poll(() => requestRows(page).first().innerText()).toContain('/getPaymentHistory?limit=2');
      await requestRows(page).first().click();
      await page.getByRole('button', { name: 'Copy as curl' }).click();
      const command = await page.getByLabel('curl command').innerText();
      expect(command).toMatch(/^# request #\d+: GET \/api\/v1\/getPaymentHistory\?limit=2\n/);
      expect(command).toContain('"x-api-key: $ESIM_API_KEY"');
      expect(command).not.toContain(FULL_ACCESS);
      const { stdout } = await run('sh', ['-c', command], { env: { ...process.env, ESIM_API_KEY: FULL_ACCESS } });
      expect(stdout).toBe(original.text);
    });

    it('replays a request through the API, marked as a replay', async () => {
      const order = requestRows(page).filter({ hasText: '/createOrder' }).filter({ hasText: 'no' }).last();
      const seq = Number(await order.getAttribute('data-seq'));
      await order.click();
      await page.getByRole('button', { name: 'Replay' }).click();
      const replay = requestRows(page).filter({ hasText: `replay of #${seq}` });
      await expect.poll(() => replay.count()).toBe(1);
      expect(await replay.innerText()).toMatch(/POST\s+replay of #\d+ \/api\/v1\/createOrder/);
    });

    it('queues a one-off fault from the page: journaled, waiting until the next call of its route, which it strikes', async () => {
      const form = page.getByRole('form', { name: 'Queue a one-off fault' });
      await form.getByLabel('Next call of').selectOption('getBalance');
      await form.getByLabel('Effect').selectOption('error');
      await form.getByLabel('Answer').selectOption('500');
      await form.getByRole('button', { name: 'Queue fault' }).click();
      const waiting = page.getByRole('list', { name: 'Faults waiting' });
      await expect.poll(() => waiting.innerText()).toContain('the next call of getBalance → error 500');
      await expect.poll(() => markerRows(page).first().innerText()).toContain('fault queued: the next call of getBalance → error 500 (waiting)');
      expect((await send(server, { route: '/getBalance' })).status).toBe(500);
      await expect.poll(() => requestRows(page).first().innerText()).toMatch(/GET\s+\/api\/v1\/getBalance\s+500\s+INTERNAL_ERROR\s+error/);
      await expect.poll(() => page.getByText('No fault waiting.').count()).toBe(1);
      expect(await markerRows(page).first().innerText()).toContain('(used or taken back)');
    });

    it('shows a failing readiness check with its fix in plain sight and evidence rows that open the request', async () => {
      await send(server, { route: '/createOrder', body: { productId: PRODUCT, quantity: 1 } });
      const check = page.getByRole('article', { name: 'Every createOrder carries an idempotencyKey' });
      await expect.poll(() => check.innerText(), { timeout: 3_000 }).toMatch(/^fail/i);
      const text = await check.innerText();
      expect(text).toContain('Fix:');
      const evidence = check.getByRole('list', { name: /^Evidence of/ }).getByRole('button');
      expect(await evidence.count()).toBeGreaterThan(0);
      const seq = Number(/#(\d+)/.exec(await evidence.first().innerText())![1]);
      await evidence.first().click();
      await expect.poll(() => page.getByRole('region', { name: 'Request detail' }).innerText()).toContain(`#${seq} POST`);
      expect(await row(page, seq).getAttribute('aria-selected')).toBe('true');
    });

    it('passes axe-core with no serious or critical violation', async () => {
      await page.addScriptTag({ content: AXE_SOURCE });
      const violations = await page.evaluate(async () => {
        const result = await (window as unknown as { axe: { run(): Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> } }).axe.run();
        return result.violations.map(({ id, impact, nodes }) => ({ id, impact, nodes: nodes.slice(0, 3).map((node) => node.target.join(' ')) }));
      });
      expect(violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')).toEqual([]);
    });

    it('renders the page (WRITE_INSPECTOR_SCREENSHOT=1 writes docs/inspector.png; INSPECTOR_SCREENSHOTS=<dir> both sizes)', async () => {
      await requestRows(page).filter({ hasText: 'INTERNAL_ERROR' }).first().click();
      await page.$eval('.requests-panel .scroll', (element) => void (element.scrollTop = 0));
      const target = SCREENSHOT_DIR ? path.join(SCREENSHOT_DIR, `inspector-${viewport.width}x${viewport.height}.png`) : viewport.width === 1280 ? README_SCREENSHOT : undefined;
      expect((await page.screenshot({ path: target })).byteLength).toBeGreaterThan(10_000);
    });
  });
}
