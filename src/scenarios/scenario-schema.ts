import { z } from 'zod';
import { anyRouteInput, callRouteInput } from '../contract/route-table.js';
import { SCOPES } from '../contract/scopes.js';
import { CLOCK_RANGE_TEXT, isClockTime } from '../contract/clock-range.js';

export const PAYMENT_METHODS = [
  'promptpay', 'card', 'airpay', 'alipay', 'linepay', 'truemoney', 'wechat', 'kplus', 'scb_easy',
  'bbl_deeplink', 'baybank_deeplink',
] as const;
export const CHAOS_EFFECTS = ['error', 'rate-limit', 'drop', 'lose-response'] as const;

/**
 * Made at the first call, not at load: ~6 ms of zod objects before `serve` answers, which needs none of them
 * (the built-in `default` is checked at build time, src/scenarios/checked-built-ins.ts).
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
    /** Voice plans come with a phone number; data-only plans do not. */
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
    /** By product id; they replace the product's own tiers. */
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
   * An eSIM as the service issued it, from `esim-sandbox record --keep-secrets`; shown `provisioned`, with
   * `activationCode` and `qrCode` `LPA:1$<smdpAddress>$<matchingId>`.
   */
  const esimSeed = z.strictObject({
    id: uuid,
    /** Defaults to its place in `items`, from 1. */
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
    /** Defaults to the tier price active when the order was placed. */
    unitPriceThb: thb.optional(),
    /** When its eSIMs turn `provisioned` (an order placed under delayed provisioning); defaults to `createdAt`. */
    provisionedAt: isoDateTime.optional(),
    /** The order's eSIMs as issued; without it the sandbox issues `quantity` of them (none for a failed order). */
    items: z.array(esimSeed).optional(),
  });

  const behavior = z.strictObject({
    reusedResponse: z.enum(['full', 'minimal']).default('full'),
    idempotencyMismatch: z.enum(['return-original', 'reject']).default('return-original'),
    /** null: remembered forever. */
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
    /** `ignore` leaves the parameter out and journals a hint; `reject` answers 400. */
    unknownQueryParameter: z.enum(['reject', 'ignore']).default('reject'),
    /** The same for a createOrder body field the spec does not list. */
    unknownBodyField: z.enum(['reject', 'ignore']).default('reject'),
    rateLimit: z
      .strictObject({ requests: z.int().positive(), perMs: z.int().positive() })
      .nullable()
      .default(null),
  });

  const clock = z.strictObject({
    start: isoDateTime
      .refine((start) => isClockTime(Date.parse(start)), { error: `expected a date-time from ${CLOCK_RANGE_TEXT}, the range of the sandbox clock` })
      .meta({ description: `Where the sandbox clock starts: a date-time from ${CLOCK_RANGE_TEXT}, the range of the sandbox clock (steps stop at its end).` })
      .default('2026-01-15T09:00:00.000Z'),
    /** How far the clock moves with each answered API request, unless `mode` is "wall". */
    stepMs: z.int().nonnegative().default(1000),
    mode: z.enum(['step', 'wall']).default('step'),
  });

  /*
   * Files merge by id (`key` for API keys, `name` for providers), so a file may give only the fields it changes;
   * only the merge key is required here, and the merged entity is validated against the complete schema.
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

  /** `calls` counts from 1, the first call since start or reset; `fraction` strikes a seeded share. */
  const fault = z.strictObject({
    route: anyRouteInput.default('*'),
    /**
     * `jitterMs` is seeded. rate-limit also holds the same key's calls of `route` with 429 for `retryAfterS`;
     * lose-response carries the request out (an order is charged) before closing. An error wins over a rate-limit.
     */
    effect: z.enum(['latency', 'error', 'rate-limit', 'drop', 'lose-response']),
    latencyMs: z.int().nonnegative().max(60_000).default(0),
    jitterMs: z.int().nonnegative().max(60_000).default(0),
    status: z.union([z.literal(500), z.literal(503)]).default(503),
    retryAfterS: z.int().min(1).max(3600).default(1),
    calls: z.array(z.int().positive()).min(1).optional(),
    fraction: z.number().min(0).max(1).optional(),
  });

  /**
   * Drawn from a generator of its own (`seed`, else the sandbox's), so the same requests meet the same faults.
   * error is a 503, rate-limit a 1 s window, lose-response strikes createOrder only.
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

  const readiness = z.strictObject({
    /** Least wall-clock ms between two polls of a processing order (the check `polls-politely`). */
    minPollIntervalMs: z.int().nonnegative().max(600_000).default(1000),
  });

  const scenarioFile = z.strictObject({
    $schema: z.string().optional(),
    name: z.string().regex(/^[a-z0-9][a-z0-9-]*$/, 'expected a kebab-case name'),
    description: z.string().min(1),
    /** A built-in scenario's name, or a path relative to this file. */
    extends: z.string().min(1).optional(),
    /** Files of `seeds/`, merged in order after the extended scenario and before this file's entities. */
    seeds: z.array(z.string().min(1)).optional(),
    seed: z.int().nonnegative().optional(),
    clock: clock.partial().optional(),
    behavior: behavior.partial().optional(),
    /** Set after the merge, by product id; `"*"` sets every product (ids given win). */
    inventory: z.record(z.string(), z.int().nonnegative()).optional(),
    /** Replaces the faults of the scenario it extends. */
    faults: z.array(fault).optional(),
    /** Replaces the extended scenario's chaos (null turns it off). */
    chaos: chaos.nullable().optional(),
    /** Merged field by field over the scenario it extends. */
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

/** Chaos given at run time (`createSandbox({ chaos })`, `startServer`); throws a `RangeError` naming each problem. */
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
  chaos: Chaos | null;
  readiness: ReadinessSettings;
  providers: ProviderSpec[];
  products: ProductSpec[];
  accounts: AccountSpec[];
  apiKeys: ApiKeySpec[];
  payments: PaymentSeed[];
  orders: OrderSeed[];
}
