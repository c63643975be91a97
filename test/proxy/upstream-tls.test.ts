import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startProxy } from '../../src/proxy/start-proxy.js';
import { FULL_ACCESS } from '../support/modes.js';

const BALANCE = { accountId: '8d4b3cde-a72c-4320-bde3-f1a196918388', totalTopupsThb: 1000, totalPurchasesThb: 0, balanceThb: 1000 };

let dir: string;
let server: Server;
let upstream: string;

/** A private CA and a certificate it signed for 127.0.0.1, made with openssl for this file only. */
function makeCertificates(into: string): void {
  const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: into, stdio: 'pipe' });
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  openssl('req', '-x509', ...ec, '-keyout', 'ca.key', '-out', 'ca.pem', '-days', '2', '-subj', '/CN=proxy test CA');
  openssl('req', ...ec, '-keyout', 'server.key', '-out', 'server.csr', '-subj', '/CN=127.0.0.1');
  writeFileSync(path.join(into, 'ext.cnf'), 'subjectAltName=IP:127.0.0.1\n');
  openssl('x509', '-req', '-in', 'server.csr', '-CA', 'ca.pem', '-CAkey', 'ca.key', '-CAcreateserial', '-out', 'server.pem', '-days', '2', '-extfile', 'ext.cnf');
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'proxy-tls-'));
  makeCertificates(dir);
  server = createServer({ key: readFileSync(path.join(dir, 'server.key')), cert: readFileSync(path.join(dir, 'server.pem')) }, (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ success: true, data: BALANCE }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  upstream = `https://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

const getBalance = (url: string) => fetch(`${url}/getBalance`, { headers: { 'x-api-key': FULL_ACCESS } });

it('verifies the upstream certificate: one from a private CA is refused with 502 saying to give --upstream-ca', async () => {
  await using proxy = await startProxy({ port: 0, upstream });
  const response = await getBalance(proxy.url);
  expect(response.status).toBe(502);
  const { error } = await response.json();
  expect(error.message).toContain('the TLS handshake with');
  expect(error.message).toContain('--upstream-ca <ca.pem>');
  expect(proxy.sandbox.journal()[0]!.proxied).toMatchObject({ forwarded: false, breakKind: 'unreachable' });
});

it('with --upstream-ca naming that CA, the answer comes through', async () => {
  await using proxy = await startProxy({ port: 0, upstream, upstreamCa: path.join(dir, 'ca.pem') });
  const response = await getBalance(proxy.url);
  expect(response.status).toBe(200);
  expect((await response.json()).data).toEqual(BALANCE);
});

it('a CA file that holds no certificate stops the start', async () => {
  await expect(startProxy({ port: 0, upstream, upstreamCa: path.join(dir, 'ext.cnf') })).rejects.toThrow('holds no PEM certificate');
});
