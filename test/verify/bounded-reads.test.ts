import { beforeAll, describe, expect, it } from 'vitest';
import { cli } from '../support/cli.js';
import { closedPort } from './stand-in.js';
import { esimSandboxMeasured, GIB, gzipBomb, hostile, sendRepeated } from '../../bench/lib/hostile-servers.ts';

const KEY = 'sk_live_hostile_test_4321';

const verify = (origin: string, ...extra: string[]) =>
  esimSandboxMeasured(['verify', '--base-url', `${origin}/api/v1`, '--rate', '50', ...extra], { ESIM_API_KEY: KEY });

describe('verify, record, export and readiness read a hostile answer within bounds', () => {
  let baselineRss: number;
  let bomb: Buffer;
  beforeAll(async () => {
    bomb = await gzipBomb();
    // The same command, refused at once: what loading it costs, without any answer to read.
    baselineRss = (await verify(`http://127.0.0.1:${await closedPort()}`)).peakRss;
  });

  // The 16 MiB kept plus ~15 MB of chunks in flight (~30 MB measured); read through fetch, whose chunk copies wait for
  // the GC, it grew 59-64 MB.
  it('stops reading a 1 GiB body at --max-body-bytes, says so and exits 2, growing by less than 48 MB (peak RSS over a refused run)', async () => {
    const server = await hostile((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      void sendRepeated(response, Buffer.alloc(64 * 1024, 0x20), GIB);
    });
    try {
      const run = await verify(server.origin);
      expect(run.stderr).toBe(
        `esim-sandbox verify: the answer of ${server.origin}/api/v1/getBalance is too large: it went past the limit of 16 MiB; raise --max-body-bytes if the service really sends that much\n`,
      );
      expect(run.code).toBe(2);
      expect(run.peakRss - baselineRss).toBeLessThan(48e6);
    } finally {
      await server.close();
    }
  });

  it('refuses a body whose Content-Length passes the limit before reading it, with a lower --max-body-bytes', async () => {
    const server = await hostile((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': String(GIB) });
      void sendRepeated(response, Buffer.alloc(64 * 1024, 0x20), GIB);
    });
    try {
      const run = await verify(server.origin, '--max-body-bytes', '4096');
      expect(run.stderr).toBe(
        `esim-sandbox verify: the answer of ${server.origin}/api/v1/getBalance is too large: it declares ${GIB} bytes, more than the limit of 4096 bytes; raise --max-body-bytes if the service really sends that much\n`,
      );
      expect(run.code).toBe(2);
    } finally {
      await server.close();
    }
  });

  it('calls a gzip bomb (1 MB that unpacks to 1 GiB) what it is, exits 2, growing by less than 64 MB (peak RSS over a refused run)', async () => {
    const server = await hostile((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip', 'content-length': String(bomb.length) });
      response.end(bomb);
    });
    try {
      const run = await verify(server.origin);
      expect(run.stderr).toBe(
        `esim-sandbox verify: the answer of ${server.origin}/api/v1/getBalance is gzip-compressed and unpacks to more than 16 MiB: a decompression bomb, ` +
          'or a body larger than --max-body-bytes allows; raise --max-body-bytes only if the service really sends that much\n',
      );
      expect(run.code).toBe(2);
      expect(run.peakRss - baselineRss).toBeLessThan(64e6);
    } finally {
      await server.close();
    }
  });

  it('gives up on a body that drips 1 byte a second once --timeout has passed', async () => {
    const timers: NodeJS.Timeout[] = [];
    const server = await hostile((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write('{');
      timers.push(setInterval(() => response.write(' '), 1000));
    });
    try {
      const run = await verify(server.origin, '--timeout', '1500');
      expect(run.stderr).toMatch(
        new RegExp(`^esim-sandbox verify: ${server.origin}/api/v1/getBalance sent [12] bytes? of its answer, then did not finish it within 1\\.5 s \\(--timeout\\): the service sends too slowly or stalls; raise --timeout if it is only slow\\n$`),
      );
      expect(run.code).toBe(2);
      // Generous: the point is that it ends, not how fast.
      expect(run.ms).toBeLessThan(30_000);
    } finally {
      timers.forEach(clearInterval);
      await server.close();
    }
  });

  it('says when the connection is cut in the middle of an answer', async () => {
    const server = await hostile((request, response) => {
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
      response.write('{"success":true,', () => request.socket.destroy());
    });
    try {
      const run = await verify(server.origin);
      expect(run.stderr).toMatch(
        new RegExp(`^esim-sandbox verify: ${server.origin}/api/v1/getBalance closed the connection in the middle of its answer, after 16 bytes( \\(\\w+\\))?: is the service healthy\\?\\n$`),
      );
      expect(run.code).toBe(2);
    } finally {
      await server.close();
    }
  });

  it('says when a compressed body does not unpack', async () => {
    const server = await hostile((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
      response.end('this is not gzip');
    });
    try {
      const run = await cli('verify', '--base-url', `${server.origin}/api/v1`, '--api-key', KEY, '--rate', '50');
      expect(run.stderr).toBe(
        `esim-sandbox verify: the answer of ${server.origin}/api/v1/getBalance says content-encoding gzip but does not unpack (Z_DATA_ERROR): the service sends a broken body\n`,
      );
      expect(run.exitCode).toBe(2);
    } finally {
      await server.close();
    }
  });

  it('export gives up on a drip at --timeout, and refuses a 200 that is not a scenario', async () => {
    const timers: NodeJS.Timeout[] = [];
    const drip = await hostile((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      timers.push(setInterval(() => response.write(' '), 1000));
    });
    const stranger = await hostile((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{"data":{"stolen":true}}');
    });
    try {
      const slow = await cli('export', '--url', drip.origin, '--timeout', '1500');
      expect(slow.stderr).toMatch(/^esim-sandbox export: http:\/\/127\.0\.0\.1:\d+\/__sandbox\/state sent [01] bytes? of its answer, then did not finish it within 1\.5 s \(--timeout\)/);
      expect(slow.exitCode).toBe(2);
      expect(await cli('export', '--url', stranger.origin)).toEqual({
        exitCode: 1,
        stdout: '',
        stderr: `esim-sandbox export: ${stranger.origin}/__sandbox/state?format=scenario refused: status 200, not the admin API's answer (a scenario with a name)\n`,
      });
    } finally {
      timers.forEach(clearInterval);
      await Promise.all([drip.close(), stranger.close()]);
    }
  });

  it('export stops at the limit too, and writes nothing', async () => {
    const server = await hostile((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
      response.end(bomb);
    });
    try {
      const run = await esimSandboxMeasured(['export', '--url', server.origin]);
      expect(run.stderr).toMatch(/^esim-sandbox export: the answer of http:\/\/127\.0\.0\.1:\d+\/__sandbox\/state is gzip-compressed and unpacks to more than 16 MiB: a decompression bomb/);
      expect({ code: run.code, stdout: run.stdout }).toEqual({ code: 2, stdout: '' });
      expect(run.peakRss - baselineRss).toBeLessThan(64e6);
    } finally {
      await server.close();
    }
  });

  // Measured +29-31 MB over a refused run for the 1 GiB body and +20 MB for the bomb; before readiness took the
  // bounded reader, fetch's response.json() reached 6.4 GB on a 2 GiB body and 3.4 GB on a 1 MiB bomb.
  it('readiness stops reading a 1 GiB body at 16 MiB, says so and exits 1, growing by less than 64 MB (peak RSS over a refused run)', async () => {
    const refused = await esimSandboxMeasured(['readiness', '--url', `http://127.0.0.1:${await closedPort()}`]);
    const server = await hostile((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      void sendRepeated(response, Buffer.alloc(64 * 1024, 0x20), GIB);
    });
    try {
      const run = await esimSandboxMeasured(['readiness', '--url', server.origin]);
      expect(run.stderr).toBe(
        `esim-sandbox readiness: the answer of ${server.origin}/__sandbox/readiness is too large: it went past the limit of 16 MiB; raise --max-body-bytes if the service really sends that much\n`,
      );
      expect({ code: run.code, stdout: run.stdout }).toEqual({ code: 1, stdout: '' });
      expect(run.peakRss - refused.peakRss).toBeLessThan(64e6);
    } finally {
      await server.close();
    }
  });

  it('readiness calls a gzip bomb what it is and exits 1, growing by less than 64 MB (peak RSS over a refused run)', async () => {
    const refused = await esimSandboxMeasured(['readiness', '--url', `http://127.0.0.1:${await closedPort()}`]);
    const server = await hostile((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip', 'content-length': String(bomb.length) });
      response.end(bomb);
    });
    try {
      const run = await esimSandboxMeasured(['readiness', '--url', server.origin]);
      expect(run.stderr).toMatch(/^esim-sandbox readiness: the answer of http:\/\/127\.0\.0\.1:\d+\/__sandbox\/readiness is gzip-compressed and unpacks to more than 16 MiB: a decompression bomb/);
      expect({ code: run.code, stdout: run.stdout }).toEqual({ code: 1, stdout: '' });
      expect(run.peakRss - refused.peakRss).toBeLessThan(64e6);
    } finally {
      await server.close();
    }
  });

  it('readiness follows no redirect: the admin token goes to --url only', async () => {
    const elsewhere = await hostile((_request, response) => response.end('{}'));
    const server = await hostile((_request, response) => {
      response.writeHead(307, { location: `${elsewhere.origin}/__sandbox/readiness` });
      response.end();
    });
    try {
      const run = await cli('readiness', '--url', server.origin, '--admin-token', 'redirect-token-5678');
      expect(run.stderr).toBe(
        `esim-sandbox readiness: ${server.origin}/__sandbox/readiness answered a redirect (307 to ${elsewhere.origin}/__sandbox/readiness), which readiness does not follow: ` +
          "the admin token goes to --url only. Give the sandbox's own address as --url\n",
      );
      expect(run.exitCode).toBe(1);
      expect(server.seen.map((seen) => seen.authorization)).toEqual(['Bearer redirect-token-5678']);
      expect(elsewhere.seen).toEqual([]);
    } finally {
      await Promise.all([server.close(), elsewhere.close()]);
    }
  });
});
