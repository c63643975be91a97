/**
 * A client of the eSIM wholesale API written the way the spec asks for, and the way the readiness report grades:
 *
 * - every createOrder carries an idempotencyKey, made once per order and kept for each of its retries;
 * - a request that gets no answer or a 5xx is retried after 200, 400, 800, 1600 ms, at most 5 attempts in all;
 * - a 429 is retried once its Retry-After has passed (the flaw ignores-retry-after retries every 250 ms instead, and
 *   meets 429 until the window closes);
 * - any other 4xx is not retried: it is reported (`ApiRefusal`);
 * - a processing order is polled at the poll interval until it is confirmed or failed.
 *
 * `flaw` makes it get exactly one of these wrong, so that a test can show which check catches it.
 */

/** `fetch` over a sandbox in-process: a closed connection (`Response.error()`) rejects with a TypeError, as fetch's does. */
export function inProcessFetch(sandbox: { fetch(request: Request): Promise<Response> }): typeof fetch {
  return async (input, init) => {
    const response = await sandbox.fetch(new Request(input, init));
    if (response.type === 'error') throw new TypeError('fetch failed');
    return response;
  };
}

/** One way to get the spec wrong, each caught by one check of the readiness report. */
export type ClientFlaw =
  | 'no-idempotency-key' // idempotency-key-sent
  | 'new-key-on-retry' // retry-same-key
  | 'ignores-retry-after' // honours-retry-after
  | 'no-backoff' // backs-off-on-5xx
  | 'retries-4xx' // no-blind-retry-on-4xx
  | 'invalid-request' // valid-requests
  | 'polls-too-often'; // polls-politely

export interface ReferenceClientOptions {
  /** The API's base URL, ending in /api/v1. */
  baseUrl: string;
  apiKey: string;
  /** Default: the global fetch. */
  fetch?: typeof fetch;
  /** Waits `ms`; a test with a virtual wall clock gives one that moves it. Default: a timer. */
  sleep?: (ms: number) => Promise<void>;
  /** The least time between two polls of a processing order. Default: 1000. */
  pollIntervalMs?: number;
  /** Starts the idempotency keys this client makes. Default: "ref". */
  keyPrefix?: string;
  flaw?: ClientFlaw;
  /** A client without retries: a 429, a 5xx or no answer fails the call at once. */
  noRetries?: boolean;
}

/** A 4xx other than 429: the request must change before it is sent again. */
export class ApiRefusal extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(`${status} ${code}: ${message}`);
  }
}

const MAX_ATTEMPTS = 5;
const FIRST_BACKOFF_MS = 200;
const MAX_RATE_LIMITED = 10;
/** How long the flaw ignores-retry-after waits after a 429, whatever Retry-After says. */
const OWN_RETRY_DELAY_MS = 250;

export class ReferenceClient {
  readonly #options: Required<Omit<ReferenceClientOptions, 'flaw' | 'noRetries'>> & { flaw?: ClientFlaw; noRetries?: boolean };
  #keys = 0;

