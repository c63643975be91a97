// The examples of the OpenAPI document: every answer example is what a fresh sandbox of seed 1 answers, unchanged.
// Recorded once a process, at the first ask for the document: a `serve` never asked for it never pays for it.
import { CALLS } from './api/calls/index.js';
import { apiDocument } from './api/openapi-document.js';
import { queryFieldsOf, type OpenApiDocumentOptions } from './openapi/openapi-document.js';
import type { ExampleObject, OpenApiDocument, RecordedExamples } from './openapi/openapi-types.js';
import { bodyNameOf, type DocumentedCall } from './openapi/operations.js';
import { createSandbox } from './sandbox.js';
import type { SandboxSnapshot } from './sandbox-snapshot.js';
import type { Sandbox } from './types.js';

/** The key every example request is sent with unless it says otherwise: all five scopes in `default`. */
export const EXAMPLE_KEY = 'sk_test_full_access';
/** An id no order of the account has. */
const UNKNOWN_ORDER_ID = '00000000-0000-4000-8000-000000000000';

export interface ExampleCall {
  /** The built-in scenario of the fresh sandbox. Default: `default`. */
  scenario?: string;
  /** Default: EXAMPLE_KEY; `null` sends none. */
  key?: string | null;
  method?: 'GET' | 'POST';
  /** Below the API's base address, with the query string. */
  path: string;
  body?: unknown;
  /** Sent this many times in a row; the last answer is kept. Default: 1. */
  times?: number;
}

export interface OperationCall extends ExampleCall {
  operationId: string;
  method: 'GET' | 'POST';
}

let recorded: Promise<RecordedExamples> | undefined;

/** The OpenAPI document of the API's calls, with the examples recorded from fresh sandboxes. */
export async function createOpenApiDocument(options: OpenApiDocumentOptions = {}): Promise<OpenApiDocument> {
  return apiDocument(await recordedExamples(), options);
}

export function recordedExamples(): Promise<RecordedExamples> {
  return (recorded ??= recordExamples());
}

/**
 * A sandbox per scenario, restored to its start after a success (an error answer changes nothing an answer shows):
 * it answers as a new sandbox does, for the cost of a restore. openapi.json, recorded from new sandboxes, tests that.
 */
class FreshSandboxes {
  readonly #started = new Map<string, { sandbox: Sandbox; start: SandboxSnapshot; moved: boolean }>();

  async answer({ scenario = 'default', key = EXAMPLE_KEY, method = 'GET', path, body, times = 1 }: ExampleCall): Promise<{ status: number; body: any }> {
    const started = await this.#fresh(scenario);
    const headers: Record<string, string> = {};
    if (key !== null) headers['x-api-key'] = key;
    if (body !== undefined) headers['content-type'] = 'application/json';
    let response: Response | undefined;
    for (let sent = 0; sent < times; sent++) {
      await response?.arrayBuffer();
      const init: RequestInit = { method, headers, ...(body !== undefined && { body: JSON.stringify(body) }) };
      response = await started.sandbox.fetch(new Request(`http://sandbox.example/api/v1${path}`, init));
      started.moved ||= response.ok;
    }
    return { status: response!.status, body: await response!.json() };
  }

  async #fresh(scenario: string) {
    let started = this.#started.get(scenario);
    if (!started) {
      const sandbox = createSandbox({ scenario, seed: 1 });
      started = { sandbox, start: await sandbox.snapshot(), moved: false };
      this.#started.set(scenario, started);
    } else if (started.moved) {
      await started.sandbox.restore(started.start);
      started.moved = false;
    }
    return started;
  }

  async [Symbol.asyncDispose](): Promise<void> {
    for (const { sandbox } of this.#started.values()) await sandbox[Symbol.asyncDispose]();
  }
}

/** An error answer recorded as a named example; `code` is what it must answer, or recording fails. */
interface ErrorExample {
  summary: string;
  code: string;
  call: ExampleCall;
}

/** The error examples of each response of `components.responses`, by the request that gets each. */
function errorExamples(order: { productId: string; quantity: number }): Record<string, Record<string, ErrorExample>> {
  const createOrder = (body: unknown, more: Partial<ExampleCall> = {}): ExampleCall => ({ method: 'POST', path: '/createOrder', body, ...more });
  return {
    BadRequest: {
      quantityOutOfRange: { summary: 'createOrder with quantity 0', code: 'VALIDATION_ERROR', call: createOrder({ ...order, quantity: 0 }) },
      purchaseOrderIdMissing: { summary: 'getOrderStatus without purchaseOrderId', code: 'VALIDATION_ERROR', call: { path: '/getOrderStatus' } },
    },
    Unauthorized: {
      unknownKey: { summary: 'A key the sandbox does not know', code: 'UNAUTHORIZED', call: { key: 'sk_test_unknown', path: '/getBalance' } },
      revokedKey: { summary: 'sk_test_revoked', code: 'UNAUTHORIZED', call: { key: 'sk_test_revoked', path: '/getBalance' } },
    },
    Forbidden: {
      missingScope: { summary: 'sk_test_read_only calls createOrder', code: 'FORBIDDEN_SCOPE', call: createOrder(order, { key: 'sk_test_read_only' }) },
      kycRequired: { summary: 'sk_test_kyc_pending', code: 'KYC_REQUIRED', call: { key: 'sk_test_kyc_pending', path: '/getBalance' } },
    },
    NotFound: {
      orderNotFound: {
        summary: 'A purchaseOrderId that is not an order of the account',
        code: 'ORDER_NOT_FOUND',
        call: { path: `/getOrderStatus?purchaseOrderId=${UNKNOWN_ORDER_ID}` },
      },
    },
    Conflict: {
      insufficientBalance: {
        summary: 'An order the wallet does not cover (2,000 eSIMs)',
        code: 'INSUFFICIENT_BALANCE',
        call: createOrder({ ...order, quantity: 2000 }),
      },
      inventoryEmpty: { summary: 'Scenario empty-inventory', code: 'INVENTORY_EMPTY', call: createOrder(order, { scenario: 'empty-inventory' }) },
      cardDataIncomplete: {
        summary: 'Scenario card-data-incomplete',
        code: 'CARD_DATA_INCOMPLETE',
        call: createOrder(order, { scenario: 'card-data-incomplete' }),
      },
    },
    OtherError: {
      limitOutOfRange: { summary: 'A list route with limit 0', code: 'VALIDATION_ERROR', call: { path: '/getProducts?limit=0' } },
      methodNotAllowed: { summary: 'POST /getBalance', code: 'METHOD_NOT_ALLOWED', call: { method: 'POST', path: '/getBalance' } },
      rateLimited: {
        summary: 'Scenario rate-limited, the sixth request within a second (with Retry-After)',
        code: 'RATE_LIMITED',
        call: { scenario: 'rate-limited', path: '/getBalance', times: 6 },
      },
    },
  };
}

