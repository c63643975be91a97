import { once } from 'node:events';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from 'esim-wholesale-sandbox/server';

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ port: 0 });
});
afterAll(() => server.close());

/** Sends `head` (and nothing else) on a connection of its own; the whole answer once the server closes it. */
async function exchange(head: string): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  const socket = connect(server.port, '127.0.0.1');
  await once(socket, 'connect');
  let text = '';
  socket.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
  socket.write(head);
  await once(socket, 'close');
  const [top = '', body = ''] = text.split('\r\n\r\n');
  const [statusLine = '', ...lines] = top.split('\r\n');
  const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
  return { status: Number(statusLine.split(' ')[1] ?? 0), headers, body };
}

describe('every method is answered, never a silent close', () => {
  it('CONNECT gets a 405 envelope with Allow, and the connection is closed', async () => {
    const answer = await exchange(`CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n`);
    expect(answer.status).toBe(405);
    expect(answer.headers['allow']).toBe('GET, HEAD, POST, DELETE, OPTIONS');
    expect(answer.headers['connection']).toBe('close');
    expect(JSON.parse(answer.body)).toEqual({
      success: false,
      error: { code: 'METHOD_NOT_ALLOWED', message: expect.stringMatching(/^CONNECT "example.com:443": this server is no proxy/) },
    });
  });

  it('a method no one knows gets a 405 envelope with Allow, as one HTTP knows does', async () => {
    const answer = await exchange(`FROB /api/v1/getBalance HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\n\r\n`);
    expect(answer.status).toBe(405);
    expect(answer.headers['allow']).toBe('GET, HEAD, POST, DELETE, OPTIONS');
    expect(JSON.parse(answer.body)).toMatchObject({ success: false, error: { code: 'METHOD_NOT_ALLOWED', message: expect.stringMatching(/none this server knows/) } });
  });

  it.each(['PROPFIND', 'PURGE', 'PATCH', 'TRACE', 'M-SEARCH'])('%s, a method HTTP knows, gets a 405 envelope with Allow', async (method) => {
    for (const path of ['/api/v1/getBalance', '/__sandbox/health']) {
      const answer = await exchange(`${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nConnection: close\r\n\r\n`);
      expect(answer.status).toBe(405);
      expect(answer.headers['allow']).toMatch(/OPTIONS$/);
      expect(JSON.parse(answer.body)).toMatchObject({ success: false, error: { code: 'METHOD_NOT_ALLOWED' } });
    }
  });

  it('an Upgrade request is answered as the request it is', async () => {
    const answer = await exchange(
      `GET /__sandbox/health HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nConnection: Upgrade, close\r\nUpgrade: websocket\r\n\r\n`,
    );
    expect(answer.status).toBe(200);
  });

  it('keeps serving after 200 of each', async () => {
    for (let i = 0; i < 200; i++) {
      await exchange('CONNECT a:1 HTTP/1.1\r\nHost: a:1\r\n\r\n');
      await exchange(`FROB / HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\n\r\n`);
    }
    expect((await fetch(`${server.origin}/__sandbox/health`)).status).toBe(200);
  });
});
