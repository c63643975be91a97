import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createOpenApiDocument } from 'esim-wholesale-sandbox';
import { CALLS } from '../../src/api/calls/index.js';
import { QUERY_FIELDS } from '../../src/contract/request-limits.js';
import type { OpenApiDocument } from '../../src/openapi/openapi-types.js';
import type { DocumentedCall } from '../../src/openapi/operations.js';
import { parametersOf, queryFieldsOf } from '../../src/openapi/openapi-document.js';

const document = await createOpenApiDocument();
/** The document as shipped: what a partner's tools read. */
const shipped: OpenApiDocument = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../openapi.json'), 'utf8'));

/**
 * Where the query parameters of `document`'s operations differ from the query schemas the calls are checked
 * with: an operation that is no call (or a call with no operation), a parameter missing, extra or out of order,
 * or a parameter whose schema is not its field's. None: the document says what the API checks.
 */
function queryDrift(document: OpenApiDocument, calls: readonly DocumentedCall[]): string[] {
  const problems: string[] = [];
  const operations = Object.entries(document.paths).flatMap(([at, item]) => Object.entries(item).map(([method, operation]) => ({ at, method, operation })));
  const named = new Set(calls.map((call) => call.name));
  for (const { operation } of operations) if (!named.has(operation.operationId)) problems.push(`${operation.operationId}: an operation of no call`);
  for (const call of calls) {
    const operation = document.paths[call.path]?.[call.method === 'GET' ? 'get' : 'post'];
    if (!operation) {
      problems.push(`${call.name}: no operation ${call.method} ${call.path}`);
      continue;
    }
    const fields = call.query.schema.shape as Record<string, z.ZodType>;
    const listed = (operation.parameters ?? []).map((parameter) => ('$ref' in parameter ? parameter.$ref.split('/').pop()! : parameter.name));
    if (JSON.stringify(listed) !== JSON.stringify(Object.keys(fields))) problems.push(`${call.name}: the operation lists ${listed.join(', ') || 'none'}, the call takes ${Object.keys(fields).join(', ') || 'none'}`);
    for (const name of listed) {
      const { example: _, ...parameter } = document.components.parameters[name] ?? {};
      const field = fields[name];
      if (field && JSON.stringify(parameter) !== JSON.stringify(parametersOf({ [name]: field })[name])) problems.push(`${call.name}: parameter ${name} is not described as the call checks it`);
    }
  }
  return problems;
}

/** `field` with its metadata changed by `change`: what editing the schema's `.meta({...})` in the source does. */
function withMeta(field: z.ZodType, change: Record<string, unknown>): z.ZodType {
  return field.meta({ ...z.globalRegistry.get(field), ...change });
}

describe("the document's query parameters", () => {
  it('are the zod schemas the calls validate queries with, the examples aside', () => {
    const withoutExamples = Object.fromEntries(Object.entries(shipped.components.parameters).map(([name, { example: _, ...parameter }]) => [name, parameter]));
    expect(withoutExamples).toEqual(parametersOf(queryFieldsOf(CALLS)));
    expect(Object.keys(withoutExamples)).toEqual(Object.keys(QUERY_FIELDS));
  });

  it('describe limit as its decoded value, an integer with its range and default, though the wire carries text', () => {
    expect(document.components.parameters['limit']).toMatchObject({
      in: 'query',
      required: false,
      schema: { type: 'integer', minimum: 1, maximum: 200, default: 50 },
    });
    expect(JSON.stringify(document.components.parameters)).not.toContain('pattern');
    const products = CALLS.find((call) => call.name === 'getProducts')!;
    expect(products.query.schema.safeParse({ limit: '7' }).data).toEqual({ limit: 7 });
    expect(products.query.schema.safeParse({ limit: 7 }).success).toBe(false);
  });

  it('change when the zod schema changes: a bound, a default, an enum, optionality, a description', () => {
    const changed = parametersOf({
      limit: withMeta(QUERY_FIELDS.limit, { maximum: 100, default: 20 }),
      includeQrImages: z.enum(['yes', 'no']).transform((value) => value === 'yes').optional().meta({ description: 'QR images.', default: 'no' }),
      purchaseOrderId: QUERY_FIELDS.purchaseOrderId.optional(),
      reference: z.string().min(3).max(12).meta({ description: 'A reference.' }),
    });
    expect(changed['limit']!.schema).toEqual({ type: 'integer', minimum: 1, maximum: 100, default: 20 });
    expect(changed['includeQrImages']).toEqual({
      name: 'includeQrImages',
      in: 'query',
      description: 'QR images.',
      required: false,
      schema: { type: 'string', enum: ['yes', 'no'], default: 'no' },
    });
    expect(changed['purchaseOrderId']!.required).toBe(false);
    expect(changed['reference']).toEqual({
      name: 'reference',
      in: 'query',
      description: 'A reference.',
      required: true,
      schema: { type: 'string', minLength: 3, maxLength: 12 },
    });
  });

  it("are listed on each operation of openapi.json as the call's query schema takes them, in its order, each described as checked", () => {
    expect(queryDrift(shipped, CALLS)).toEqual([]);
    const status = CALLS.find((call) => call.name === 'getOrderStatus')!;
    expect(Object.keys(status.query.schema.shape)).toEqual(['purchaseOrderId', 'includeQrImages']);
  });

  it('differ from a call whose query differs: a parameter more, one less, one moved, one described otherwise', () => {
    const [balance, products, ...others] = CALLS;
    const query = (fields: Record<string, z.ZodType>) => ({ schema: z.strictObject(fields) });
    const { limit, includeQrImages, purchaseOrderId } = QUERY_FIELDS;
    expect(queryDrift(shipped, [{ ...balance, query: query({ limit }) }, products, ...others])).toEqual(['getBalance: the operation lists none, the call takes limit']);
    expect(queryDrift(shipped, [balance, { ...products, query: query({}) }, ...others])).toEqual(['getProducts: the operation lists limit, the call takes none']);
    const moved = others.map((call) => (call.name === 'getOrderStatus' ? { ...call, query: query({ includeQrImages, purchaseOrderId }) } : call));
    expect(queryDrift(shipped, [balance, products, ...moved])).toEqual(['getOrderStatus: the operation lists purchaseOrderId, includeQrImages, the call takes includeQrImages, purchaseOrderId']);
    const bounded = { ...products, query: query({ limit: withMeta(limit, { maximum: 100 }) }) };
    expect(queryDrift(shipped, [balance, bounded, ...others])).toEqual(['getProducts: parameter limit is not described as the call checks it']);
    expect(queryDrift(shipped, CALLS.slice(1))).toEqual(['getBalance: an operation of no call']);
  });
});