/** Records every example; fails when an answer is not the one the example stands for. */
async function recordExamples(): Promise<RecordedExamples> {
  await using sandboxes = new FreshSandboxes();
  const products = await sandboxes.answer({ path: '/getProducts?limit=1' });
  const productId: string = products.body.data[0].id;
  // The seeded order with the fewest eSIMs, so that its example stays short.
  const orders: { id: string; quantity: number }[] = (await sandboxes.answer({ path: '/getOrders?limit=200' })).body.data;
  const purchaseOrderId = orders.reduce((fewest, order) => (order.quantity < fewest.quantity ? order : fewest)).id;

  const { parameters, requestBodies } = requestExamples(CALLS, { productId, purchaseOrderId });
  const order = { productId, quantity: 1 };

  // The success examples are the answers to the calls a tool makes from the document with these examples.
  const successes: Record<string, unknown> = {};
  for (const call of exampleCalls(apiDocument({ parameters, requestBodies, successes: {}, errors: {} }))) {
    const answer = await sandboxes.answer(call);
    if (answer.status !== 200) throw new Error(`${call.operationId}: its examples get ${answer.status}, not 200: ${JSON.stringify(answer.body)}`);
    successes[call.operationId] = answer.body;
  }

  const errors: RecordedExamples['errors'] = {};
  for (const [response, examples] of Object.entries(errorExamples(order))) {
    const named: Record<string, ExampleObject> = {};
    for (const [name, { summary, code, call }] of Object.entries(examples)) {
      const answer = await sandboxes.answer(call);
      if (answer.body.error?.code !== code) throw new Error(`${response}.${name}: expected ${code}, got ${answer.status} ${JSON.stringify(answer.body)}`);
      named[name] = { summary: `${answer.status} ${code}: ${summary}`, value: answer.body };
    }
    errors[response] = named;
  }
  return { parameters, requestBodies, successes, errors };
}

/** The ids of the `default` scenario for the fields that name one (`ids`), else the calls' own example values. */
export function requestExamples(calls: readonly DocumentedCall[], ids: Record<string, unknown>): Pick<RecordedExamples, 'parameters' | 'requestBodies'> {
  const parameters: Record<string, unknown> = {};
  for (const name of Object.keys(queryFieldsOf(calls))) {
    const given = [...new Set(calls.flatMap((call) => (call.examples?.query?.[name] === undefined ? [] : [call.examples.query[name]])))];
    if (given.length > 1) throw new Error(`the query parameter ${name} has the examples ${given.join(' and ')} in different calls: give it one`);
    const value = ids[name] ?? given[0];
    if (value !== undefined) parameters[name] = value;
  }
  const requestBodies: Record<string, unknown> = {};
  for (const call of calls) {
    if (!call.body) continue;
    const fields = Object.keys(call.body.schema.shape).map((name) => [name, ids[name] ?? call.examples?.body?.[name]] as const);
    requestBodies[bodyNameOf(call)] = Object.fromEntries(fields.filter(([, value]) => value !== undefined));
  }
  return { parameters, requestBodies };
}

/** The request of each operation as a tool makes it from the document's examples, parameters in the operation's order. */
export function exampleCalls(document: OpenApiDocument): OperationCall[] {
  const component = (ref: { $ref: string }) => ref.$ref.split('/').pop()!;
  const calls: OperationCall[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      const query = new URLSearchParams();
      for (const reference of operation.parameters ?? []) {
        const parameter = '$ref' in reference ? document.components.parameters[component(reference)]! : reference;
        if (parameter.example === undefined) throw new Error(`${operation.operationId}: the parameter ${parameter.name} has no example`);
        query.set(parameter.name, String(parameter.example));
      }
      const { requestBody } = operation;
      const body = requestBody && ('$ref' in requestBody ? document.components.requestBodies[component(requestBody)]! : requestBody);
      const example = body?.content['application/json']?.example;
      if (body && example === undefined) throw new Error(`${operation.operationId}: the request body has no example`);
      const search = query.size > 0 ? `?${query}` : '';
      calls.push({ operationId: operation.operationId, method: method.toUpperCase() as 'GET' | 'POST', path: `${path}${search}`, body: example });
    }
  }
  return calls;
}
