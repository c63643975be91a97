import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { boundedFetch } from '../../src/client/bounded-read.js';
import { closedPort, hostile, type SeenRequest } from '../../bench/lib/hostile-servers.ts';

const LIMITS = { maxBodyBytes: 64 * 1024, timeoutMs: 5000 };
const TEXT = JSON.stringify({ success: true, data: { note: 'é'.repeat(2000) } });

/** Each path answers TEXT packed as it names (`/gzip,br` is gzip, then br), or something a test asks of it. */
const packed: Record<string, (body: Buffer) => Buffer> = { gzip: gzipSync, deflate: deflateSync, br: brotliCompressSync };

describe('the default reader (node:http) of the client commands', () => {
  let server: Awaited<ReturnType<typeof hostile>>;
  const bodies: string[] = [];
  const lengths: (string | undefined)[] = [];
  beforeAll(async () => {
    server = await hostile((request, response) => {
      let sent = '';
      request.on('data', (chunk: Buffer) => (sent += chunk));
      request.on('end', () => {
        bodies.push(sent);
        lengths.push(request.headers['content-length']);
        const path = decodeURIComponent(request.url!.slice(1));
        if (path === 'redirect') return response.writeHead(302, { location: 'http://example.invalid/' }).end();
        if (path === 'twice') return response.writeHead(200, [['set-cookie', 'a=1'], ['set-cookie', 'b=2']]).end('{}');
        if (path === 'bomb-br') return response.writeHead(200, { 'content-encoding': 'br' }).end(brotliCompressSync(Buffer.alloc(8 << 20)));
        if (path === 'bomb-deflate') return response.writeHead(200, { 'content-encoding': 'deflate' }).end(deflateSync(Buffer.alloc(8 << 20)));
        if (path === 'layers') return response.writeHead(200, { 'content-encoding': Array(3000).fill('gzip').join(',') }).end();
        if (path === 'unknown') return response.writeHead(200, { 'content-encoding': 'zz' }).end('as it came');
        const codings = path.split(',').filter(Boolean);
        const answer = codings.reduce<Buffer>((bytes, coding) => packed[coding]!(bytes), Buffer.from(TEXT));
        response.writeHead(200, codings.length ? { 'content-encoding': codings.join(', ') } : {}).end(answer);
      });
    });
  });
  afterAll(() => server.close());

  const read = (path: string, init: RequestInit = {}) => boundedFetch(new URL(`${server.origin}/${encodeURIComponent(path)}`), init, LIMITS);

  it('unpacks gzip, deflate, br and a list of them, as fetch does', async () => {
    for (const path of ['', 'gzip', 'deflate', 'br', 'gzip,br', 'deflate,gzip']) {
      const response = await read(path);
      expect({ path, status: response.status, text: response.text }).toEqual({ path, status: 200, text: TEXT });
    }
  });

  it('takes a body of an unknown coding as it came', async () => {
    expect((await read('unknown')).text).toBe('as it came');
  });

  it('counts br and deflate bodies as they unpack, and calls a bomb what it is', async () => {
    await expect(read('bomb-br')).rejects.toThrow(/is br-compressed and unpacks to more than 65536 bytes: a decompression bomb/);
    await expect(read('bomb-deflate')).rejects.toThrow(/is deflate-compressed and unpacks to more than 65536 bytes: a decompression bomb/);
  });

  it('says whether the server had begun its answer: not when none listens, yes when its body is refused', async () => {
    await expect(boundedFetch(new URL(`http://127.0.0.1:${await closedPort()}/`), {}, LIMITS)).rejects.toMatchObject({ name: 'ServiceUnreachable', answered: false });
    await expect(read('bomb-br')).rejects.toMatchObject({ name: 'ServiceUnreachable', answered: true });
  });

  it('refuses more than 5 codings, which would each hold a decoder, before unpacking any', async () => {
    await expect(read('layers')).rejects.toThrow(/layers says 3000 content-encodings, more than the 5 a client unpacks: the service sends a broken body$/);
    expect((await read('gzip,br,gzip,deflate,br')).text).toBe(TEXT);
  });

  it('returns a redirect as it is, and keeps every header the answer repeats', async () => {
    const redirect = await read('redirect');
    expect({ status: redirect.status, location: redirect.headers.get('location') }).toEqual({ status: 302, location: 'http://example.invalid/' });
    expect((await read('twice')).headers.getSetCookie()).toEqual(['a=1', 'b=2']);
  });

  it('sends the method, the headers and the body with its length in bytes', async () => {
    const body = JSON.stringify({ name: 'ü' });
    await read('', { method: 'POST', headers: { 'x-api-key': 'k' }, body });
    expect(bodies.at(-1)).toBe(body);
    expect(lengths.at(-1)).toBe(String(Buffer.byteLength(body)));
    expect(server.seen.at(-1)).toMatchObject<Partial<SeenRequest>>({ method: 'POST', apiKey: 'k' });
  });

  it('refuses a header value that cannot be sent, with a message, instead of throwing', async () => {
    await expect(read('', { headers: { 'x-api-key': 'k\u0100' } })).rejects.toMatchObject({ name: 'ServiceUnreachable' });
  });

  it('sends through fetch only when a caller gives one', async () => {
    const fetcher = vi.fn(async () => new Response('{"from":"fetch"}', { status: 201 }));
    const response = await boundedFetch(new URL(`${server.origin}/`), {}, { ...LIMITS, fetch: fetcher });
    expect({ status: response.status, text: response.text, calls: fetcher.mock.calls.length }).toEqual({ status: 201, text: '{"from":"fetch"}', calls: 1 });
  });
});
