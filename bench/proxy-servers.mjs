// The servers of the bench's proxy section, one per process, each printing `listening on <base URL>` once it listens:
//   node bench/proxy-servers.mjs upstream          the sandbox (startServer from dist, port 0)
//   node bench/proxy-servers.mjs ours <base URL>   our proxy (startProxy from dist) in front of it
//   node bench/proxy-servers.mjs minimal <base URL> a minimal node:http forwarding proxy: a keep-alive Agent, one
//                                                  http.request per call copying method, path and x-api-key, the
//                                                  answer piped back
import { Agent, createServer, request } from 'node:http';

const [mode, upstream] = process.argv.slice(2);
const say = (url) => process.stdout.write(`listening on ${url}\n`);

if (mode === 'upstream') {
  const { startServer } = await import('../dist/server/start-server.js');
  const server = await startServer({ port: 0, host: '127.0.0.1' });
  say(server.url);
  process.once('SIGTERM', () => server.close().then(() => process.exit(0)));
} else if (mode === 'ours') {
  const { startProxy } = await import('../dist/proxy/index.js');
  const proxy = await startProxy({ port: 0, host: '127.0.0.1', upstream });
  say(proxy.url);
  process.once('SIGTERM', () => proxy.close().then(() => process.exit(0)));
} else if (mode === 'minimal') {
  const base = new URL(upstream);
  const agent = new Agent({ keepAlive: true });
  // The proxy's base is /api/v1 as the sandbox's: the path after it is the upstream's path after its base.
  const server = createServer((req, res) => {
    const headers = req.headers['x-api-key'] === undefined ? {} : { 'x-api-key': req.headers['x-api-key'] };
    const out = request({ agent, host: base.hostname, port: base.port, method: req.method, path: `${base.pathname}${req.url.replace(/^\/api\/v1/, '')}`, headers }, (answer) => {
      res.writeHead(answer.statusCode, { 'content-type': answer.headers['content-type'] ?? 'application/json' });
      answer.pipe(res);
    });
    out.on('error', () => {
      res.writeHead(502).end();
    });
    req.pipe(out);
  });
  server.listen(0, '127.0.0.1', () => say(`http://127.0.0.1:${server.address().port}/api/v1`));
  process.once('SIGTERM', () => {
    agent.destroy();
    server.close(() => process.exit(0));
    server.closeAllConnections();
  });
} else {
  process.stderr.write(`usage: node bench/proxy-servers.mjs upstream | ours <base URL> | minimal <base URL> (got ${mode})\n`);
  process.exit(2);
}
