import { z } from 'zod';
import { anyRouteInput, callRouteInput } from '../contract/route-table.js';
import { SCOPES } from '../contract/scopes.js';
import { CLOCK_RANGE_TEXT, isClockTime } from '../contract/clock-range.js';

export const PAYMENT_METHODS = [
  'promptpay', 'card', 'airpay', 'alipay', 'linepay', 'truemoney', 'wechat', 'kplus', 'scb_easy',
  'bbl_deeplink', 'baybank_deeplink',
] as const;
/** What seeded chaos may do to a request: the fault effects it draws from. */
export const CHAOS_EFFECTS = ['error', 'rate-limit', 'drop', 'lose-response'] as const;

/**
 * The zod schemas of scenario and seed files, made at the first call rather than as the program loads: ~6 ms of
 * zod objects before `serve` answers, which needs none of them (the built-in `default` is checked at build time,
 * src/scenarios/checked-built-ins.ts, and the records it seeds are not checked again, src/state/collection-records.ts).
 */
export function scenarioSchemas(): ScenarioSchemas {
  return (schemas ??= makeScenarioSchemas());
}

let schemas: ScenarioSchemas | undefined;

export type ScenarioSchemas = ReturnType<typeof makeScenarioSchemas>;

function makeScenarioSchemas() {
  const uuid = z.uuid();
  const isoDateTime = z.iso.datetime({ offset: true });
  const thb = z.number().nonnegative().multipleOf(0.01);

  const scope = z.enum(SCOPES);

  const paymentMethod = z.enum(PAYMENT_METHODS);

  const tier = z.strictObject({
    minTrailingYearQty: z.int().nonnegative(),
    unitPriceThb: thb,
  });

  const tiers = z
    .array(tier)
    .min(1)
    .refine((list) => list.some((entry) => entry.minTrailingYearQty === 0), {
      message: 'expected one tier with minTrailingYearQty 0, the price every account starts at',
    });

  const provider = z.strictObject({
    name: z.string().min(1),
    smdpAddress: z.string().min(1),
    /** Leading ICCID digits after `89` (country and issuer code), e.g. "6601". */
    iccidIssuer: z.string().regex(/^\d{2,8}$/),
    /** ICCID length including the Luhn check digit. */
    iccidLength: z.union([z.literal(19), z.literal(20)]).default(19),
    /** Whether eSIMs of this provider come with a phone number (voice plans) or not (data only). */
    withPhoneNumber: z.boolean().default(false),
  });

  const product = z.strictObject({
    id: uuid,
    name: z.string().min(1),
    description: z.string(),
    provider: z.string().min(1),
    sku: z.string().min(1),
    retailPriceThb: thb.nullable().optional(),
    metadata: z.json().optional(),
    promotionLabel: z.string().nullable().optional(),
    promotionFeatures: z.array(z.string()).optional(),
    active: z.boolean().default(true),
    tiers,
    /** eSIMs left to sell. */
    inventory: z.int().nonnegative(),
    /** When false, every order of this product is refused with 409 CARD_DATA_INCOMPLETE. */
    cardDataComplete: z.boolean().default(true),
  });

  const account = z.strictObject({
    id: uuid,
    name: z.string().min(1),
    kyc: z.enum(['approved', 'pending']).default('approved'),
    /** eSIMs counted as ordered in the trailing year before any order the sandbox knows of. */
    trailingYearQtyBaseline: z.int().nonnegative().default(0),
    /** Account-specific price tiers, by product id; they replace the product's own tiers. */
    tierOverrides: z.record(z.string(), tiers).default({}),
  });

  const apiKey = z.strictObject({
    key: z.string().min(8).regex(/^[A-Za-z0-9_\-]+$/),
    accountId: uuid,
    scopes: z.array(scope),
    revoked: z.boolean().default(false),
  });

  const paymentSeed = z.strictObject({
    id: uuid,
    accountId: uuid,
    merchantOrderId: z.string().min(1).optional(),
    /** What the wallet is credited; fee and VAT of the method are added on top of it. */
    amountThb: thb.positive(),
    paymentMethod,
    status: z.enum(['success', 'pending', 'failed']).default('success'),
    createdAt: isoDateTime,
  });

  /**
   * An eSIM of a past order as the service issued it, for an order recorded from a real account
   * (`esim-sandbox record --keep-secrets`); shown as `provisioned`, with `activationCode` and `qrCode`
   * `LPA:1$<smdpAddress>$<matchingId>` and the provider of the order's product.
   */
  const esimSeed = z.strictObject({
    id: uuid,
    /** Position of the eSIM within the order; defaults to its place in `items` (1 for the first). */
    sequenceNo: z.int().positive().optional(),
    iccid: z.string().min(1),
    phone: z.string().min(1).nullable().default(null),
    smdpAddress: z.string().min(1),
    matchingId: z.string().min(1),
  });

  const orderSeed = z.strictObject({
    id: uuid,
    accountId: uuid,
    productId: uuid,
    quantity: z.int().min(1).max(2000),
    orderSource: z.enum(['web', 'api']).default('web'),
    status: z.enum(['confirmed', 'processing', 'failed']).default('confirmed'),
    createdAt: isoDateTime,
    /** Defaults to the price of the tier active when the order was placed. */
    unitPriceThb: thb.optional(),
    /** When its eSIMs turn `provisioned` (an order placed under delayed provisioning); defaults to `createdAt`. */
    provisionedAt: isoDateTime.optional(),
    /** The order's eSIMs as issued; without it the sandbox issues `quantity` of them (none for a failed order). */
    items: z.array(esimSeed).optional(),
  });

  const behavior = z.strictObject({
    reusedResponse: z.enum(['full', 'minimal']).default('full'),
    idempotencyMismatch: z.enum(['return-original', 'reject']).default('return-original'),
    /** How long an idempotency key is remembered; null means forever. */
    idempotencyTtlMs: z.int().positive().nullable().default(null),
    insufficientBalance: z
      .strictObject({
        mode: z.enum(['reject', 'allow-negative']).default('reject'),
        status: z.int().min(400).max(499).default(409),
      })
      .default({ mode: 'reject', status: 409 }),
    provisioning: z
      .strictObject({
        mode: z.enum(['immediate', 'delayed']).default('immediate'),
        delayMs: z.int().nonnegative().default(30_000),
      })
      .default({ mode: 'immediate', delayMs: 30_000 }),
    limitOutOfRange: z.enum(['reject', 'clamp']).default('reject'),
    /** A query parameter the route does not take: refused with 400 (`reject`), or left out and a hint journaled (`ignore`). */
    unknownQueryParameter: z.enum(['reject', 'ignore']).default('reject'),
    /** A createOrder body field the spec does not list: refused with 400 (`reject`), or left out and a hint journaled (`ignore`). */
    unknownBodyField: z.enum(['reject', 'ignore']).default('reject'),
    rateLimit: z
      .strictObject({ requests: z.int().positive(), perMs: z.int().positive() })
      .nullable()
      .default(null),
  });

  const clock = z.strictObject({
    /** Where the sandbox clock starts; it stays within its range (src/contract/clock-range.ts). */
    start: isoDateTime
      .refine((start) => isClockTime(Date.parse(start)), { error: `expected a date-time from ${CLOCK_RANGE_TEXT}, the range of the sandbox clock` })
      .meta({ description: `Where the sandbox clock starts: a date-time from ${CLOCK_RANGE_TEXT}, the range of the sandbox clock (steps stop at its end).` })
      .default('2026-01-15T09:00:00.000Z'),
    /** How far the clock moves with each answered API request, unless `mode` is "wall". */
    stepMs: z.int().nonnegative().default(1000),
    mode: z.enum(['step', 'wall']).default('step'),
  });

  /*
   * Entities a scenario or a seed file contributes, merged over those of the files before it. Files merge by id
   * (by `key` for API keys, by `name` for providers), so a file may give only the fields it changes:
   * `{ "id": "...", "inventory": 0 }`. Only the merge key is required here; the merged entity is then validated
   * against the complete schema above.
   */
  const scenarioOverlayShape = {
    providers: z.array(z.strictObject({ ...provider.partial().shape, name: provider.shape.name })).optional(),
    products: z.array(z.strictObject({ ...product.partial().shape, id: uuid })).optional(),
    accounts: z.array(z.strictObject({ ...account.partial().shape, id: uuid })).optional(),
    apiKeys: z.array(z.strictObject({ ...apiKey.partial().shape, key: apiKey.shape.key })).optional(),
    payments: z.array(z.strictObject({ ...paymentSeed.partial().shape, id: uuid })).optional(),
    orders: z.array(z.strictObject({ ...orderSeed.partial().shape, id: uuid })).optional(),
  };

  const seedFile = z.strictObject({
    $schema: z.string().optional(),
    description: z.string().optional(),
    ...scenarioOverlayShape,
  });

  /**
   * A failure the sandbox injects. It applies to calls of `route` ("*": every route); with `calls`, only to
   * those calls of it (1 = the first since start or reset); with `fraction`, to a seeded share of them.
   */
  const fault = z.strictObject({
    route: anyRouteInput.default('*'),
    /**
     * latency: answer after `latencyMs` plus up to `jitterMs` (seeded); error: answer `status` with its error
     * envelope, changing nothing; rate-limit: answer 429 RATE_LIMITED with `Retry-After: <retryAfterS>`,
     * changing nothing, and hold the same key's calls of `route` (every route for "*") with 429 until
     * `retryAfterS` seconds have passed; drop: close the connection without an answer, changing nothing; lose-response: carry
     * the request out (an order is committed and charged), then close the connection. When an error and a
     * rate-limit fault strike the same call, the error is answered.
     */
    effect: z.enum(['latency', 'error', 'rate-limit', 'drop', 'lose-response']),
    latencyMs: z.int().nonnegative().max(60_000).default(0),
    jitterMs: z.int().nonnegative().max(60_000).default(0),
    status: z.union([z.literal(500), z.literal(503)]).default(503),
    /** Seconds a rate-limit fault asks the client to wait, in its `Retry-After` header. */
    retryAfterS: z.int().min(1).max(3600).default(1),
    calls: z.array(z.int().positive()).min(1).optional(),
    fraction: z.number().min(0).max(1).optional(),
  });

  /**
   * Seeded chaos: each call of the chosen routes meets a fault with probability `rate`, drawn from a generator of
   * its own (seeded by `seed`, else the sandbox's), so the same requests in the same order meet the same faults.
   * error: 503 SERVICE_UNAVAILABLE, nothing done; rate-limit: 429 with Retry-After: 1 and a 1 s window on that
   * route; drop: the connection closes, nothing done; lose-response: createOrder only, carried out, then the
   * connection closes.
   */
  const chaos = z.strictObject({
    rate: z.number().min(0, 'expected a rate from 0 to 1, e.g. 0.05 for 5 % of calls').max(1, 'expected a rate from 0 to 1, e.g. 0.05 for 5 % of calls'),
    seed: z.int().nonnegative().optional(),
    effects: z
      .array(z.enum(CHAOS_EFFECTS, { error: `expected one of ${CHAOS_EFFECTS.join(', ')}` }))
      .min(1)
      .default([...CHAOS_EFFECTS]),
    routes: z.array(callRouteInput).min(1).optional(),
  });

  /** What the readiness report (`GET /__sandbox/readiness`) expects of a client under this scenario. */
  const readiness = z.strictObject({
    /**
     * The least wall-clock time between two polls of getOrderStatus for an order that was still processing at
     * the first of them, in ms (the check `polls-politely`).
     */
    minPollIntervalMs: z.int().nonnegative().max(600_000).default(1000),
  });

  const scenarioFile = z.strictObject({
    $schema: z.string().optional(),
    name: z.string().regex(/^[a-z0-9][a-z0-9-]*$/, 'expected a kebab-case name'),
    description: z.string().min(1),
    /** Name of a built-in scenario, or path of a file relative to this one, that this scenario overlays. */
    extends: z.string().min(1).optional(),
    /** Names of base data files in `seeds/`, merged in order after the extended scenario and before this file's own entities. */
    seeds: z.array(z.string().min(1)).optional(),
    seed: z.int().nonnegative().optional(),
    clock: clock.partial().optional(),
    behavior: behavior.partial().optional(),
    /** Inventory to set after this file's entities are merged, by product id; `"*"` sets every product (ids given win). */
    inventory: z.record(z.string(), z.int().nonnegative()).optional(),
    /** Failures to inject; a file that gives `faults` replaces those of the scenario it extends. */
    faults: z.array(fault).optional(),
    /** Seeded chaos on top of the faults; replaces that of the scenario it extends (null turns it off). */
    chaos: chaos.nullable().optional(),
    /** What the readiness report expects of a client; merged field by field over the scenario it extends. */
    readiness: readiness.partial().optional(),
    ...scenarioOverlayShape,
  });

  return {
    paymentMethod, tier, provider, product, account, apiKey, paymentSeed, esimSeed, orderSeed, behavior, clock,
    seedFile, fault, chaos, readiness, scenarioFile,
  };
}

