import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from 'esim-wholesale-sandbox/server';
import { run } from '../../src/cli/run.js';
import { servingIo } from '../support/cli.js';
import { sendRaw as send, type RawRequest } from '../support/raw-http.js';

const FULL_ACCESS = 'sk_test_full_access';
const TOKEN = 'adm_5d1e09c3b7a2';

/** What a refused request must leave as it was: the scenario, the clock, the state, the journal. */
async function snapshot(server: RunningServer) {
  return {
    scenario: server.sandbox.scenario.name,
    now: server.sandbox.now(),
    state: await server.sandbox.state(),
    journal: server.sandbox.journal().length,
    sessions: server.host.sessions().length,
  };
}

/** The admin writes a page of another site would most like to send. */
const ADMIN_WRITES = [
  { path: '/__sandbox/reset', body: '{}' },
  { path: '/__sandbox/scenario', body: '{"name":"empty-inventory"}' },
  { path: '/__sandbox/topups', body: `{"apiKey":"${FULL_ACCESS}","amountThb":5000}` },
  { path: '/__sandbox/clock', body: '{"advanceMs":86400000}' },
  { path: '/__sandbox/sessions', body: '{}' },
];

describe('admin writes take JSON only', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ port: 0 });
  });
  afterAll(() => server.close());

  it.each([
    ['text/plain', 'text/plain'],
    ['text/plain;charset=UTF-8', 'text/plain;charset=UTF-8'],
    ['form-encoded', 'application/x-www-form-urlencoded'],
    ['multipart', 'multipart/form-data; boundary=----x'],
  ])('refuses a %s body (a cross-site "simple" POST) with 415 UNSUPPORTED_MEDIA_TYPE, and changes nothing', async (_title, contentType) => {
    for (const { path, body } of ADMIN_WRITES) {
      const before = await snapshot(server);
      const response = await send(server.port, { method: 'POST', path, headers: { 'content-type': contentType }, body });
      expect(response.status, path).toBe(415);
      expect(response.json, path).toEqual({
        success: false,
        error: { code: 'UNSUPPORTED_MEDIA_TYPE', message: expect.stringContaining('Content-Type: application/json') },
      });
      expect(await snapshot(server), path).toEqual(before);
    }
  });

  it('refuses a POST without a content type, with a body or without one', async () => {
    const before = await snapshot(server);
    const withBody = await send(server.port, { method: 'POST', path: '/__sandbox/scenario', body: '{"name":"empty-inventory"}' });
    expect(withBody.status).toBe(415);
    expect(withBody.json?.error?.message).toContain('none was sent');
    expect((await send(server.port, { method: 'POST', path: '/__sandbox/reset' })).status).toBe(415);
    expect(await snapshot(server)).toEqual(before);
  });

  it('takes application/json, with a charset or without a body', async () => {
    const json = { 'content-type': 'application/json; charset=utf-8' };
    expect((await send(server.port, { method: 'POST', path: '/__sandbox/clock', headers: json, body: '{"advanceMs":1000}' })).status).toBe(200);
    expect((await send(server.port, { method: 'POST', path: '/__sandbox/reset', headers: { 'content-type': 'application/json' } })).status).toBe(200);
  });

  it('takes a DELETE without a body and without a content type, but not one with a text body', async () => {
    const created = await send<{ id: string }>(server.port, { method: 'POST', path: '/__sandbox/sessions', headers: { 'content-type': 'application/json' }, body: '{}' });
    const id = created.json!.data!.id;
    const text = await send(server.port, { method: 'DELETE', path: `/__sandbox/sessions/${id}`, headers: { 'content-type': 'text/plain' }, body: 'x' });
    expect(text.status, text.text).toBe(415);
    expect(server.host.session(id)).toBeDefined();
    const deleted = await send(server.port, { method: 'DELETE', path: `/__sandbox/sessions/${id}` });
    expect(deleted.status).toBe(200);
    expect(server.host.session(id)).toBeUndefined();
  });

  it('leaves reads alone: GET, HEAD and OPTIONS need no content type', async () => {
    expect((await send(server.port, { path: '/__sandbox/health' })).status).toBe(200);
    expect((await send(server.port, { method: 'HEAD', path: '/__sandbox/state' })).status).toBe(200);
    expect((await send(server.port, { method: 'OPTIONS', path: '/__sandbox/reset' })).status).toBe(204);
  });
});

