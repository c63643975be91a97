import { describe, expect, it } from 'vitest';
import { createSandbox } from 'esim-wholesale-sandbox';
import { startServer } from 'esim-wholesale-sandbox/server';
import { RateLimiter } from '../../src/domain/rate-limit.js';
import { BoundedQrImageCache } from '../../src/lib/qr-image.js';

const FULL_ACCESS = 'sk_test_full_access';

describe('bounded memory', () => {
  it('keeps the journal at its capacity, newest requests last, however many requests come', async () => {
    const sandbox = createSandbox({ journalSize: 50 });
    for (let i = 0; i < 2000; i++) {
      const path = i % 3 === 0 ? `/api/v1/nope-${i}` : `/api/v1/getBalance?n=${i}`;
      await sandbox.fetch(new Request(`http://sandbox.test${path}`, { headers: { 'x-api-key': FULL_ACCESS } }));
      expect(sandbox.journal().length).toBeLessThanOrEqual(50);
    }
    expect(sandbox.journal()).toHaveLength(50);
    expect(sandbox.journal().at(-1)!.url).toBe('/api/v1/getBalance?n=1999');
    expect(sandbox.journal()[0]!.url).toBe('/api/v1/nope-1950');
  });

  it('keeps no journal at all with journalSize 0', async () => {
    const sandbox = createSandbox({ journalSize: 0 });
    for (let i = 0; i < 100; i++) await sandbox.fetch(new Request('http://sandbox.test/api/v1/getBalance'));
    expect(sandbox.journal()).toHaveLength(0);
  });

  it('keeps the journal of a server at its capacity over HTTP', async () => {
    const server = await startServer({ port: 0, journalSize: 20 });
    try {
      await Promise.all(
        Array.from({ length: 300 }, (_, i) =>
          fetch(`${server.url}/getBalance?n=${i}`, { headers: { 'x-api-key': FULL_ACCESS } }).then((r) => r.arrayBuffer()),
        ),
      );
      const journal = (await (await fetch(`${server.origin}/__sandbox/requests`)).json()) as { data: unknown[] };
      expect(journal.data).toHaveLength(20);
    } finally {
      await server.close();
    }
  });

  it('draws each QR image once and keeps only the most recent ones', () => {
    const cache = new BoundedQrImageCache(40);
    const codes = Array.from({ length: 200 }, (_, i) => `LPA:1$smdp.example$CODE-${i}`);
    for (const code of codes) cache.get(code);
    expect(cache.size).toBe(40);
    const again = cache.get(codes.at(-1)!);
    expect(cache.get(codes.at(-1)!)).toBe(again);
    expect(cache.size).toBe(40);
  });

  it('forgets idle callers of a rate limit, so random keys cannot pile up', () => {
    let now = 0;
    const limiter = new RateLimiter({ requests: 5, perMs: 1000 }, () => now);
    for (let i = 0; i < 20_000; i++) {
      now += 10; // 100 new callers per window
      limiter.admit(`key-${i}`);
    }
    expect(limiter.trackedCallers).toBeLessThanOrEqual(1000);
    // A caller still inside its window is remembered.
    limiter.admit('busy');
    for (let i = 0; i < 4; i++) limiter.admit('busy');
    expect(() => limiter.admit('busy')).toThrow(/rate limit/);
  });
});
