import { expect, it } from 'vitest';
import { startServer } from 'esim-wholesale-sandbox/server';
import { run } from '../../src/cli/run.js';
import { servingIo } from '../support/cli.js';
import { FULL_ACCESS } from '../support/modes.js';

it('proxy --upstream <url> --chaos 1 --chaos-effects error --chaos-routes getBalance: getBalance meets 503 in front of the upstream, the rest is forwarded', async () => {
  await using upstream = await startServer({ port: 0 });
  const serving = servingIo();
  const argv = ['proxy', '--upstream', upstream.url, '--port', '0', '--chaos', '1', '--chaos-effects', 'error', '--chaos-routes', 'getBalance', '--chaos-seed', '3'];
  const exited = run(argv, serving.io);
  const banner = await serving.banner;
  expect(banner).toContain(`  upstream   ${upstream.url}`);
  const url = /API\s+(http:\/\/\S+)/.exec(banner)![1]!;
  const origin = url.replace('/api/v1', '');
  try {
    const headers = { 'x-api-key': FULL_ACCESS };
    expect((await fetch(`${url}/getBalance`, { headers })).status).toBe(503);
    expect((await fetch(`${url}/getProducts?limit=1`, { headers })).status).toBe(200);
    // Only the forwarded call reached the upstream.
    expect(upstream.sandbox.journal().map((entry) => entry.route)).toEqual(['getProducts']);
    const summary = (await (await fetch(`${origin}/__sandbox/proxy`)).json()).data;
    expect(summary).toMatchObject({ upstream: upstream.url, exchanges: 2, forwarded: 1, injectedFaults: { error: 1 } });
  } finally {
    serving.stop();
    expect(await exited).toBe(0);
  }
});

it.each([
  [['proxy', '--port', '0'], 'give --upstream'],
  [['proxy', '--upstream', 'ftp://example.com/api/v1'], '--upstream must be an http:// or https:// base URL without user, query or fragment (got "ftp://example.com/api/v1")'],
  [['proxy', '--upstream', 'https://user:pw@example.com/api/v1'], '--upstream must be an http:// or https:// base URL'],
  [['proxy', '--upstream', 'https://example.com/api/v1', '--upstream-ca', '/nonexistent/ca.pem', '--port', '0'], 'cannot read the CA file of --upstream-ca /nonexistent/ca.pem: ENOENT'],
  [['proxy', '--upstream', 'http://example.com/api/v1', '--upstream-ca', './ca.pem', '--port', '0'], '--upstream-ca is for an https:// upstream; http://example.com/api/v1 speaks plain http'],
])('esim-sandbox %j is refused with a message that says what to give', async (argv, message) => {
  let stderr = '';
  const code = await run(argv, { stderr: { write: (text: string) => (stderr += text) }, stdout: { write: () => true }, waitForStop: () => new Promise(() => {}) });
  expect(code).toBe(1);
  expect(stderr).toContain(message);
});

it('proxy --upstream http://<another machine> warns that the key would travel unencrypted', async () => {
  const serving = servingIo();
  const exited = run(['proxy', '--upstream', 'http://192.0.2.1/api/v1', '--port', '0'], serving.io);
  try {
    expect(await serving.banner).toContain('Warning: the upstream speaks plain http on another machine');
  } finally {
    serving.stop();
    expect(await exited).toBe(0);
  }
});
