// The baseline: a bare node:http server answering every request with the same bytes (and content type)
// as the sandbox's getBalance. BENCH_BODY gives the body; without it, a getBalance answer of the default scenario.
import { createServer } from 'node:http';

const body = Buffer.from(
  process.env.BENCH_BODY ??
    '{"success":true,"data":{"accountId":"8d4b3cde-a72c-4320-bde3-f1a196918388","totalTopupsThb":150000,"totalPurchasesThb":35940,"balanceThb":114060}}',
);
const server = createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
  res.end(body);
});
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`listening on http://127.0.0.1:${server.address().port}\n`);
});
