import fc from 'fast-check';

/** What one generated request is made of, before it becomes a `Request` for a given origin. */
export interface FuzzRequest {
  method: string;
  path: string;
  query: [string, string][];
  headers: [string, string][];
  body: string | Uint8Array | undefined;
}

export const API_ROUTES = ['/getBalance', '/getProducts', '/getPaymentHistory', '/createOrder', '/getOrderStatus', '/getOrders'];
const ROUTE_METHODS: Record<string, string> = { '/createOrder': 'POST' };
export const KEYS = ['sk_test_full_access', 'sk_test_read_only', 'sk_test_kyc_pending', 'sk_test_revoked'];
/** Ids of the default scenario: a real product, a real order (of the main account). */
export const PRODUCT_ID = 'efd8480e-2903-458b-8ce3-156f0418df70';
export const ORDER_ID = 'abbc82d0-c76b-46e7-96d9-d8a7d2a4fc07';
const NASTY_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf', 'polluted'];

const printable = fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)), maxLength: 40 });
/** Characters a header value may hold (visible ASCII and Latin-1), no CR/LF/NUL. */
const headerValue = fc.string({ unit: fc.oneof(fc.integer({ min: 0x20, max: 0x7e }), fc.integer({ min: 0xa0, max: 0xff })).map((c) => String.fromCharCode(c)), maxLength: 60 });
const tokenChars = fc.string({
  unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_!#$%&*+.^`|~'.split('')),
  minLength: 1,
  maxLength: 20,
});
const unicode = fc.string({ unit: 'grapheme', maxLength: 30 });

const numberText = fc.oneof(
  fc.integer().map(String),
  fc.bigInt({ min: -(10n ** 40n), max: 10n ** 40n }).map(String),
  fc.double().map(String),
  fc.constantFrom('0', '-0', '-1', '1', '200', '201', '2000', '2001', '1e3', '1e309', '-1e309', '0x10', '1_000', 'NaN', 'Infinity', '00050', '+5', ' 5', '5 '),
);

/** JSON values a client may send where a field is expected: wrong types, extremes, unicode, nesting. */
const fieldValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(PRODUCT_ID, 1, 2, 3, true, false, null, 0, -1, 2000, 2001, 1e308, -1e308, 2 ** 53, 0.5, '', '1'),
  fc.integer({ min: -1_000_000, max: 1_000_000 }),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.uuid(),
  unicode,
  printable,
  fc.jsonValue({ maxDepth: 4 }),
);

/** A JSON object written as text, so that `__proto__` and `constructor` end up as keys of the document itself. */
const jsonObjectText = fc
  .array(fc.tuple(fc.oneof(fc.constantFrom('productId', 'quantity', 'idempotencyKey', 'includeQrImages', ...NASTY_KEYS), unicode), fieldValue), { maxLength: 6 })
  .map((entries) => `{${entries.map(([key, value]) => `${JSON.stringify(key)}:${JSON.stringify(value) ?? 'null'}`).join(',')}}`);

/** An order that passes validation, with a key that can place it: it may create an order. */
const validOrderText = fc
  .record({ quantity: fc.integer({ min: 1, max: 3 }), idempotencyKey: fc.option(fc.stringMatching(/^[a-z0-9-]{8,20}$/), { nil: undefined }), includeQrImages: fc.boolean() })
  .map((fields) => JSON.stringify({ productId: PRODUCT_ID, ...fields }));

const deepNesting = fc.oneof(
  fc.integer({ min: 1_000, max: 150_000 }).map((depth) => `${'['.repeat(depth)}${']'.repeat(depth)}`),
  fc.integer({ min: 1_000, max: 60_000 }).map((depth) => `{"productId":${'{"a":'.repeat(depth)}1${'}'.repeat(depth)},"quantity":1}`),
  fc.integer({ min: 1_000, max: 150_000 }).map((depth) => `{"quantity":${'['.repeat(depth)}${']'.repeat(depth)}}`),
);

const body = fc.oneof(
  { weight: 4, arbitrary: jsonObjectText },
  { weight: 2, arbitrary: validOrderText },
  { weight: 2, arbitrary: fc.jsonValue().map((value) => JSON.stringify(value)) },
  { weight: 1, arbitrary: deepNesting },
  { weight: 1, arbitrary: fc.constantFrom('', ' ', 'null', '{', '{"productId":', '[]', '"text"', '{"quantity":1e400}', '{"quantity":123456789012345678901234567890}', '\u0000', '\ufeff{}') },
  { weight: 1, arbitrary: unicode },
  { weight: 1, arbitrary: fc.uint8Array({ maxLength: 200 }) },
);

