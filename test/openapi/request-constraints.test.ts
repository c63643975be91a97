import { beforeAll, describe, expect, it } from 'vitest';
import { createSandbox, createOpenApiDocument, type OpenApiDocument, type Sandbox } from 'esim-wholesale-sandbox';

/**
 * The request constraints of the document agree with the sandbox's validation: boundary values derived from
 * the document's schemas (limits, lengths, enums, formats, required lists) are sent to the core, and each
 * value the document allows is accepted while each it refuses gets 400 VALIDATION_ERROR naming the field.
 */

type Schema = OpenApiDocument['components']['schemas'][string];
interface Probe {
  value: unknown;
  allowed: boolean;
}

const document = await createOpenApiDocument();
const KEY = 'sk_test_full_access';

/** Values at and just past each boundary the schema states; `valid` is a value of the right kind in range. */
function probesOf(schema: Schema, valid: unknown, asQueryString: boolean): Probe[] {
  const wire = (value: unknown) => (asQueryString ? String(value) : value);
  const probes: Probe[] = [{ value: valid, allowed: true }];
  if (schema.type === 'integer') {
    const { minimum, maximum } = schema;
    if (minimum !== undefined) probes.push({ value: wire(minimum), allowed: true }, { value: wire(minimum - 1), allowed: false });
    if (maximum !== undefined) probes.push({ value: wire(maximum), allowed: true }, { value: wire(maximum + 1), allowed: false });
    probes.push({ value: wire((minimum ?? 0) + 0.5), allowed: false }, { value: asQueryString ? 'ten' : '10', allowed: false });
  }
  if (schema.type === 'string' && schema.enum) {
    for (const value of schema.enum) probes.push({ value, allowed: true });
    probes.push({ value: 'maybe', allowed: false });
  }
  if (schema.type === 'string' && schema.format === 'uuid') probes.push({ value: 'not-a-uuid', allowed: false });
  if (schema.type === 'string' && schema.minLength !== undefined) {
    probes.push({ value: 'k'.repeat(schema.minLength), allowed: true }, { value: 'k'.repeat(schema.minLength - 1), allowed: false });
  }
  if (schema.type === 'string' && schema.maxLength !== undefined) {
    probes.push({ value: 'k'.repeat(schema.maxLength), allowed: true }, { value: 'k'.repeat(schema.maxLength + 1), allowed: false });
  }
  if (schema.type === 'boolean') probes.push({ value: true, allowed: true }, { value: false, allowed: true }, { value: 'true', allowed: false });
  return probes;
}

type ParameterOrRef = NonNullable<OpenApiDocument['paths'][string]['get']>['parameters'] extends (infer P)[] | undefined ? P : never;

function resolveParameter(parameter: ParameterOrRef) {
  return '$ref' in parameter ? document.components.parameters[parameter.$ref.split('/').pop()!]! : parameter;
}

describe('the request constraints of the OpenAPI document agree with the validation', () => {
  let sandbox: Sandbox;
  let productId: string;
  let purchaseOrderId: string;

  const call = async (path: string, body?: unknown) => {
    const init: RequestInit = { headers: { 'x-api-key': KEY, 'content-type': 'application/json' } };
    if (body !== undefined) Object.assign(init, { method: 'POST', body: JSON.stringify(body) });
    const response = await sandbox.fetch(new Request(`http://sandbox.test/api/v1${path}`, init));
    return { status: response.status, body: await response.json() };
  };

  beforeAll(async () => {
    // More than 200 products, so that the default and the maximum of `limit` show in the answer.
    sandbox = createSandbox({ scenario: 'large-catalog', seed: 1 });
    productId = (await call('/getProducts?limit=1')).body.data[0].id;
    purchaseOrderId = (await call('/createOrder', { productId, quantity: 1 })).body.data.purchaseOrderId;
  });

  /** A valid value of each parameter, where the document's schema alone cannot make one up. */
  const validQuery = (): Record<string, string> => ({ limit: '5', includeQrImages: 'false', purchaseOrderId });

  for (const [routePath, item] of Object.entries(document.paths)) {
    const operation = item.get;
    if (!operation?.parameters) continue;
    for (const parameter of operation.parameters.map(resolveParameter)) {
      it(`${routePath} ?${parameter.name}: ${parameter.required ? 'required, ' : ''}boundary values of its schema`, async () => {
        const baseline = Object.fromEntries(
          operation.parameters!.map(resolveParameter).filter((other) => other.required).map((other) => [other.name, validQuery()[other.name]!]),
        );
        const probes = probesOf(parameter.schema as Schema, validQuery()[parameter.name], true);
        probes.push({ value: undefined, allowed: !parameter.required });
        for (const { value, allowed } of probes) {
          const query = new URLSearchParams({ ...baseline });
          if (value === undefined) query.delete(parameter.name);
          else query.set(parameter.name, String(value));
          const { status, body } = await call(`${routePath}?${query}`);
          const what = `${routePath}?${query} (the document ${allowed ? 'allows' : 'refuses'} it)`;
          expect(status, `${what}: ${JSON.stringify(body).slice(0, 200)}`).toBe(allowed ? 200 : 400);
          if (!allowed) expect(body.error, what).toEqual({ code: 'VALIDATION_ERROR', message: expect.stringContaining(parameter.name) });
        }
      });
    }
  }

  it('limit: the default and the maximum of the document are what getProducts answers', async () => {
    const limit = resolveParameter({ $ref: '#/components/parameters/limit' }).schema as Schema;
    expect((await call('/getProducts')).body.data).toHaveLength(limit.default as number);
    expect((await call(`/getProducts?limit=${limit.maximum}`)).body.data).toHaveLength(limit.maximum!);
  });

  const body = document.components.requestBodies.CreateOrder!.content['application/json']!.schema as Schema;

  it('createOrder body: a field the schema does not list is refused, as its additionalProperties: false says', async () => {
    expect(body.additionalProperties).toBe(false);
    const sent = { productId, quantity: 1, note: 'gift' };
    const { status, body: answer } = await call('/createOrder', sent);
    expect(status).toBe(400);
    expect(answer.error).toEqual({ code: 'VALIDATION_ERROR', message: expect.stringContaining('"note"') });
  });
  for (const [field, schema] of Object.entries(body.properties!)) {
    const required = body.required!.includes(field);
    it(`createOrder body ${field}: ${required ? 'required, ' : ''}boundary values of its schema`, async () => {
      const valid: Record<string, unknown> = { productId, quantity: 1, idempotencyKey: 'constraints-0001', includeQrImages: false };
      const probes = probesOf(schema as Schema, valid[field], false);
      probes.push({ value: undefined, allowed: !required });
      for (const { value, allowed } of probes) {
        const sent = { productId, quantity: 1, [field]: value };
        if (value === undefined) delete sent[field];
        const { status, body: answer } = await call('/createOrder', sent);
        const what = `createOrder ${JSON.stringify(sent).slice(0, 160)} (the document ${allowed ? 'allows' : 'refuses'} it)`;
        if (allowed) {
          // A large order the wallet or the stock cannot cover is refused by a business rule, never as invalid.
          expect([200, 409], `${what}: ${JSON.stringify(answer).slice(0, 200)}`).toContain(status);
        } else {
          expect(status, `${what}: ${JSON.stringify(answer).slice(0, 200)}`).toBe(400);
          expect(answer.error, what).toEqual({ code: 'VALIDATION_ERROR', message: expect.stringContaining(field) });
        }
      }
    });
  }
});
