import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import SwaggerParser from '@apidevtools/swagger-parser';
import { describe, expect, it } from 'vitest';
import { createOpenApiDocument } from 'esim-wholesale-sandbox';
import { createOrder } from '../../src/api/calls/create-order.js';
import { schemaOf } from '../../src/openapi/schema-of.js';

const root = path.resolve(import.meta.dirname, '../..');
const run = promisify(execFile);

/** The document as swagger-parser takes it: the same JSON, in the types of openapi-types rather than our own. */
type SwaggerDocument = SwaggerParser['api'];

/** The spec's endpoint table: method, scope, and the statuses it documents for each route. */
const SPEC_ROUTES = {
  '/getBalance': { method: 'get', scope: 'balance:read', statuses: ['200', '401', '403'] },
  '/getProducts': { method: 'get', scope: 'products:read', statuses: ['200', '401', '403'] },
  '/getPaymentHistory': { method: 'get', scope: 'payments:read', statuses: ['200', '401', '403'] },
  '/createOrder': { method: 'post', scope: 'orders:write', statuses: ['200', '400', '401', '403', '409'] },
  '/getOrderStatus': { method: 'get', scope: 'orders:read', statuses: ['200', '400', '401', '403', '404'] },
  '/getOrders': { method: 'get', scope: 'orders:read', statuses: ['200', '401', '403'] },
} as const;

const document = await createOpenApiDocument();

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.0.3, interface version 1.0.0, served from the sandbox base URL', async () => {
    expect(document.openapi).toBe('3.0.3');
    expect(document.info.version).toBe('1.0.0');
    expect(document.servers).toEqual([{ url: 'http://127.0.0.1:4010/api/v1', description: expect.any(String) }]);
    expect((await createOpenApiDocument({ serverUrl: 'https://api.partner.test/api/v1' })).servers[0]!.url).toBe('https://api.partner.test/api/v1');
  });

  it('has the six routes of the spec, each with its scope and the statuses the spec documents, plus default', () => {
    expect(Object.keys(document.paths)).toEqual(Object.keys(SPEC_ROUTES));
    for (const [routePath, { method, scope, statuses }] of Object.entries(SPEC_ROUTES)) {
      const operation = document.paths[routePath]![method]!;
      expect(Object.keys(document.paths[routePath]!)).toEqual([method]);
      expect(operation.operationId).toBe(routePath.slice(1));
      expect(operation['x-required-scope']).toBe(scope);
      expect(operation.description).toContain(`Required scope: \`${scope}\``);
      expect(Object.keys(operation.responses)).toEqual([...statuses, 'default']);
    }
  });

  it('authenticates with the x-api-key header on every route', () => {
    expect(document.components.securitySchemes).toEqual({ apiKey: expect.objectContaining({ type: 'apiKey', in: 'header', name: 'x-api-key' }) });
    expect(document.security).toEqual([{ apiKey: [] }]);
  });

  it('leaves the open points open: statuses are strings, metadata any JSON value', () => {
    const { schemas } = document.components;
    for (const name of ['Payment', 'Order', 'EsimItem', 'CreateOrderEsimItem']) {
      expect(schemas[name]!.properties!.status).toEqual({ type: 'string', description: expect.any(String) });
    }
    expect(schemas.Product!.properties!.metadata).toEqual({ description: expect.any(String) });
  });

  it('is valid for swagger-parser', async () => {
    const api = await SwaggerParser.validate(structuredClone(document) as SwaggerDocument);
    expect(Object.keys(api.paths ?? {})).toHaveLength(6);
  });

  it('has no errors or warnings in redocly lint (recommended ruleset, redocly.yaml)', async () => {
    const { stdout } = await run('npx', ['redocly', 'lint', 'openapi.json', '--config', 'redocly.yaml', '--format', 'json'], {
      cwd: root,
      // Offline: no usage telemetry and no check for a newer version.
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    });
    const report = JSON.parse(stdout.slice(stdout.indexOf('{')));
    expect(report.problems).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  });

  it('is shipped as openapi.json, the file generated from the module', async () => {
    const shipped = readFileSync(path.join(root, 'openapi.json'), 'utf8');
    expect(shipped, 'openapi.json is out of date with src/openapi/: run "npm run openapi" and commit it').toBe(
      `${JSON.stringify(document, null, 2)}\n`,
    );
    const packageJson = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
    expect(packageJson.files).toContain('openapi.json');
    expect(packageJson.exports['./openapi.json']).toBe('./openapi.json');
    await SwaggerParser.validate(path.join(root, 'openapi.json'));
  });

  it('is written by npm run openapi after one build, in one run with the examples it records', () => {
    const { scripts } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(scripts['openapi']!.match(/npm run build/g)).toHaveLength(1);
    expect(scripts['openapi']).toBe('npm run build && node scripts/write-openapi.ts');
  });

  it("describes createOrder's body from the zod schema the API validates it with (z.toJSONSchema)", () => {
    const body = document.components.requestBodies['CreateOrder']!.content!['application/json']!.schema;
    expect(body).toEqual(schemaOf(createOrder.body!.schema));
    expect(body).toMatchObject({
      type: 'object',
      required: ['productId', 'quantity'],
      additionalProperties: false,
      properties: { productId: { type: 'string', format: 'uuid' }, quantity: { type: 'integer', minimum: 1, maximum: 2000 } },
    });
    expect(JSON.stringify(body)).not.toContain('pattern');
  });
});
