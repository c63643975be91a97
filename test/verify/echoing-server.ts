import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { RunningServer } from 'esim-wholesale-sandbox/server';

/**
 * A careless deployment in front of a sandbox: it passes every request on and, in each error it answers, says
 * what credentials it received (`… (received x-api-key sk_live_…, authorization Bearer …)`), as some servers do.
 * `echoes` counts the answers that carried a credential back.
 */
export async function startEchoingServer(behind: RunningServer) {
  let echoes = 0;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', async () => {
      const body = chunks.length > 0 ? Buffer.concat(chunks) : undefined;
      const answer = await fetch(`${behind.origin}${request.url}`, { method: request.method!, headers: forwarded(request.headers), body, redirect: 'manual' });
      let text = await answer.text();
      const received = credentialsOf(request.headers);
      try {
        const parsed = JSON.parse(text) as { error?: { message?: string } };
        if (parsed.error?.message !== undefined && received) {
          parsed.error.message += ` (received ${received})`;
          text = JSON.stringify(parsed);
          echoes++;
        }
      } catch {
        // Not JSON: passed on as it is.
      }
      const headers: Record<string, string> = { 'content-type': answer.headers.get('content-type') ?? 'application/json' };
      const retryAfter = answer.headers.get('retry-after');
      if (retryAfter !== null) headers['retry-after'] = retryAfter;
      response.writeHead(answer.status, headers).end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return {
    origin,
    url: `${origin}/api/v1`,
    echoes: () => echoes,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function forwarded(headers: IncomingHttpHeaders): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || ['host', 'connection', 'content-length', 'accept-encoding'].includes(name)) continue;
    kept[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return kept;
}

function credentialsOf(headers: IncomingHttpHeaders): string | undefined {
  const said = [
    headers['x-api-key'] !== undefined && `x-api-key ${String(headers['x-api-key'])}`,
    headers.authorization !== undefined && `authorization ${headers.authorization}`,
  ].filter(Boolean);
  return said.length > 0 ? said.join(', ') : undefined;
}