describe('requests sent by a page of another origin', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ port: 0 });
  });
  afterAll(() => server.close());

  it.each(['https://evil.example', 'http://localhost:3000', 'null'])(
    'refuses every admin request with Origin: %s with 403 FORBIDDEN_ORIGIN, and changes nothing',
    async (origin) => {
      for (const { path, body } of ADMIN_WRITES) {
        const before = await snapshot(server);
        const response = await send(server.port, { method: 'POST', path, headers: { origin, 'content-type': 'application/json' }, body });
        expect(response.status, path).toBe(403);
        expect(response.json?.error?.code, path).toBe('FORBIDDEN_ORIGIN');
        expect(await snapshot(server), path).toEqual(before);
      }
      const read = await send(server.port, { path: '/__sandbox/state', headers: { origin } });
      expect(read.status).toBe(403);
    },
  );

  it("takes admin requests from the server's own pages (same Origin)", async () => {
    const origin = server.origin;
    const topup = await send(server.port, {
      method: 'POST',
      path: '/__sandbox/topups',
      headers: { origin, 'content-type': 'application/json' },
      body: `{"apiKey":"${FULL_ACCESS}","amountThb":10}`,
    });
    expect(topup.status).toBe(200);
    const localhost = await send(server.port, {
      path: '/__sandbox/health',
      headers: { host: `localhost:${server.port}`, origin: `http://localhost:${server.port}` },
    });
    expect(localhost.status).toBe(200);
  });

  it('refuses a createOrder of another origin before it reaches the sandbox, and lets its reads through', async () => {
    const before = await snapshot(server);
    const order = await send(server.port, {
      method: 'POST',
      path: '/api/v1/createOrder',
      headers: { origin: 'https://evil.example', 'x-api-key': FULL_ACCESS, 'content-type': 'application/json' },
      body: '{"productId":"efd8480e-2903-458b-8ce3-156f0418df70","quantity":1}',
    });
    expect(order.status).toBe(403);
    expect(order.json?.error?.code).toBe('FORBIDDEN_ORIGIN');
    expect(await snapshot(server)).toEqual(before);
    const read = await send(server.port, { path: '/api/v1/getBalance', headers: { origin: 'https://evil.example', 'x-api-key': FULL_ACCESS } });
    expect(read.status).toBe(200);
  });
});

describe('the Host header of a server on a loopback address (DNS rebinding)', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ port: 0, allowedHosts: ['sandbox.test', 'Proxy.Example'] });
  });
  afterAll(() => server.close());

  it('refuses a name the server does not answer to with 403 FORBIDDEN_HOST, on every part, and changes nothing', async () => {
    for (const host of [`evil.example:${server.port}`, 'evil.example', `127.0.0.2:${server.port}`, `localhost.evil.example:${server.port}`, 'localhost:4010@evil.example']) {
      const before = await snapshot(server);
      const everyPart: RawRequest[] = [
        { method: 'POST', path: '/__sandbox/reset', headers: { host, 'content-type': 'application/json' }, body: '{}' },
        { path: '/api/v1/getBalance', headers: { host, 'x-api-key': FULL_ACCESS } },
        { path: '/docs/', headers: { host } },
      ];
      for (const sent of everyPart) {
        const response = await send(server.port, sent);
        expect(response.status, `${host} ${sent.path}`).toBe(403);
        expect(response.json?.error?.code).toBe('FORBIDDEN_HOST');
        expect(response.json?.error?.message).toContain('--allowed-host');
      }
      expect(await snapshot(server), host).toEqual(before);
    }
  });

  it('answers to its address, localhost and the allowed names, in any letter case and on any port', async () => {
    for (const host of [`127.0.0.1:${server.port}`, `localhost:${server.port}`, `LOCALHOST:${server.port}`, 'localhost', `sandbox.test:${server.port}`, 'proxy.example:8443']) {
      const response = await send(server.port, { path: '/api/v1/getBalance', headers: { host, 'x-api-key': FULL_ACCESS } });
      expect(response.status, host).toBe(200);
    }
    const docs = await send(server.port, { path: '/docs/', headers: { host: `sandbox.test:${server.port}` } });
    expect(docs.status).toBe(200);
  });

  it('refuses an allowed host that is no host name', async () => {
    for (const name of ['http://sandbox.test', 'sandbox.test:4010', 'a/b', '']) {
      await expect(startServer({ port: 0, allowedHosts: [name] }), name).rejects.toThrow(/allowedHosts must be a host name as it appears in URLs, without scheme, port or path \(got .*\)/);
    }
  });

  it('answers to any name when open to other machines behind a token', async () => {
    const open = await startServer({ port: 0, host: '0.0.0.0', adminToken: TOKEN });
    try {
      const host = `my-laptop.lan:${open.port}`;
      const api = await send(open.port, { path: '/api/v1/getBalance', headers: { host, 'x-api-key': FULL_ACCESS } });
      expect(api.status).toBe(200);
      const admin = await send(open.port, { path: '/__sandbox/health', headers: { host, authorization: `Bearer ${TOKEN}` } });
      expect(admin.status).toBe(200);
      expect((await send(open.port, { path: '/__sandbox/health', headers: { host } })).status).toBe(401);
    } finally {
      await open.close();
    }
  });
});

