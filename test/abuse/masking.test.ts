import { describe, expect, it } from 'vitest';
import { createSandbox } from 'esim-wholesale-sandbox';
import { startServer } from 'esim-wholesale-sandbox/server';
import { maskApiKey } from '../../src/lib/mask-api-key.js';

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
});
