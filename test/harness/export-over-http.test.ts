import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox } from 'esim-wholesale-sandbox';
import { startServer } from 'esim-wholesale-sandbox/server';
import { cli } from '../support/cli.js';

describe('export over HTTP: GET /__sandbox/state?format=scenario and esim-sandbox export', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let work: string;
  const headers = { 'x-api-key': 'sk_test_full_access', 'content-type': 'application/json' };
  const reads = async (send: (path: string) => Promise<Response>) => {
    const answers: string[] = [];
    for (const path of ['/getBalance', '/getProducts?limit=200', '/getPaymentHistory?limit=200', '/getOrders?limit=200']) {
      answers.push(await (await send(path)).text());
    }
    return answers;
  };

  beforeAll(async () => {
    server = await startServer({ port: 0, scenario: 'delayed-provisioning', seed: 3 });
    work = await mkdtemp(path.join(tmpdir(), 'esim-export-'));
    for (const quantity of [1, 3]) {
      await fetch(`${server.url}/createOrder`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ productId: 'efd8480e-2903-458b-8ce3-156f0418df70', quantity }),
      });
    }
    await fetch(`${server.origin}/__sandbox/topups`, { method: 'POST', headers, body: JSON.stringify({ apiKey: 'sk_test_full_access', amountThb: 750 }) });
  });
  afterAll(async () => {
    await server.close();
    await rm(work, { recursive: true, force: true });
  });

  it('writes a scenario file that, served again with the same seed, answers every read as the server does', async () => {
    const file = path.join(work, 'state.json');
    const exported = await cli('export', '--url', server.url, '--out', file);
    expect(exported).toEqual({ exitCode: 0, stdout: `wrote ${file} (readable by you only: it holds the API keys): scenario "delayed-provisioning-export"\n`, stderr: '' });
    const loaded = createSandbox({ scenario: file, seed: 3 });
    const fromFile = await reads((path) => loaded.fetch(new Request(`http://sandbox.test/api/v1${path}`, { headers })));
    expect(fromFile).toEqual(await reads((path) => fetch(`${server.url}${path}`, { headers })));
  });

  it('answers the scenario at GET /__sandbox/state?format=scenario, and refuses another format', async () => {
    const answer = (await (await fetch(`${server.origin}/__sandbox/state?format=scenario`)).json()) as { data: { name: string; orders: unknown[] } };
    expect(answer.data.name).toBe('delayed-provisioning-export');
    const refused = await fetch(`${server.origin}/__sandbox/state?format=yaml`);
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(
      'format: expected "scenario" (the state as a scenario file) or "summary" (the default), got "yaml"',
    );
  });

  it('exports a session to standard output, with the scenario keys', async () => {
    const session = ((await (await fetch(`${server.origin}/__sandbox/sessions`, { method: 'POST', headers, body: '{}' })).json()) as { data: { id: string } }).data;
    const exported = await cli('export', '--url', server.origin, '--session', session.id);
    expect(exported.exitCode).toBe(0);
    expect((JSON.parse(exported.stdout) as { apiKeys: { key: string }[] }).apiKeys.map(({ key }) => key)).toContain('sk_test_full_access');
  });

  it('says when no server answers, and exits 2', async () => {
    const stopped = await startServer({ port: 0 });
    await stopped.close();
    const exported = await cli('export', '--url', stopped.origin);
    expect(exported).toEqual({
      exitCode: 2,
      stdout: '',
      stderr: `esim-sandbox export: cannot connect to ${stopped.origin}: connection refused. Is the service running there, and are the host and port of --url right?\n`,
    });
  });
});
