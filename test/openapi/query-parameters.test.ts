import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createOpenApiDocument } from 'esim-wholesale-sandbox';
import { listQuery, noQuery, orderListQuery, orderStatusQuery } from '../../src/api/request-rules.js';
import { CALL_QUERIES, LIST_QUERY, NO_QUERY, ORDER_LIST_QUERY, ORDER_STATUS_QUERY, QUERY_FIELDS } from '../../src/contract/query-shapes.js';
import { CALL_ROUTES } from '../../src/contract/route-table.js';
import { parametersOf } from '../../src/openapi/request-parameters.js';

const document = createOpenApiDocument();

/** `field` with its metadata changed by `change`: what editing the schema's `.meta({...})` in the source does. */
function withMeta(field: z.ZodType, change: Record<string, unknown>): z.ZodType {
  return field.meta({ ...z.globalRegistry.get(field), ...change });
}

describe("the document's query parameters", () => {
  it('are the zod schemas the API validates queries with, the examples aside', () => {
    expect(listQuery.schema).toBe(LIST_QUERY);
    expect(orderListQuery.schema).toBe(ORDER_LIST_QUERY);
    expect(orderStatusQuery.schema).toBe(ORDER_STATUS_QUERY);
    expect(noQuery.schema).toBe(NO_QUERY);
    const withoutExamples = Object.fromEntries(Object.entries(document.components.parameters).map(([name, { example: _, ...parameter }]) => [name, parameter]));
    expect(withoutExamples).toEqual(parametersOf(QUERY_FIELDS));
  });

  it('describe limit as its decoded value, an integer with its range and default, though the wire carries text', () => {
    expect(document.components.parameters['limit']).toMatchObject({
      in: 'query',
      required: false,
      schema: { type: 'integer', minimum: 1, maximum: 200, default: 50 },
    });
    expect(JSON.stringify(document.components.parameters)).not.toContain('pattern');
    expect(LIST_QUERY.safeParse({ limit: '7' }).data).toEqual({ limit: 7 });
    expect(LIST_QUERY.safeParse({ limit: 7 }).success).toBe(false);
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

  it("are listed on each operation as the call's zod query schema takes them, in its order", () => {
    for (const route of CALL_ROUTES) {
      const operation = document.paths[route.path]![route.method === 'GET' ? 'get' : 'post']!;
      const names = (operation.parameters ?? []).map((parameter) => ('$ref' in parameter ? parameter.$ref.split('/').pop() : parameter.name));
      expect(names, route.name).toEqual(Object.keys(CALL_QUERIES[route.name].shape));
    }
    expect(Object.keys(CALL_QUERIES.getOrderStatus.shape)).toEqual(['purchaseOrderId', 'includeQrImages']);
  });
});
