import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSandbox, type OpenApiDocument } from 'esim-wholesale-sandbox';
import { EXAMPLE_KEY, exampleCalls } from '../../src/openapi-examples.js';
import { contractProblems } from '../support/openapi-contract.js';
import { describeBothModes } from '../support/modes.js';

/**
 * The examples of the shipped openapi.json, as a tool that makes calls from it uses them (Prism's mock, Portman,
 * Swagger UI's "Try it out"): every parameter, body and answer has one, the calls they make succeed on a fresh
 * sandbox of the `default` scenario, and every answer example is one the document's schemas allow.
 */

const root = path.resolve(import.meta.dirname, '../..');
const shipped: OpenApiDocument = JSON.parse(readFileSync(path.join(root, 'openapi.json'), 'utf8'));
const operations = Object.entries(shipped.paths).flatMap(([routePath, item]) =>
  Object.entries(item).map(([method, operation]) => ({ routePath, method: method.toUpperCase(), operation: operation! })),
);
const component = (ref: { $ref: string }) => ref.$ref.split('/').pop()!;

describe('the examples of openapi.json', () => {
  it('are on every parameter, request body and response of every operation', () => {
    const missing: string[] = [];
    for (const { operation } of operations) {
      for (const reference of operation.parameters ?? []) {
        const parameter = '$ref' in reference ? shipped.components.parameters[component(reference)]! : reference;
        if (parameter.example === undefined) missing.push(`${operation.operationId} parameter ${parameter.name}`);
      }
      const body = operation.requestBody && ('$ref' in operation.requestBody ? shipped.components.requestBodies[component(operation.requestBody)]! : operation.requestBody);
      if (body && body.content['application/json']?.example === undefined) missing.push(`${operation.operationId} request body`);
      for (const [status, reference] of Object.entries(operation.responses)) {
        const response = '$ref' in reference ? shipped.components.responses[component(reference)]! : reference;
        const json = response.content?.['application/json'];
        if (json?.example === undefined && Object.keys(json?.examples ?? {}).length === 0) missing.push(`${operation.operationId} ${status}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('use ids of the default scenario: a productId it sells, the purchaseOrderId of one of its seeded orders', async () => {
    const sandbox = createSandbox({ scenario: 'default', seed: 1 });
    const request = new Request('http://sandbox.test/api/v1/getProducts?limit=200', { headers: { 'x-api-key': EXAMPLE_KEY } });
    const products: { id: string }[] = (await (await sandbox.fetch(request)).json()).data;
    const order = shipped.components.requestBodies.CreateOrder!.content['application/json']!.example as { productId: string };
    expect(products.map((product) => product.id)).toContain(order.productId);
    const seeded: { id: string }[] = JSON.parse(readFileSync(path.join(root, 'seeds/partner-account.json'), 'utf8')).orders;
    expect(seeded.map((seededOrder) => seededOrder.id)).toContain(shipped.components.parameters.purchaseOrderId!.example);
  });

  it('validate against the schema of their response (objects closed: no field the spec does not list)', () => {
    const problems: string[] = [];
    for (const { routePath, method, operation } of operations) {
      for (const [status, reference] of Object.entries(operation.responses)) {
        const response = '$ref' in reference ? shipped.components.responses[component(reference)]! : reference;
        const json = response.content!['application/json']!;
        const values = json.example !== undefined ? [json.example] : Object.values(json.examples ?? {}).map((example) => example.value);
        // `default` covers every status the operation does not list; 500 is one no operation lists.
        const answerStatus = status === 'default' ? 500 : Number(status);
        for (const body of values) {
          problems.push(...contractProblems({ method, path: routePath, status: answerStatus, contentType: 'application/json', body }));
        }
      }
    }
    expect(problems).toEqual([]);
  });
});

describeBothModes(
  'each operation called with the examples of openapi.json and sk_test_full_access, on a fresh sandbox',
  (target) => {
    for (const call of exampleCalls(shipped)) {
      it(`${call.operationId}: ${call.method} ${call.path} gets its documented success, the example answer`, async () => {
        target().sandbox.reset();
        const response = await target().call(call.path, { method: call.method, key: EXAMPLE_KEY, ...(call.body !== undefined && { json: call.body }) });
        const operation = shipped.paths[call.path.split('?')[0]!]![call.method.toLowerCase() as 'get' | 'post']!;
        const success = Object.keys(operation.responses).filter((status) => status.startsWith('2'));
        expect(success).toEqual([String(response.status)]);
        const documented = operation.responses[String(response.status)] as { content: Record<string, { example: unknown }> };
        expect(await response.json()).toEqual(documented.content['application/json']!.example);
      });
    }
  },
  { scenario: 'default', seed: 1 },
);
