import { readFileSync } from 'node:fs';
import path from 'node:path';
import { hostile } from '../../bench/lib/hostile-servers.ts';

interface Document {
  paths: Record<string, Record<string, { responses: { '200': { content: { 'application/json': { example: unknown } } } } }>>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A mock such as a generator makes in its dynamic mode: each route answers 200 with values drawn anew for every
 * request in the shapes of its example (amounts of any sign, counts from 1 to 1000, new ids, coin-flip booleans, lists of any length),
 * whatever the query or body; only a request without a key is refused. Seeded, so a run is reproducible.
 */
export function startRandomMock(seed = 7) {
  const document = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../openapi.json'), 'utf8')) as Document;
  const examples = new Map<string, unknown>();
  for (const [route, operations] of Object.entries(document.paths)) {
    for (const operation of Object.values(operations)) examples.set(`/api/v1${route}`, operation.responses['200'].content['application/json'].example);
  }
  let state = seed >>> 0;
  const random = () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
  const hex = (n: number) => Array.from({ length: n }, () => Math.floor(random() * 16).toString(16)).join('');
  const vary = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.length === 0 ? [] : Array.from({ length: 1 + Math.floor(random() * 3) }, () => vary(value[0]));
    if (Number.isInteger(value)) return 1 + Math.floor(random() * 1000);
    if (typeof value === 'number') return Math.round((random() * 2 - 1) * 1e10) / 100;
    if (typeof value === 'boolean') return random() < 0.5;
    if (typeof value === 'string' && UUID.test(value)) return `${hex(8)}-${hex(4)}-4${hex(3)}-8${hex(3)}-${hex(12)}`;
    if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, key === 'success' ? entry : vary(entry)]));
    return value;
  };
  return hostile((request, response) => {
    const example = examples.get(new URL(request.url ?? '/', 'http://mock').pathname);
    request.resume();
    if (request.headers['x-api-key'] === undefined) {
      response.writeHead(401, { 'content-type': 'application/json' });
      response.end('{"success":false,"error":{"code":"UNAUTHORIZED","message":"x-api-key is required"}}');
      return;
    }
    response.writeHead(example ? 200 : 404, { 'content-type': 'application/json' });
    response.end(example ? JSON.stringify(vary(example)) : '{"message":"no example"}');
  });
}
