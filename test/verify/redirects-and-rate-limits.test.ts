import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { testFolder } from '../support/test-folder.js';
import { cli } from '../support/cli.js';
import { hostile } from '../../bench/lib/hostile-servers.ts';

const KEY = 'sk_live_redirect_test_8765';
const TOKEN = 'admin-token-redirect-test-1234';

describe('a redirect to another port is reported, never followed: the key and the admin token stay home', () => {
  it('verify names the redirect and the base URL it points to, exits 2, and the other port sees nothing', async () => {
    const elsewhere = await hostile((_request, response) => response.end('{"stolen":true}'));
    const service = await hostile((request, response) => {
      response.writeHead(302, { location: `${elsewhere.origin}${request.url}` });
      response.end();
    });
    try {
      const { exitCode, stderr } = await cli('verify', '--base-url', `${service.origin}/api/v1`, '--api-key', KEY, '--rate', '50');
      expect(stderr).toBe(
        `esim-sandbox verify: no route of ${service.origin}/api/v1 answered in the API's envelope; the 24 answers were 24 × 302 without content-type, ` +
          `getBalance to ${elsewhere.origin}/api/v1/getBalance. Redirects are not followed, so the key goes to --base-url only: ` +
          `if ${elsewhere.origin} is the service, pass --base-url ${elsewhere.origin}/api/v1\n`,
      );
      expect(exitCode).toBe(2);
      expect(service.seen.length).toBe(24);
      expect(elsewhere.seen).toEqual([]);
    } finally {
      await Promise.all([service.close(), elsewhere.close()]);
    }
  });

  it('export refuses the redirect, writes nothing, and the token never reaches the other port', async () => {
    const elsewhere = await hostile((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{"data":{"stolen":true,"name":"stolen"}}');
    });
    const sandbox = await hostile((request, response) => {
      response.writeHead(307, { location: `${elsewhere.origin}${request.url}` });
      response.end();
    });
    const out = path.join(testFolder('export-redirect-'), 'state.json');
    try {
      const exported = await cli('export', '--url', sandbox.origin, '--admin-token', TOKEN, '--out', out);
      expect(exported).toEqual({
        exitCode: 1,
        stdout: '',
        stderr:
          `esim-sandbox export: ${sandbox.origin}/__sandbox/state?format=scenario answered a redirect (307 to ${elsewhere.origin}/__sandbox/state?format=scenario), ` +
          "which export does not follow: the admin token goes to --url only. Give the server's own address as --url\n",
      });
      expect(sandbox.seen).toEqual([{ method: 'GET', url: '/__sandbox/state?format=scenario', authorization: `Bearer ${TOKEN}` }]);
      expect(elsewhere.seen).toEqual([]);
      expect(existsSync(out)).toBe(false);
    } finally {
      await Promise.all([sandbox.close(), elsewhere.close()]);
    }
  });
});

/** A service that answers every request 429 in the envelope, asking for `retryAfter` seconds. */
const alwaysLimited = (retryAfter: string) =>
  hostile((_request, response) => {
    response.writeHead(429, { 'content-type': 'application/json', 'retry-after': retryAfter });
    response.end('{"success":false,"error":{"code":"RATE_LIMITED","message":"Too many requests."}}');
  });

describe('a 429 is waited out only within --budget', () => {
  it('a Retry-After of 999999 s is not waited: every check is "not determined: rate-limited", exit 2, in time', async () => {
    const service = await alwaysLimited('999999');
    try {
      const started = performance.now();
      const { exitCode, stdout, stderr } = await cli('verify', '--base-url', `${service.origin}/api/v1`, '--api-key', KEY, '--rate', '50', '--budget', '20');
      expect(performance.now() - started).toBeLessThan(20_000);
      expect({ exitCode, stderr }).toEqual({ exitCode: 2, stderr: '' });
      expect(stdout).toMatch(/^getBalance +429 RATE_LIMITED +200 +not checked$/m);
      expect(stdout).toContain('  getBalance: not determined: rate-limited (Retry-After 999999 s is past what is left of the time budget (--budget 20 s))\n');
      expect(stdout).toContain('  limitOutOfRange: not determined: rate-limited (Retry-After 999999 s is past what is left of the time budget (--budget 20 s)) on every out-of-range limit\n');
      expect(stdout).toMatch(/\nNothing was determined: every answer was a 429 not waited out within the time budget \(answers: 24 not checked; .*; 24 requests sent\); try again later or raise --budget\.\n$/);
    } finally {
      await service.close();
    }
  });

  it('short waits are taken while they fit, and none past the budget', async () => {
    const service = await alwaysLimited('1');
    try {
      const started = performance.now();
      const { exitCode, stdout } = await cli('verify', '--base-url', `${service.origin}/api/v1`, '--api-key', KEY, '--rate', '50', '--budget', '3');
      expect(performance.now() - started).toBeLessThan(15_000);
      expect(exitCode).toBe(2);
      expect(stdout).toContain('  getBalance: not determined: rate-limited (Retry-After 1 s is past what is left of the time budget (--budget 3 s))\n');
      // Waited out twice (2 of the 3 s), then no more: the 1 s left does not hold another wait.
      expect(service.seen.filter((request) => request.url === '/api/v1/getBalance' && request.apiKey === KEY).length).toBe(3);
    } finally {
      await service.close();
    }
  });

  it('a service slower than the budget is given up on when the budget ends, not at --timeout', async () => {
    const service = await hostile(() => {});
    try {
      const started = performance.now();
      const { exitCode, stderr } = await cli('verify', '--base-url', `${service.origin}/api/v1`, '--api-key', KEY, '--timeout', '60000', '--budget', '2');
      expect(performance.now() - started).toBeLessThan(20_000);
      expect(stderr).toBe(
        `esim-sandbox verify: no answer from ${service.origin} within the time budget (--budget 2 s) (/api/v1/getBalance): the time budget is spent; raise --budget or check the address\n`,
      );
      expect(exitCode).toBe(2);
    } finally {
      await service.close();
    }
  });

  it('record writes nothing when the account reads are rate-limited', async () => {
    const service = await alwaysLimited('999999');
    const out = path.join(testFolder('record-limited-'), 'recorded.json');
    try {
      const { exitCode, stderr } = await cli('record', '--base-url', `${service.origin}/api/v1`, '--api-key', KEY, '--rate', '50', '--budget', '20', '--out', out);
      expect(stderr).toBe(
        'esim-sandbox record: getBalance was rate-limited (429: Retry-After 999999 s is past what is left of the time budget (--budget 20 s)), so the account cannot be recorded; nothing was written. Try again later or raise --budget\n',
      );
      expect(exitCode).toBe(1);
      expect(existsSync(out)).toBe(false);
    } finally {
      await service.close();
    }
  });
});
