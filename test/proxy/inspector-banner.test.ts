import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from 'esim-wholesale-sandbox/server';
import { startProxy, type RunningProxy } from '../../src/proxy/start-proxy.js';
import { CHROMIUM, hasChromium, launchChromium } from '../support/chromium.js';
import { FULL_ACCESS } from '../support/modes.js';

if (!hasChromium) console.warn(`SKIPPED the proxy inspector test: ${CHROMIUM} is not installed.`);

describe.skipIf(!hasChromium)('the inspector of a proxy, in headless Chromium', () => {
  let upstream: RunningServer;
  let proxy: RunningProxy;
  let browser: Browser;
  let page: Page;
  const failed: string[] = [];

  beforeAll(async () => {
    upstream = await startServer({ port: 0 });
    proxy = await startProxy({ port: 0, upstream: upstream.url });
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    page.on('response', (response) => void (response.status() >= 400 && failed.push(`${response.status()} ${response.url()}`)));
    await page.goto(`${proxy.origin}/__sandbox/`);
    await page.getByRole('table', { name: 'Requests' }).waitFor({ timeout: 20_000 });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await proxy?.[Symbol.asyncDispose]();
    await upstream?.[Symbol.asyncDispose]();
  });

  it('names the upstream in a banner, shows the proxied rows with their problems, and asks nothing of the state routes', async () => {
    await expect.poll(() => page.getByRole('status', { name: 'Proxy' }).textContent()).toContain(`Proxy to ${upstream.url}`);
    expect(await page.getByLabel('Session').count()).toBe(0);
    const headers = { 'x-api-key': FULL_ACCESS };
    expect((await fetch(`${proxy.url}/getBalance`, { headers })).status).toBe(200);
    expect((await fetch(`${proxy.url}/getProducts?limit=0`, { headers })).status).toBe(400);
    const rows = page.getByRole('table', { name: 'Requests' }).locator('tbody tr:not(.marker)');
    await expect.poll(() => rows.count()).toBe(2);
    expect(await rows.first().textContent()).toContain('input problem');
    await rows.first().click();
    const detail = page.getByRole('region', { name: 'Request detail' });
    await expect.poll(() => detail.textContent()).toContain('Input problems (forwarded all the same)');
    expect(await detail.textContent()).toContain(new URL(upstream.url).origin);
    await expect.poll(() => page.getByRole('status', { name: 'Proxy' }).textContent()).toContain('2 exchanges, 2 forwarded; no break by the service.');
    expect(failed.filter((line) => !line.includes('/api/v1/'))).toEqual([]);
  });
});
