import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { createSandboxHost } from 'esim-wholesale-sandbox';
import { createAdminApi } from '../../src/admin/admin-api.js';
import { inspectorRequest } from '../../src/admin/inspector-files.js';
import { pathSpellingRefusal } from '../../src/api/path-spelling.js';
import { isPlainPath } from '../../src/lib/parsed-url.js';
import { outcomeToResponse } from '../../src/api/outcome.js';

describe('the spelling of a path', () => {
  it('tells a plain path by one scan, up to its query', () => {
    for (const target of ['/api/v1/getBalance', '/api/v1/getOrders?limit=2', '/api/v1/getOrders?purchaseOrderId=a.b//c%2e..\\#', '/', '/__sandbox/health/']) {
      expect(isPlainPath(target), target).toBe(true);
    }
    for (const target of ['/api/v1/openapi.json', '/a%41', '/a\\b', '/a//b', '//a', '/a#b', '/a/../b']) {
      expect(isPlainPath(target), target).toBe(false);
    }
  });

  it('takes dots inside names, an encoded letter and one trailing slash', () => {
    for (const target of ['/api/v1/openapi.json', '/__sandbox/inspector/app.js', '/a.b/c..d/...e/.f/g.', '/api/v1/get%42alance', '/__sandbox/reset/?x=/../']) {
      expect(pathSpellingRefusal(target), target).toBeUndefined();
    }
  });

  it('refuses each spelling another reader resolves elsewhere, naming it and the path to send instead', () => {
    const cases: [string, string, string][] = [
      ['/__sandbox/inspector/../requests/1/curl?key=include', 'a "." or ".." segment', '/__sandbox/requests/1/curl'],
      ['/__sandbox/./reset', 'a "." or ".." segment', '/__sandbox/reset'],
      ['/__sandbox/inspector/..', 'a "." or ".." segment', '/__sandbox/'],
      ['/__sandbox/inspector/%2e%2e/topups', 'an encoded dot (%2E)', '/__sandbox/topups'],
      ['/__sandbox/inspector/%2E%2e/topups', 'an encoded dot (%2E)', '/__sandbox/topups'],
      ['/__sandbox/inspector/..%2freset', 'an encoded slash (%2F)', '/__sandbox/reset'],
      ['/__sandbox/inspector/%2e%2E/../a//b\\c', 'a "." or ".." segment and an encoded dot (%2E) and a backslash and a repeated slash (//)', '/a/b/c'],
      ['/__sandbox%2Freset', 'an encoded slash (%2F)', '/__sandbox/reset'],
      ['/__sandbox/inspector/..%5Creset', 'an encoded backslash (%5C)', '/__sandbox/reset'],
      ['/__sandbox/inspector\\..\\reset', 'a backslash', '/__sandbox/reset'],
      ['/__sandbox//reset', 'a repeated slash (//)', '/__sandbox/reset'],
      ['//__sandbox/reset', 'a repeated slash (//)', '/__sandbox/reset'],
      ['/__sandbox/inspector/app.js#/../../reset', 'a "." or ".." segment and a "#" (a fragment stays with the client)', '/__sandbox/inspector/app.js'],
    ];
    for (const [target, what, instead] of cases) {
      const refusal = pathSpellingRefusal(target);
      expect(refusal?.code, target).toBe('VALIDATION_ERROR');
      expect(refusal?.status, target).toBe(400);
      expect(refusal?.message, target).toMatch(new RegExp(`: it has ${escape(what)}\\. `));
      expect(refusal?.message, target).toMatch(new RegExp(`; send ${escape(instead)} instead\\.$`));
    }
    expect(pathSpellingRefusal('/__sandbox/inspector/../requests/1/curl?key=include')?.message).toBe(
      'the path /__sandbox/inspector/../requests/1/curl is refused: it has a "." or ".." segment. This server takes a path only ' +
        'written out (no "." or ".." segments, no %2E, %2F or %5C, no backslash, no "//", no "#"), so that every part of it reads ' +
        'the same path; send /__sandbox/requests/1/curl instead.',
    );
  });
});