  constructor(options: ReferenceClientOptions) {
    this.#options = {
      fetch: (input, init) => globalThis.fetch(input, init),
      sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
      pollIntervalMs: 1000,
      keyPrefix: 'ref',
      ...options,
    };
  }

  getBalance(): Promise<{ balanceThb: number }> {
    return this.#call('GET', '/getBalance');
  }

  getProducts(limit: number): Promise<Array<{ id: string; currentUnitPriceThb: number }>> {
    return this.#call('GET', `/getProducts?limit=${limit}`);
  }

  getOrders(limit: number): Promise<Array<{ id: string; status: string }>> {
    return this.#call('GET', `/getOrders?limit=${this.#options.flaw === 'invalid-request' ? 0 : limit}`);
  }

  getOrderStatus(purchaseOrderId: string): Promise<{ id: string; status: string; items: unknown[] }> {
    return this.#call('GET', `/getOrderStatus?purchaseOrderId=${encodeURIComponent(purchaseOrderId)}`);
  }

  /** Places an order once, however many attempts it takes: one idempotencyKey for all of them. */
  createOrder(productId: string, quantity: number): Promise<{ purchaseOrderId: string; reused: boolean }> {
    const idempotencyKey = this.#options.flaw === 'no-idempotency-key' ? undefined : this.#newKey();
    return this.#call('POST', '/createOrder', { productId, quantity, ...(idempotencyKey && { idempotencyKey }) });
  }

  /** Polls a processing order at the poll interval until it is confirmed or failed. */
  async waitForOrder(purchaseOrderId: string, maxPolls = 100): Promise<{ id: string; status: string; items: unknown[] }> {
    const intervalMs = this.#options.flaw === 'polls-too-often' ? 100 : this.#options.pollIntervalMs;
    for (let poll = 1; ; poll++) {
      const order = await this.getOrderStatus(purchaseOrderId);
      if (order.status !== 'processing') return order;
      if (poll === maxPolls) throw new Error(`order ${purchaseOrderId} still processing after ${maxPolls} polls`);
      await this.#options.sleep(intervalMs);
    }
  }

  #newKey(): string {
    this.#keys += 1;
    return `${this.#options.keyPrefix}-order-${String(this.#keys).padStart(4, '0')}`;
  }

  async #call<T>(method: 'GET' | 'POST', path: string, body?: Record<string, unknown>): Promise<T> {
    const { flaw, sleep } = this.#options;
    let failures = 0;
    let rateLimited = 0;
    let refusals = 0;
    for (;;) {
      const response = await this.#send(method, path, body);
      if (this.#options.noRetries && (response === undefined || response.status === 429 || response.status >= 500)) {
        throw new Error(`${method} ${path}: ${response?.status ?? 'no answer'}, not retried`);
      }
      if (response?.status === 429 && rateLimited < MAX_RATE_LIMITED) {
        rateLimited += 1;
        const retryAfterS = Number(response.headers.get('retry-after')) || 1;
        await sleep(flaw === 'ignores-retry-after' ? OWN_RETRY_DELAY_MS : retryAfterS * 1000);
        continue;
      }
      if (response === undefined || response.status >= 500) {
        failures += 1;
        if (failures === MAX_ATTEMPTS) throw new Error(`${method} ${path}: no answer after ${MAX_ATTEMPTS} attempts`);
        await sleep(flaw === 'no-backoff' ? 0 : FIRST_BACKOFF_MS * 2 ** (failures - 1));
        if (flaw === 'new-key-on-retry' && body?.['idempotencyKey'] !== undefined) body = { ...body, idempotencyKey: this.#newKey() };
        continue;
      }
      const envelope = (await response.json()) as { data?: T; error?: { code: string; message: string } };
      if (response.ok) return envelope.data as T;
      if (flaw === 'retries-4xx' && ++refusals < 3) continue;
      throw new ApiRefusal(response.status, envelope.error?.code ?? 'UNKNOWN', envelope.error?.message ?? '');
    }
  }

  /** The answer, or undefined when the connection closed without one (fetch's TypeError). */
  async #send(method: string, path: string, body: Record<string, unknown> | undefined): Promise<Response | undefined> {
    const headers: Record<string, string> = { 'x-api-key': this.#options.apiKey };
    if (body) headers['content-type'] = 'application/json';
    try {
      return await this.#options.fetch(`${this.#options.baseUrl}${path}`, { method, headers, ...(body && { body: JSON.stringify(body) }) });
    } catch (error) {
      if (error instanceof TypeError) return undefined;
      throw error;
    }
  }
}

/** A purchaseOrderId no account has: the refusal a partner's tests check their error handling with. */
export const UNKNOWN_ORDER_ID = '00000000-0000-4000-8000-000000000000';

/** What a run of a partner's tests saw. */
export interface PartnerRun {
  orders: Array<{ purchaseOrderId: string; reused: boolean }>;
  /** Refusals the tests met and reported. */
  refusals: ApiRefusal[];
}

/**
 * A partner's tests as one ordinary run through the drill meets them: reads, an order followed to the end,
 * reads again, a second order, a list, and a check of the error handling (an unknown order's 404).
 */
export async function runPartnerTests(client: ReferenceClient): Promise<PartnerRun> {
  const run: PartnerRun = { orders: [], refusals: [] };
  const reported = <T>(attempt: Promise<T>) =>
    attempt.catch((error: unknown) => {
      if (!(error instanceof ApiRefusal)) throw error;
      run.refusals.push(error);
      return undefined;
    });
  await client.getBalance();
  const [product] = await client.getProducts(5);
  const first = await client.createOrder(product!.id, 1);
  run.orders.push(first);
  await client.waitForOrder(first.purchaseOrderId);
  await client.getBalance();
  await client.getProducts(5);
  run.orders.push(await client.createOrder(product!.id, 2));
  await reported(client.getOrders(10));
  await reported(client.getOrderStatus(UNKNOWN_ORDER_ID));
  return run;
}
