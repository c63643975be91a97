// The baseline: a bare node:http server answering with bytes captured from the sandbox. BENCH_ANSWERS names a
// JSON file of `{ "<path and query>": "<body>" }`: a request for a path listed there gets that body (and the
// sandbox's content type), byte for byte; any other path gets the first body listed. Without the file, every
// request gets a getBalance answer of the default scenario.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const answers = process.env.BENCH_ANSWERS
  ? JSON.parse(readFileSync(process.env.BENCH_ANSWERS, 'utf8'))
  : {
      '/getBalance':
        '{"success":true,"data":{"accountId":"8d4b3cde-a72c-4320-bde3-f1a196918388","totalTopupsThb":150000,"totalPurchasesThb":35940,"balanceThb":114060}}',
    };
const bodies = new Map(Object.entries(answers).map(([path, body]) => [path, Buffer.from(body)]));
const fallback = bodies.values().next().value;

const server = createServer((req, res) => {
  const body = bodies.get(req.url) ?? fallback;
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
  res.end(body);
});
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`listening on http://127.0.0.1:${server.address().port}\n`);
});