const path = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...API_ROUTES) },
  { weight: 1, arbitrary: fc.constantFrom(...API_ROUTES).map((route) => `${route}/`) },
  { weight: 1, arbitrary: fc.constantFrom(...API_ROUTES).map((route) => route.toUpperCase()) },
  { weight: 1, arbitrary: fc.constantFrom(...API_ROUTES).map((route) => `/${route}`) },
  { weight: 1, arbitrary: fc.constantFrom('/__proto__', '/constructor', '/prototype', '/%00', '/..', '/../getBalance', '/%2e%2e/getBalance', '/getBalance%00', '/getBalance;x', '/') },
  { weight: 1, arbitrary: fc.webPath() },
  { weight: 1, arbitrary: unicode.map((text) => `/${encodeURIComponent(text)}`) },
);

const prefix = fc.oneof({ weight: 8, arbitrary: fc.constant('/api/v1') }, { weight: 1, arbitrary: fc.constantFrom('', '/api', '/api/v2', '/API/V1', '/api/v1/api/v1') });

const queryPair = fc.oneof(
  { weight: 3, arbitrary: fc.tuple(fc.constant('limit'), fc.oneof(fc.integer({ min: 1, max: 200 }).map(String), numberText)) },
  { weight: 2, arbitrary: fc.tuple(fc.constant('includeQrImages'), fc.constantFrom('true', 'false', 'TRUE', '1', '')) },
  { weight: 3, arbitrary: fc.tuple(fc.constant('purchaseOrderId'), fc.oneof(fc.constant(ORDER_ID), fc.uuid(), unicode, numberText)) },
  {
    weight: 2,
    arbitrary: fc.tuple(
      fc.oneof(fc.constantFrom(...NASTY_KEYS), tokenChars, unicode),
      fc.oneof(numberText, fc.constantFrom('true', 'false', '', PRODUCT_ID), fc.uuid(), unicode, printable),
    ),
  },
);

const query = fc.oneof({ weight: 2, arbitrary: fc.constant([] as [string, string][]) }, { weight: 3, arbitrary: fc.array(queryPair, { minLength: 1, maxLength: 3 }) });

const contentType = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom('application/json', 'application/json; charset=utf-8', 'application/problem+json', 'APPLICATION/JSON') },
  { weight: 1, arbitrary: fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/jsonx', 'json') },
  { weight: 1, arbitrary: headerValue },
);

const headers = fc
  .record({
    key: fc.oneof(
      { weight: 10, arbitrary: fc.constant(KEYS[0]!) },
      { weight: 3, arbitrary: fc.constantFrom(...KEYS) },
      { weight: 1, arbitrary: headerValue },
      { weight: 1, arbitrary: fc.constant(undefined) },
    ),
    contentType: fc.option(contentType, { nil: undefined, freq: 5 }),
    extra: fc.array(fc.tuple(tokenChars, headerValue), { maxLength: 3 }),
  })
  .map(({ key, contentType: type, extra }) => {
    const list: [string, string][] = [];
    if (key !== undefined) list.push(['x-api-key', key]);
    if (type !== undefined) list.push(['content-type', type]);
    for (const [name, value] of extra) {
      if (!['host', 'content-length', 'transfer-encoding', 'connection', 'x-api-key', 'content-type', 'expect', 'upgrade', 'keep-alive', 'te', 'trailer'].includes(name.toLowerCase())) {
        list.push([name, value]);
      }
    }
    return list;
  });

const method = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom('GET', 'POST') },
  { weight: 2, arbitrary: fc.constantFrom('PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS', 'get', 'post') },
  { weight: 1, arbitrary: fc.stringMatching(/^[A-Z]{1,10}$/) },
);

/** Mostly a real route with its own method, so that most requests get past routing to the checks behind it. */
const target = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.constantFrom(...API_ROUTES).chain((route) =>
      fc.record({
        path: fc.constant(`/api/v1${route}`),
        method: fc.oneof({ weight: 9, arbitrary: fc.constant(ROUTE_METHODS[route] ?? 'GET') }, { weight: 1, arbitrary: method }),
      }),
    ),
  },
  { weight: 3, arbitrary: fc.record({ path: fc.tuple(prefix, path).map(([base, route]) => `${base}${route}`), method }) },
);

export const fuzzRequest: fc.Arbitrary<FuzzRequest> = fc
  .record({ target, query, headers, body })
  .map(({ target: { method: verb, path: fullPath }, query: params, headers: list, body: content }) => ({
    method: verb,
    path: fullPath,
    query: params,
    headers: list,
    body: verb.toUpperCase() === 'GET' || verb.toUpperCase() === 'HEAD' ? undefined : content,
  }));

/** The generated request as a `Request` to `origin`; undefined when fetch itself refuses to build it. */
export function toRequest(origin: string, generated: FuzzRequest): Request | undefined {
  const search = generated.query.length > 0 ? `?${new URLSearchParams(generated.query).toString()}` : '';
  try {
    return new Request(`${origin}${generated.path}${search}`, {
      method: generated.method,
      headers: generated.headers,
      ...(generated.body !== undefined && { body: generated.body as BodyInit }),
    });
  } catch {
    return undefined;
  }
}