describe('the same rule in-process', () => {
  it('refuses in the admin API the spellings a Request keeps, and changes nothing', async () => {
    await using host = createSandboxHost({ seed: 3 });
    const admin = createAdminApi(host);
    await host.main.topup({ apiKey: 'sk_test_full_access', amountThb: 100 });
    const before = JSON.stringify(await host.main.state());
    for (const path of ['/__sandbox//reset', '/__sandbox%2freset', '/__sandbox/inspector/..%2Freset', '/__sandbox/inspector/..%5creset', '/__sandbox/a%2eb/reset', '/__sandbox/inspector/app.js/%2e%2e%2freset']) {
      const request = new Request(`http://sandbox.test${path}`, { method: 'POST', headers: { 'content-type': 'application/json' } });
      const response = outcomeToResponse(await admin(request), 'POST');
      expect(response.status, path).toBe(400);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe('VALIDATION_ERROR');
    }
    expect(JSON.stringify(await host.main.state())).toBe(before);
  });

  it('answers an inspector file only to GET and HEAD: another method never reaches an admin route', async () => {
    const post = outcomeToResponse(inspectorRequest('POST', '/__sandbox/inspector/app.js'), 'POST');
    expect([post.status, post.headers.get('allow')]).toEqual([405, 'GET, HEAD, OPTIONS']);
    const options = outcomeToResponse(inspectorRequest('OPTIONS', '/__sandbox/inspector/app.js'), 'OPTIONS');
    expect([options.status, options.headers.get('allow')]).toEqual([204, 'GET, HEAD, OPTIONS']);
    // The admin API has no route there: a request the server's listener did not take for the inspector's is not the inspector's.
    await using host = createSandboxHost({ seed: 3 });
    const admin = createAdminApi(host);
    const viaAdmin = outcomeToResponse(await admin(new Request('http://sandbox.test/__sandbox/inspector/app.js', { method: 'POST', body: '{}' })), 'POST');
    expect(viaAdmin.status).toBe(404);
  });

  it('refuses in the API the spellings a Request keeps, in both modes alike', async () => {
    const { createSandbox } = await import('esim-wholesale-sandbox');
    const { startServer } = await import('esim-wholesale-sandbox/server');
    const sandbox = createSandbox({ seed: 3 });
    const server = await startServer({ port: 0, seed: 3 });
    try {
      for (const path of ['/api/v1//getBalance', '/api/v1/getBalance%2F', '/api/v1%2fgetBalance', '/api/v1/get%2eBalance', '/api/v1/getBalance%5c']) {
        const init = { headers: { 'x-api-key': 'sk_test_full_access' } };
        const inProcess = await sandbox.fetch(new Request(`http://sandbox.test${path}`, init));
        const overHttp = await fetch(`${server.origin}${path}`, init);
        expect([inProcess.status, overHttp.status], path).toEqual([400, 400]);
        expect(await inProcess.text(), path).toBe(await overHttp.text());
      }
    } finally {
      await server.close();
      await sandbox[Symbol.asyncDispose]();
    }
  });
});

describe('over HTTP, with an admin token set', () => {
  /** A request with its path as written, as `curl --path-as-is` sends it. */
  function send(port: number, method: string, path: string, body?: string): Promise<{ status: number; text: string }> {
    return new Promise((resolve, reject) => {
      const headers = body === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) };
      const request = http.request({ host: '127.0.0.1', port, method, path, headers, agent: false }, (response) => {
        let text = '';
        response.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode!, text }));
      });
      request.on('error', reject);
      request.end(body);
    });
  }

  it('gives away no key, credits nothing and resets nothing by way of the inspector files', async () => {
    const { startServer } = await import('esim-wholesale-sandbox/server');
    await using server = await startServer({ port: 0, seed: 3, adminToken: 'path-spelling-token-0001' });
    await (await fetch(`${server.url}/getBalance`, { headers: { 'x-api-key': 'sk_test_full_access' } })).text();
    const before = JSON.stringify([await server.sandbox.state(), server.sandbox.history().length, server.host.sessions().length]);
    const credit = JSON.stringify({ apiKey: 'sk_test_full_access', amountThb: 999_999 });
    const attempts: [string, string, string?][] = [
      ['GET', '/__sandbox/inspector/../requests/1/curl?key=include'],
      ['GET', '/__sandbox/inspector/%2e%2e/requests/1/curl?key=include'],
      ['POST', '/__sandbox/inspector/../topups', credit],
      ['POST', '/__sandbox/inspector/%2E%2e/topups', credit],
      ['POST', '/__sandbox/inspector/..%2ftopups', credit],
      ['POST', '/__sandbox/inspector/..\\topups', credit],
      ['POST', '/__sandbox/inspector/../requests/1/replay'],
      ['POST', '/__sandbox/inspector/../reset'],
      ['POST', '/__sandbox/inspector/../sessions', '{}'],
      ['GET', '/__sandbox/inspector/../events'],
    ];
    for (const [method, path, body] of attempts) {
      const { status, text } = await send(server.port, method, path, body);
      expect(status, `${method} ${path}: ${text}`).toBe(400);
      expect(text).not.toContain('sk_test_full_access');
    }
    expect(JSON.stringify([await server.sandbox.state(), server.sandbox.history().length, server.host.sessions().length])).toBe(before);
    // A request target in absolute form is read as `/`, by the gate as by the API: an API call, never the admin API.
    const absolute = await send(server.port, 'GET', `${server.origin}/__sandbox/requests/1/curl?key=include`);
    expect([absolute.status, JSON.parse(absolute.text).error.code]).toEqual([404, 'NOT_FOUND']);
    // The inspector's files take no writes, and nothing but their own names opens without the token.
    expect((await send(server.port, 'POST', '/__sandbox/inspector/app.js', credit)).status).toBe(405);
    expect((await send(server.port, 'GET', '/__sandbox/inspector/sub/app.js')).status).toBe(401);
    expect((await send(server.port, 'GET', '/__sandbox/inspector/app.js')).status).toBe(200);
  });
});

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
