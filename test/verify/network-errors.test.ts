import { createServer } from 'node:http';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { testFolder } from '../support/test-folder.js';
import { httpTarget, TimeBudget } from '../../src/verify/targets.js';
import { describeNetworkError } from '../../src/client/network-error.js';
import { verifyService } from '../../src/verify/verify-service.js';
import { cli } from '../support/cli.js';
import { closedPort } from './stand-in.js';

const KEY = 'sk_live_network_test_9999';

/** A fetch that fails as undici does, with the system error as its cause: nothing is contacted. */
function failingFetch(code: string, message: string): typeof fetch {
  return async () => {
    throw new TypeError('fetch failed', { cause: Object.assign(new Error(message), { code }) });
  };
}

async function listening(handler: Parameters<typeof createServer>[1]) {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as { port: number }).port, close: () => new Promise((resolve) => server.close(resolve)) };
}

describe('verify and record when the service cannot be reached', () => {
  it('says the connection was refused, and exits 2', async () => {
    const port = await closedPort();
    const { exitCode, stderr } = await cli('verify', '--base-url', `http://127.0.0.1:${port}/api/v1`, '--api-key', KEY);
    expect(exitCode).toBe(2);
    expect(stderr).toBe(
      `esim-sandbox verify: cannot connect to http://127.0.0.1:${port}: connection refused. Is the service running there, and are the host and port of --base-url right?\n`,
    );
  });

  it('says a host name does not resolve', async () => {
    const rejection = verifyService({ baseUrl: 'https://api.partner.invalid/api/v1', apiKey: KEY, fetch: failingFetch('ENOTFOUND', 'getaddrinfo ENOTFOUND api.partner.invalid') });
    await expect(rejection).rejects.toThrow(
      'cannot resolve the host name "api.partner.invalid" (DNS: ENOTFOUND). Check the host of --base-url, and the network or VPN that reaches it',
    );
  });

  it('says a TLS handshake failed, and that a plain-HTTP port wants http://', async () => {
    const server = await listening((_request, response) => response.end('{}'));
    try {
      const out = path.join(testFolder('tls-'), 'never-written.json');
      const { exitCode, stderr } = await cli('record', '--base-url', `https://127.0.0.1:${server.port}/api/v1`, '--api-key', KEY, '--out', out);
      expect(exitCode).toBe(2);
      expect(stderr).toBe(
        `esim-sandbox record: the TLS handshake with https://127.0.0.1:${server.port} failed: wrong version number (ERR_SSL_WRONG_VERSION_NUMBER). The port seems to speak plain HTTP: try http:// in --base-url\n`,
      );
    } finally {
      await server.close();
    }
  });

  it('says how to trust a certificate of a private CA', () => {
    const error = new TypeError('fetch failed', { cause: Object.assign(new Error('self-signed certificate'), { code: 'DEPTH_ZERO_SELF_SIGNED_CERT' }) });
    expect(describeNetworkError(error, new URL('https://api.partner.test/api/v1/getBalance'), 10_000)).toBe(
      'the TLS handshake with https://api.partner.test failed: self-signed certificate (DEPTH_ZERO_SELF_SIGNED_CERT). ' +
        'If its certificate comes from a private CA, give that CA with NODE_EXTRA_CA_CERTS=<ca.pem>; if the service speaks plain HTTP, use http://',
    );
  });

  it('gives up on a service that does not answer within --timeout', async () => {
    const server = await listening(() => {});
    try {
      const { exitCode, stderr } = await cli('verify', '--base-url', `http://127.0.0.1:${server.port}/api/v1`, '--api-key', KEY, '--timeout', '200');
      expect(exitCode).toBe(2);
      expect(stderr).toBe(
        `esim-sandbox verify: no answer from http://127.0.0.1:${server.port} within 0.2 s (/api/v1/getBalance): the service is slow or does not answer; raise --timeout or check the address\n`,
      );
    } finally {
      server.close();
    }
  });

  it('waits out a 429 as Retry-After says, then sends the request again', async () => {
    let calls = 0;
    const server = await listening((_request, response) => {
      calls++;
      if (calls === 1) {
        response.writeHead(429, { 'retry-after': '0', 'content-type': 'application/json' });
        response.end('{"success":false,"error":{"code":"RATE_LIMITED","message":"slow down"}}');
      } else {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end('{"success":true,"data":[]}');
      }
    });
    try {
      const target = httpTarget({ baseUrl: `http://127.0.0.1:${server.port}/api/v1`, apiKey: KEY, rate: 50, timeoutMs: 1000, maxBodyBytes: 1 << 20, budget: new TimeBudget(10) });
      const answer = await target.send({ method: 'GET', path: '/getOrders', key: 'caller' });
      expect({ status: answer.status, calls }).toEqual({ status: 200, calls: 2 });
    } finally {
      await server.close();
    }
  });

  it('does not follow a redirect, so the key goes nowhere but --base-url', async () => {
    const server = await listening((_request, response) => {
      response.writeHead(301, { location: 'https://elsewhere.example/api/v1/getBalance' });
      response.end();
    });
    try {
      const rejection = verifyService({ baseUrl: `http://127.0.0.1:${server.port}/api/v1`, apiKey: KEY, rate: 50 });
      await expect(rejection).rejects.toThrow(
        `no route of http://127.0.0.1:${server.port}/api/v1 answered in the API's envelope; the 24 answers were 24 × 301 without content-type, ` +
          'getBalance to https://elsewhere.example/api/v1/getBalance. Redirects are not followed, so the key goes to --base-url only: ' +
          'if https://elsewhere.example is the service, pass --base-url https://elsewhere.example/api/v1',
      );
    } finally {
      await server.close();
    }
  });

  it('refuses an --out in a directory that does not exist before sending anything', async () => {
    const port = await closedPort();
    const { exitCode, stderr } = await cli('record', '--base-url', `http://127.0.0.1:${port}/api/v1`, '--api-key', KEY, '--out', '/nonexistent-dir/recorded.json');
    expect(exitCode).toBe(1);
    expect(stderr).toBe(
      'esim-sandbox record: cannot write /nonexistent-dir/recorded.json: its directory /nonexistent-dir does not exist; create it or choose another --out\n',
    );
  });

  it('refuses a base URL that is not http(s), and asks for the key when none is given', async () => {
    expect(await cli('verify', '--base-url', 'ftp://api.example.com/api/v1', '--api-key', KEY)).toMatchObject({
      exitCode: 1,
      stderr: expect.stringContaining('--base-url must be the http(s) address of the API, ending in /api/v1 (got "ftp://api.example.com/api/v1")'),
    });
    const saved = process.env.ESIM_API_KEY;
    delete process.env.ESIM_API_KEY;
    try {
      expect(await cli('record', '--base-url', 'http://127.0.0.1:1/api/v1', '--out', 'x.json')).toEqual({
        exitCode: 1,
        stdout: '',
        stderr: 'esim-sandbox record: give the API key with --api-key <key> or in $ESIM_API_KEY (which keeps it out of the process list)\n',
      });
    } finally {
      if (saved !== undefined) process.env.ESIM_API_KEY = saved;
    }
  });
});
