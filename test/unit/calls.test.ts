import { readFileSync } from 'node:fs';
import path from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import { describe, expect, it } from 'vitest';
import { createOpenApiDocument, createSandbox } from 'esim-wholesale-sandbox';
import { CALLS } from '../../src/api/calls/index.js';
import { ApiRouter } from '../../src/api/route-map.js';
import { CALL_NAMES } from '../../src/contract/call-names.js';
import { SCOPES } from '../../src/contract/scopes.js';
import { describeCalls, documentOf } from '../../src/openapi/openapi-document.js';
import { CoreSandbox } from '../../src/sandbox.js';
import { renderCallNames } from '../../scripts/call-names.ts';
import { exampleCalls, recordedExamples, requestExamples } from '../../src/openapi-examples.js';
import { getKeyScopes } from './calls/get-key-scopes.js';

const root = path.resolve(import.meta.dirname, '../..');

describe('the list of calls', () => {
  it('holds each call once, at the path of its name, in the spec order', () => {
    expect(CALLS.map((call) => call.name)).toEqual(['getBalance', 'getProducts', 'getPaymentHistory', 'createOrder', 'getOrderStatus', 'getOrders']);
    for (const call of CALLS) expect(call.path).toBe(`/${call.name}`);
  });

  it('is what src/contract/call-names.ts says, for the layers below the API', () => {
    expect(CALL_NAMES).toEqual(CALLS.map((call) => call.name));
    const committed = readFileSync(path.join(root, 'src/contract/call-names.ts'), 'utf8');
    expect(committed, 'src/contract/call-names.ts is out of date with src/api/calls: run "npm run openapi" and commit it').toBe(
      renderCallNames(CALLS.map((call) => call.name)),
    );
  });
});

describe('a seventh call, defined in one file and added to a copy of the list (docs/development.md, "Adding a call")', () => {
  const calls = [...CALLS, getKeyScopes];
  const ask = async (sandbox: { fetch(request: Request): Promise<Response> }, pathAndQuery: string, init: RequestInit = {}, key: string | null = 'sk_test_full_access') => {
    const headers = new Headers(init.headers);
    if (key !== null) headers.set('x-api-key', key);
    const response = await sandbox.fetch(new Request(`http://sandbox.example/api/v1${pathAndQuery}`, { ...init, headers }));
    return { status: response.status, body: await response.json() };
  };

  it('is answered by a sandbox of that list, through the whole pipeline: key, scope, query, handler, envelope', async () => {
    const sandbox = new CoreSandbox({ scenario: 'default', seed: 1 }, undefined, new ApiRouter(calls));
    try {
      const full = await ask(sandbox, '/getKeyScopes');
      expect(full.status).toBe(200);
      expect(full.body.data.scopes).toEqual([...SCOPES]);
      expect(full.body.data.accountId).toMatch(/^[0-9a-f-]{36}$/);
      expect((await ask(sandbox, '/getKeyScopes?scope=orders:write', {}, 'sk_test_read_only')).body.data.carries).toBe(false);
      expect((await ask(sandbox, '/getKeyScopes', {}, null)).body.error.code).toBe('UNAUTHORIZED');
      expect((await ask(sandbox, '/getKeyScopes', {}, 'sk_test_kyc_pending')).body.error.code).toBe('KYC_REQUIRED');
      expect((await ask(sandbox, '/getKeyScopes', { method: 'POST' })).status).toBe(405);
      // The other calls are answered as before.
      expect((await ask(sandbox, '/getBalance')).status).toBe(200);
      expect(sandbox.journal().map((entry) => entry.status)).toEqual([200, 200, 401, 403, 405, 200]);
    } finally {
      await sandbox[Symbol.asyncDispose]();
    }
  });

  it('has its query checked by its own rules, with the API\'s messages', async () => {
    const sandbox = new CoreSandbox({ scenario: 'default', seed: 1 }, undefined, new ApiRouter(calls));
    try {
      const wrong = await ask(sandbox, '/getKeyScopes?scope=admin');
      expect(wrong.status).toBe(400);
      expect(wrong.body.error).toEqual({ code: 'VALIDATION_ERROR', message: `scope must be one of ${SCOPES.join(', ')} (got "admin")` });
      const unknown = await ask(sandbox, '/getKeyScopes?limit=5');
      expect(unknown.body.error.message).toBe('unknown query parameter "limit" (allowed: scope)');
    } finally {
      await sandbox[Symbol.asyncDispose]();
    }
  });

  it('is not answered by the API itself: the list is the only change', async () => {
    const sandbox = createSandbox({ scenario: 'default', seed: 1 });
    try {
      expect((await ask(sandbox, '/getKeyScopes')).body.error.code).toBe('NOT_FOUND');
    } finally {
      await sandbox[Symbol.asyncDispose]();
    }
  });

  it('has its OpenAPI operation and parameter in the document of that list, valid, the six others unchanged', async () => {
    const document = documentOf(describeCalls(calls), await recordedExamples());
    const operation = document.paths['/getKeyScopes']!.get!;
    expect(operation).toMatchObject({
      operationId: 'getKeyScopes',
      summary: 'The scopes of the calling API key',
      parameters: [{ $ref: '#/components/parameters/scope' }],
      'x-required-scope': 'balance:read',
    });
    expect(document.components.parameters['scope']).toEqual({
      name: 'scope',
      in: 'query',
      description: 'A scope to ask about.',
      required: false,
      schema: { type: 'string', enum: [...SCOPES] },
    });
    const api = await createOpenApiDocument();
    for (const call of CALLS) expect(document.paths[call.path]).toEqual(api.paths[call.path]);
    await SwaggerParser.validate(structuredClone(document) as SwaggerParser['api']);
  });

  it('has the example request npm run openapi would record its answer from, which the sandbox of that list answers', async () => {
    const recorded = await recordedExamples();
    const { productId } = recorded.requestBodies['CreateOrder'] as { productId: string };
    const examples = requestExamples(calls, { productId, purchaseOrderId: recorded.parameters['purchaseOrderId'] });
    expect(examples.parameters).toEqual({ ...recorded.parameters, scope: 'orders:write' });
    expect(examples.requestBodies).toEqual(recorded.requestBodies);
    const document = documentOf(describeCalls(calls), { ...examples, successes: {}, errors: {} });
    const example = exampleCalls(document).find((call) => call.operationId === 'getKeyScopes')!;
    expect(example).toMatchObject({ method: 'GET', path: '/getKeyScopes?scope=orders%3Awrite' });
    const sandbox = new CoreSandbox({ scenario: 'default', seed: 1 }, undefined, new ApiRouter(calls));
    try {
      const answer = await ask(sandbox, example.path);
      expect(answer).toMatchObject({ status: 200, body: { success: true, data: { carries: true } } });
    } finally {
      await sandbox[Symbol.asyncDispose]();
    }
  });

  it('is the example docs/development.md shows', () => {
    const docs = readFileSync(path.join(root, 'docs/development.md'), 'utf8');
    const section = docs.slice(docs.indexOf('## Adding a call'));
    const block = /```ts\n([\s\S]*?)```/.exec(section)?.[1];
    // The example as it reads in src/api/calls: its imports relative to that folder.
    const file = readFileSync(path.join(import.meta.dirname, 'calls/get-key-scopes.ts'), 'utf8')
      .replaceAll("'../../../src/api/", "'../")
      .replaceAll("'../../../src/", "'../../");
    expect(block, 'docs/development.md, "Adding a call": the example is test/unit/calls/get-key-scopes.ts as it reads in src/api/calls').toBe(file);
  });
});