export type ProviderSpec = z.output<ScenarioSchemas['provider']>;
export type ProductSpec = z.output<ScenarioSchemas['product']>;
export type AccountSpec = z.output<ScenarioSchemas['account']>;
export type ApiKeySpec = z.output<ScenarioSchemas['apiKey']>;
export type PaymentSeed = z.output<ScenarioSchemas['paymentSeed']>;
export type OrderSeed = z.output<ScenarioSchemas['orderSeed']>;
export type EsimSeed = z.output<ScenarioSchemas['esimSeed']>;
export type Behavior = z.output<ScenarioSchemas['behavior']>;
export type ClockSpec = z.output<ScenarioSchemas['clock']>;
export type PaymentMethod = z.output<ScenarioSchemas['paymentMethod']>;
export type Tier = z.output<ScenarioSchemas['tier']>;
export type Fault = z.output<ScenarioSchemas['fault']>;
export type Chaos = z.output<ScenarioSchemas['chaos']>;
export type ChaosInput = z.input<ScenarioSchemas['chaos']>;
export type ReadinessSettings = z.output<ScenarioSchemas['readiness']>;
export type ScenarioFile = z.input<ScenarioSchemas['scenarioFile']>;

/** Chaos given at run time (`createSandbox({ chaos })`, `startServer`), checked: every problem named with what is allowed. */
export function checkChaos(input: ChaosInput | null): Chaos | null {
  if (input === null) return null;
  const result = scenarioSchemas().chaos.safeParse(input);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => `chaos${issue.path.map((part) => (typeof part === 'number' ? `[${part}]` : `.${String(part)}`)).join('')}: ${issue.message}`);
  throw new RangeError(`${problems.join('; ')} (got ${JSON.stringify(input)})`);
}

/** A scenario given by built-in name, by path of a JSON file, or inline. */
export type ScenarioSource = string | ScenarioFile;
export type SeedFile = z.input<ScenarioSchemas['seedFile']>;

/** A scenario after `extends` and `seeds` are resolved and defaults are filled in. */
export interface ResolvedScenario {
  name: string;
  description: string;
  seed: number;
  clock: ClockSpec;
  behavior: Behavior;
  faults: Fault[];
  /** Seeded chaos, or null for none. */
  chaos: Chaos | null;
  readiness: ReadinessSettings;
  providers: ProviderSpec[];
  products: ProductSpec[];
  accounts: AccountSpec[];
  apiKeys: ApiKeySpec[];
  payments: PaymentSeed[];
  orders: OrderSeed[];
}
