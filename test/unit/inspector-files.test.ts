import { describe, expect, it } from 'vitest';
import { startServer } from 'esim-wholesale-sandbox/server';

const TOKEN = 'inspector-files-token-0001';

describe('the inspector page and its files', () => {
  it('serves the page and its files without the token, under a policy that allows this server only', async () => {
    const server = await startServer({ port: 0, adminToken: TOKEN });
    try {
      const page = await fetch(`${server.origin}/__sandbox/`);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toMatch(/^text\/html/);
      const policy = page.headers.get('content-security-policy')!;
      expect(policy).toContain("default-src 'none'");
      expect(policy).toContain("connect-src 'self'");
      expect(policy).toContain("frame-ancestors 'none'");
      const html = await page.text();
      // Every script and style sheet the page names is this server's.
      const urls = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]!);
      expect(urls.filter((url) => !url.startsWith('/__sandbox/inspector/') && !url.startsWith('data:'))).toEqual([]);

      let javascript = 0;
      for (const file of ['app.js', 'vendor/standalone.module.js', 'style.css']) {
        const served = await fetch(`${server.origin}/__sandbox/inspector/${file}`);
        expect(served.status, file).toBe(200);
        const body = await served.text();
        if (file.endsWith('.js')) {
          javascript += Buffer.byteLength(body);
          // Nothing imported from elsewhere: the app imports the vendor module by its path on this server.
          expect(body).not.toMatch(/\bimport\s[^;]*from\s*['"]https?:/);
        }
      }
      expect(javascript).toBeLessThan(60 * 1024);

      const missing = await fetch(`${server.origin}/__sandbox/inspector/nope.js`);
      expect(missing.status).toBe(404);
      expect((await missing.json()).error.code).toBe('NOT_FOUND');
    } finally {
      await server.close();
    }
  });

  it('keeps the data behind the token: journal, state and events', async () => {
    const server = await startServer({ port: 0, adminToken: TOKEN });
    try {
      for (const path of ['/__sandbox/events', '/__sandbox/requests?include=bodies', '/__sandbox/state', '/__sandbox/scenarios']) {
        const refused = await fetch(`${server.origin}${path}`);
        expect(refused.status, path).toBe(401);
        await refused.arrayBuffer();
      }
      // A token in the query string is not taken: the page sends it in a header, even for the event stream.
      const inQuery = await fetch(`${server.origin}/__sandbox/events?token=${TOKEN}`);
      expect(inQuery.status).toBe(401);
      await inQuery.arrayBuffer();
      const head = await fetch(`${server.origin}/__sandbox/events`, { method: 'HEAD', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(head.status).toBe(200);
      expect(head.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    } finally {
      await server.close();
    }
  });
});

describe('the inspector, an area of the server', () => {
  it('is answered by its own handler, in-process, with no web framework in between', async () => {
    const { inspectorRequest } = await import('../../src/admin/inspector-files.js');
    const page = inspectorRequest('GET', '/__sandbox/') as { status: number; headers: Record<string, string>; body: string };
    expect(page.status).toBe(200);
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    expect(page.body).toContain('/__sandbox/inspector/app.js');
    const vendor = inspectorRequest('GET', '/__sandbox/inspector/vendor/standalone.module.js');
    expect([vendor.status, vendor.headers['content-type']]).toEqual([200, 'text/javascript; charset=utf-8']);
    for (const path of ['/__sandbox/inspector/nope.js', '/__sandbox/inspector/.hidden.js']) {
      expect(inspectorRequest('GET', path).status, path).toBe(404);
    }
  });
});
