import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { bin, serveProcess } from '../support/serve-process.js';

describe('the esim-sandbox binary (the bundled command)', () => {
  it('serves the sandbox, answers getBalance and /docs, and stops cleanly on SIGINT', async () => {
    const server = await serveProcess();
    const url = server.url;
    const balance = await fetch(`${url}/getBalance`, { headers: { 'x-api-key': 'sk_test_full_access' } });
    expect(balance.status).toBe(200);
    expect((await balance.json()).data.balanceThb).toBe(114060);
    const docs = await fetch(new URL('/docs/', url));
    expect(docs.status).toBe(200);
    await docs.text();
    expect(await server.stop()).toBe(0);
    expect(server.output()).toContain('Sandbox stopped.');
  });

  it('refuses a bad argument with a message and exit code 1', async () => {
    const child = spawn(process.execPath, [bin, 'serve', '--port', 'abc'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
    const [code] = await once(child, 'exit');
    expect(code).toBe(1);
    expect(stderr).toContain('--port must be an integer from 0 to 65535 (got "abc")');
  });
});
