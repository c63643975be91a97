// Child process of the bench: the cost of one request through msw's setupServer + fetch, answered by the
// sandbox's handlers, next to msw answering a static HttpResponse.json with the same body for the same URL
// (msw's own floor). Prints `RESULT <json>`.
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { createSandbox } from '../dist/msw/index.js';

const BASE = 'https://api.partner.test/api/v1';
const URL_ = `${BASE}/getBalance`;
const HEADERS = { 'x-api-key': 'sk_test_full_access' };
const requests = Number(process.argv[2] ?? 2000);
const rounds = Number(process.argv[3] ?? 5);

const sandbox = createSandbox({ seed: 1 });
const body = (await (await sandbox.fetch(new Request(URL_, { headers: HEADERS }))).json()) as Record<string, unknown>;
const sandboxHandlers = sandbox.handlers(BASE);
const floorHandlers = [http.get(URL_, () => HttpResponse.json(body))];

const server = setupServer(...floorHandlers);
server.listen({ onUnhandledFrame: 'error' });

/** Microseconds per request, `requests` sequential fetches. */
async function timeRequests(): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < requests; i++) {
    const response = await fetch(URL_, { headers: HEADERS });
    if (response.status !== 200) throw new Error(`answered ${response.status}`);
    await response.text();
  }
  return ((performance.now() - started) * 1000) / requests;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;
const floor: number[] = [];
const sandboxed: number[] = [];
for (let round = -1; round < rounds; round++) {
  server.resetHandlers(...floorHandlers);
  const floorUs = await timeRequests();
  server.resetHandlers(...sandboxHandlers);
  const sandboxUs = await timeRequests();
  if (round >= 0) {
    floor.push(floorUs);
    sandboxed.push(sandboxUs);
  }
}
server.close();
const round1 = (value: number) => Math.round(value * 10) / 10;
process.stdout.write(
  `RESULT ${JSON.stringify({ sandboxUs: round1(median(sandboxed)), mswFloorUs: round1(median(floor)), requestsPerRound: requests, rounds, runs: { sandboxUs: sandboxed.map(round1), mswFloorUs: floor.map(round1) } })}\n`,
);
