import { describe, expect, it } from 'vitest';
import { createSandbox } from 'esim-wholesale-sandbox';
import { startServer } from 'esim-wholesale-sandbox/server';
import { maskApiKey, redactSecrets } from '../../src/lib/mask-api-key.js';

const KEY = 'sk_test_full_access';
const ADMIN_TOKEN = 'tok_123456';
const SECRETS: Record<string, string> = {
  'x-auth-token': 'auth-token-value-0123456789',
  'x-secret-thing': 'shh',
  'session-id': 'sess_abcdef',
  'x-partner-password': 'hunter2hunter2hunter2',
  'x-admin-token': ADMIN_TOKEN,
  cookie: 'sid=abc123',
};

describe('secrets in the journal', () => {
  it('masks every header whose name says auth, token, key, secret, cookie, session or password, over HTTP and in the event stream', async () => {
    await using server = await startServer({ port: 0, adminToken: ADMIN_TOKEN });
    const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };
    const events = await fetch(`${server.origin}/__sandbox/events`, { headers: admin });
    const reader = events.body!.pipeThrough(new TextDecoderStream()).getReader();
    await fetch(`${server.url}/getBalance`, { headers: { 'x-api-key': KEY, 'x-trace': 'kept', ...SECRETS } }).then((r) => r.arrayBuffer());
    const journal = await (await fetch(`${server.origin}/__sandbox/requests?include=bodies`, { headers: admin })).text();
    let streamed = '';
    while (!streamed.includes('event: request')) streamed += (await reader.read()).value;
    await reader.cancel();
    for (const shown of [journal, streamed]) {
      expect(shown).toContain('"x-trace":"kept"');
      for (const [name, value] of Object.entries(SECRETS)) {
        expect(shown).toContain(`"${name}":"${maskApiKey(value)}"`);
        expect(shown).not.toContain(value);
      }
      expect(shown).toContain('"x-auth-token":"************6789"');
      expect(shown).toContain('"x-api-key":"************cess"');
    }
  });

  it('shows no character of a secret shorter than 16 characters, wherever it is masked', async () => {
    expect(maskApiKey(ADMIN_TOKEN)).toBe('********');
    expect(maskApiKey('sk_test_revoked')).toBe('********');
    expect(maskApiKey('sk_test_full_access')).toBe('************cess');
    const sandbox = createSandbox();
    await sandbox.fetch(new Request('http://sandbox.test/api/v1/getBalance', { headers: { 'x-api-key': 'sk_test_revoked', 'x-admin-token': ADMIN_TOKEN } }));
    const [entry] = sandbox.journal();
    expect(entry!.apiKey).toBe('********');
    expect(JSON.stringify(entry)).not.toMatch(/_revoked|voked"|3456/);
  });

  it('measures a secret without its scheme: a 10-character bearer token shows none of itself, in the journal too', async () => {
    expect(maskApiKey('Bearer tok_123456')).toBe('Bearer ********');
    expect(maskApiKey('Bearer auth-token-value-0123456789')).toBe('Bearer ************6789');
    expect(maskApiKey('Basic dXNlcjpwYXNz')).toBe('Basic ********');
    expect(maskApiKey('Basic dXNlcjpwYXNzd29yZDEyMw==')).toBe('Basic ************Mw==');
    await using server = await startServer({ port: 0 });
    await fetch(`${server.url}/getBalance`, { headers: { authorization: 'Bearer tok_12K_2w' } }).then((r) => r.arrayBuffer());
    const journal = await (await fetch(`${server.origin}/__sandbox/requests?include=bodies`)).text();
    expect(journal).toContain('"authorization":"Bearer ********"');
    expect(journal).not.toMatch(/K_2w|tok_1/);
  });

  it('masks in a command\'s output the secrets it was given and what looks like a key or a bearer token, not prose', () => {
    const given = 'given-token-0123456789';
    expect(redactSecrets(`bad token ${given}; bad key sk_live_found_one_4321; sent Bearer abc.def-123`, [given])).toBe(
      'bad token ************6789; bad key ************4321; sent Bearer ********',
    );
    for (const prose of ['Authorization: Bearer was sent instead of x-api-key', 'Basic 10-day plan']) expect(redactSecrets(prose, [])).toBe(prose);
    expect(maskApiKey('Token abcd efgh')).toBe('Token ********');
    // A secret of 3 characters is not sought: every "abc" of the text would go.
    expect(redactSecrets('abc abc', ['abc'])).toBe('abc abc');
  });
});
