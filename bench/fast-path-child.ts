// Child process of the bench's fast-path section, copied into a fresh project that installed the packed
// package with one msw major: the cost of one request answered by the sandbox three ways, sequential
// requests, median of the rounds. Prints `RESULT <json>`.
//   sandbox.fetch   the sandbox called directly with a Request: no interception at all
//   msw sandbox     fetch() intercepted by msw's setupServer, answered by sandbox.handlers(baseUrl)
//   msw static      the same URL answered by a static HttpResponse.json of the same body (msw's own floor)
import { readFileSync } from 'node:fs';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { createSandbox } from 'esim-wholesale-sandbox/msw';

const BASE = 'https://api.partner.test/api/v1';
const URL_ = `${BASE}/getBalance`;
const HEADERS = { 'x-api-key': 'sk_test_full_access' };
const requests = Number(process.argv[2] ?? 1000);
const rounds = Number(process.argv[3] ?? 3);
const mswVersion = (JSON.parse(readFileSync(new URL('./node_modules/msw/package.json', import.meta.url), 'utf8')) as { version: string }).version;

const sandbox = createSandbox({ seed: 1 });
const body = (await (await sandbox.fetch(new Request(URL_, { headers: HEADERS }))).json()) as Record<string, unknown>;
const sandboxHandlers = sandbox.handlers(BASE);
const staticHandlers = [http.get(URL_, () => HttpResponse.json(body))];

async function timeRequests(send: () => Promise<Response>): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < requests; i++) {
    const response = await send();
    if (response.status !== 200) throw new Error(`answered ${response.status}`);
    await response.text();
  }
  return ((performance.now() - started) * 1000) / requests;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;
const direct: number[] = [];
const viaMsw: number[] = [];
const floor: number[] = [];
const server = setupServer(...staticHandlers);
// msw 3 reads onUnhandledFrame, msw 2 onUnhandledRequest; each ignores the other's.
server.listen({ onUnhandledFrame: 'error', onUnhandledRequest: 'error' } as Parameters<typeof server.listen>[0]);
for (let round = -1; round < rounds; round++) {
  const directUs = await timeRequests(() => sandbox.fetch(new Request(URL_, { headers: HEADERS })));
  server.resetHandlers(...staticHandlers);
  const floorUs = await timeRequests(() => fetch(URL_, { headers: HEADERS }));
  server.resetHandlers(...sandboxHandlers);
  const mswUs = await timeRequests(() => fetch(URL_, { headers: HEADERS }));
  if (round >= 0) {
    direct.push(directUs);
    floor.push(floorUs);
    viaMsw.push(mswUs);
  }
}
server.close();
const round1 = (value: number) => Math.round(value * 10) / 10;
process.stdout.write(
  `RESULT ${JSON.stringify({ msw: mswVersion, node: process.version, fetchUs: round1(median(direct)), mswSandboxUs: round1(median(viaMsw)), mswStaticUs: round1(median(floor)), requests, rounds })}\n`,
);