describe('esim-sandbox serve: --host without an admin token, --allowed-host', () => {
  /** Starts `serve` with `args`, waits for its banner, stops it; what it wrote on stderr. */
  async function serveOnce(args: string[], whileRunning?: (api: string) => Promise<void>): Promise<string> {
    const saved = process.env.ESIM_SANDBOX_ADMIN_TOKEN;
    delete process.env.ESIM_SANDBOX_ADMIN_TOKEN;
    try {
      const cli = servingIo();
      const exitCode = run(['serve', '--port', '0', ...args], cli.io);
      const banner = await cli.banner;
      await whileRunning?.(/API\s+(http:\/\/\S+)/.exec(banner)![1]!);
      cli.stop();
      expect(await exitCode).toBe(0);
      return cli.stderr();
    } finally {
      if (saved !== undefined) process.env.ESIM_SANDBOX_ADMIN_TOKEN = saved;
    }
  }

  it('warns on stderr when listening on 0.0.0.0 without an admin token, naming the risk and the way out', async () => {
    const stderr = await serveOnce(['--host', '0.0.0.0']);
    expect(stderr).toMatch(/^Warning: listening on 0\.0\.0\.0 without an admin token/);
    expect(stderr).toContain('reset the sandbox');
    expect(stderr).toContain('--admin-token');
    expect(stderr).toContain('$ESIM_SANDBOX_ADMIN_TOKEN');
  });

  it('does not warn with an admin token, nor on the loopback address', async () => {
    expect(await serveOnce(['--host', '0.0.0.0', '--admin-token', TOKEN])).toBe('');
    expect(await serveOnce([])).toBe('');
    expect(await serveOnce(['--host', 'localhost'])).toBe('');
  });

  it('answers to the names given with --allowed-host, and to no other', async () => {
    await serveOnce(['--allowed-host', 'sandbox.test', '--allowed-host', 'other.test'], async (api) => {
      const { port } = new URL(api);
      for (const [host, status] of [['sandbox.test', 200], ['other.test', 200], ['evil.example', 403]] as const) {
        const response = await send(Number(port), { path: '/api/v1/getBalance', headers: { host: `${host}:${port}`, 'x-api-key': FULL_ACCESS } });
        expect(response.status, host).toBe(status);
      }
    });
  });

  it('refuses an --allowed-host that is no host name', async () => {
    const cli = servingIo();
    expect(await run(['serve', '--port', '0', '--allowed-host', 'http://sandbox.test'], cli.io)).toBe(1);
    expect(cli.stderr()).toContain('--allowed-host must be a host name as it appears in URLs, without scheme, port or path (got "http://sandbox.test")');
  });
});
