// The proxy's peak RSS growth while its upstream sends a 1 GiB body (chunked, no length announced) and then a 1 MiB
// gzip bomb (16 gzip members of 64 MiB of zeros each: 1 GiB unpacked). A stand-in upstream in this process, the proxy
// (`esim-sandbox proxy`, default --max-body-bytes) in a child; its peak RSS (VmHWM) is reset before each case.
// Run after `npm run build`: node bench/proxy-memory.mjs
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { gzipSync } from 'node:zlib';

const MiB = 1024 * 1024;
const member = gzipSync(Buffer.alloc(64 * MiB));
const bomb = Buffer.concat(Array.from({ length: 16 }, () => member));
const chunk = Buffer.alloc(64 * 1024, 'x');
const BALANCE = '{"success":true,"data":{"accountId":"8d4b3cde-a72c-4320-bde3-f1a196918388","totalTopupsThb":150000,"totalPurchasesThb":35940,"balanceThb":114060}}';

let mode = 'ok';
const upstream = createServer((req, res) => {
  if (mode === 'ok') return res.writeHead(200, { 'content-type': 'application/json' }).end(BALANCE);
  if (mode === 'bomb') return res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' }).end(bomb);
  res.writeHead(200, { 'content-type': 'application/json' });
  let sent = 0;
  const more = () => {
    while (sent < 1024 * MiB) {
      sent += chunk.length;
      if (!res.write(chunk)) return res.once('drain', more);
    }
    res.end();
  };
  res.on('close', () => res.removeAllListeners('drain'));
  more();
});
await new Promise((resolve) => upstream.listen(0, '127.0.0.1', resolve));
const upstreamUrl = `http://127.0.0.1:${upstream.address().port}/api/v1`;

const proxy = spawn(process.execPath, ['bin/esim-sandbox.js', 'proxy', '--port', '0', '--upstream', upstreamUrl], { stdio: ['ignore', 'pipe', 'inherit'] });
const api = await new Promise((resolve) => {
  let out = '';
  proxy.stdout.on('data', (data) => {
    out += data;
    const match = /API\s+(http:\/\/\S+)/.exec(out);
    if (match) resolve(match[1]);
  });
});
const kib = (field) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${proxy.pid}/status`, 'utf8'))[1]) * 1024;
const call = async () => {
  const started = performance.now();
  const response = await fetch(`${api}/getBalance`, { headers: { 'x-api-key': 'sk_test_full_access' } });
  const body = await response.text();
  return { status: response.status, ms: Math.round(performance.now() - started), said: body.slice(0, 200) };
};

for (let i = 0; i < 200; i++) await call(); // warm up
for (const [name, caseMode] of [['a 1 GiB body', 'large'], ['a 1 MiB gzip bomb (1 GiB unpacked)', 'bomb']]) {
  mode = 'ok';
  await call();
  writeFileSync(`/proc/${proxy.pid}/clear_refs`, '5'); // resets VmHWM to the current RSS
  const before = kib('VmRSS');
  mode = caseMode;
  const answer = await call();
  const peak = kib('VmHWM');
  console.log(`${name}: status ${answer.status} in ${answer.ms} ms; RSS before ${(before / MiB).toFixed(0)} MiB, peak ${(peak / MiB).toFixed(0)} MiB, growth ${((peak - before) / MiB).toFixed(1)} MiB; said ${answer.said}`);
}
proxy.kill('SIGTERM');
upstream.close();
upstream.closeAllConnections();
