import { readFileSync } from 'node:fs';
import path from 'node:path';
import { hostile } from '../../bench/lib/hostile-servers.ts';

interface Document {
  paths: Record<string, Record<string, { responses: { '200': { content: { 'application/json': { example: unknown } } } } }>>;
}

/**
 * A mock such as a generator makes from an OpenAPI document: each route answers its one 200 example, whatever
 * the key, query or body. Its getOrders example carries QR images whether they were asked for or not.
 */
export function startStaticMock() {
  const document = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../openapi.json'), 'utf8')) as Document;
  const examples = new Map<string, string>();
  for (const [route, operations] of Object.entries(document.paths)) {
    for (const operation of Object.values(operations)) {
      const example = structuredClone(operation.responses['200'].content['application/json'].example) as { data: unknown };
      if (route === '/getOrders') {
        for (const order of example.data as { items?: Record<string, unknown>[] }[]) for (const item of order.items ?? []) item.qrBase64Url = 'iVBORw0KGgo=';
      }
      examples.set(`/api/v1${route}`, JSON.stringify(example));
    }
  }
  return hostile((request, response) => {
    const body = examples.get(new URL(request.url ?? '/', 'http://mock').pathname);
    response.writeHead(body ? 200 : 404, { 'content-type': 'application/json' });
    response.end(body ?? '{"message":"no example"}');
  });
}
