import { createServer, type Server } from 'node:http';

/** The key the broken service takes, and echoes back in one of its errors. */
export const BROKEN_KEY = 'sk_broken_secret_5678';

const json = (status: number, body: unknown) => ({ status, type: 'application/json', body: JSON.stringify(body) });
const PRODUCT = {
  id: '6f1d2a3b-4c5d-4e6f-8a7b-9c0d1e2f3a4b',
  name: 'Broken 1GB',
  description: 'x',
  provider: 'P',
  sku: 'B-1',
  currentUnitPriceThb: 10,
  activeTierMinTrailingYearQty: 0,
};

/**
 * A deployment that breaks the contract in one way per route: a number sent as a string (getBalance), a field
 * the spec does not list and a missing one (getProducts), an error outside the envelope (getPaymentHistory), an
 * HTML page (getOrders), a plain-text 404 (getOrderStatus), and an error message that repeats the caller's key.
 */
function answer(path: string, query: URLSearchParams, key: string | undefined) {
  if (key !== BROKEN_KEY) return json(401, { success: false, error: { code: 'UNAUTHORIZED', message: 'Unknown API key.' } });
  if ([...query.keys()].some((name) => name !== 'limit' && name !== 'includeQrImages' && name !== 'purchaseOrderId')) {
    return json(400, { success: false, error: { code: 'BAD_REQUEST', message: `unknown parameter for key ${key}` } });
  }
  switch (path) {
    case '/api/v1/getBalance':
      return json(200, { success: true, data: { accountId: '3b4c5d6e-7f80-4192-a3b4-c5d6e7f80912', totalTopupsThb: 100, totalPurchasesThb: 40, balanceThb: '60' } });
    case '/api/v1/getProducts': {
      const { sku: _sku, ...withoutSku } = PRODUCT;
      return json(200, { success: true, data: [{ ...PRODUCT, internalCost: 7 }, { ...withoutSku, id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d', internalCost: 8 }] });
    }
    case '/api/v1/getPaymentHistory':
      return json(500, { error: 'boom' });
    case '/api/v1/getOrders':
      return { status: 200, type: 'text/html; charset=utf-8', body: '<!DOCTYPE html>\n<html><head><title>Sign in</title></head><body>Sign in</body></html>' };
    default:
      return { status: 404, type: 'text/plain', body: 'Not Found' };
  }
}

export async function startBrokenService(): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const { status, type, body } = answer(url.pathname, url.searchParams, request.headers['x-api-key'] as string | undefined);
    response.writeHead(status, { 'content-type': type });
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/api/v1`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
