import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox } from '../../src/sandbox.js';
import { listScenarios, loadScenario, scenariosDir } from '../../src/scenarios/load-scenario.js';
import { findDuplicateKeys } from '../../src/scenarios/merge-scenario-layers.js';
import { ScenarioError } from '../../src/scenarios/scenario-error.js';
import type { ScenarioFile } from '../../src/scenarios/scenario-schema.js';

const MAIN_ACCOUNT_ID = '8d4b3cde-a72c-4320-bde3-f1a196918388';
const PENDING_ACCOUNT_ID = '41db0dd3-7313-420d-a766-cb35e4e67548';
const AIS_15GB_ID = 'efd8480e-2903-458b-8ce3-156f0418df70';
const JP_10GB_ID = 'e48ed749-4c05-4f09-a24c-168f50f904bf';
const INACTIVE_DTAC_ID = 'b52d1554-05f2-49c8-8756-43e8b6d4acd9';
const NEW_ID = '5f0c2a7e-3b1d-4c8e-9a6f-2d7b8e1c4a93';
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'esim-scenarios-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Writes a scenario file into the temporary directory and returns its absolute path. */
function write(name: string, content: object | string): string {
  const file = path.join(dir, name);
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content, null, 2));
  return file;
}

function overlay(fields: Record<string, unknown>): ScenarioFile {
  return { name: 'overlay', description: 'an overlay of default', extends: 'default', ...fields } as ScenarioFile;
}

function problemLines(source: Parameters<typeof loadScenario>[0]): string[] {
  try {
    loadScenario(source);
  } catch (error) {
    expect(error).toBeInstanceOf(ScenarioError);
    return (error as ScenarioError).message.split('\n');
  }
  throw new Error('expected the scenario to be refused');
}

describe('the default scenario', () => {
  const scenario = loadScenario('default');

  it('has the catalog, both accounts, the four test keys and the history of the main account', () => {
    expect(scenario.name).toBe('default');
    expect(scenario.providers.map((provider) => provider.name)).toEqual(['AIS', 'TrueMove H', 'dtac', 'AsiaLink Roaming', 'GlobeRoam']);
    expect(scenario.products).toHaveLength(24);
    expect(scenario.accounts.map((account) => [account.id, account.kyc])).toEqual([
      [MAIN_ACCOUNT_ID, 'approved'],
      [PENDING_ACCOUNT_ID, 'pending'],
    ]);
    expect(scenario.apiKeys.map((key) => [key.key, key.accountId, key.scopes.length, key.revoked])).toEqual([
      ['sk_test_full_access', MAIN_ACCOUNT_ID, 5, false],
      ['sk_test_read_only', MAIN_ACCOUNT_ID, 4, false],
      ['sk_test_kyc_pending', PENDING_ACCOUNT_ID, 5, false],
      ['sk_test_revoked', MAIN_ACCOUNT_ID, 5, true],
    ]);
    expect(scenario.apiKeys[1]!.scopes.every((scope) => scope.endsWith(':read'))).toBe(true);
    expect(scenario.payments).toHaveLength(8);
    expect(scenario.payments.reduce((sum, payment) => sum + payment.amountThb, 0)).toBe(150_000);
    expect(scenario.orders).toHaveLength(4);
  });

  it('fills in the defaults', () => {
    expect(scenario.seed).toBe(1);
    expect(scenario.clock).toEqual({ start: '2026-01-15T09:00:00.000Z', stepMs: 1000, mode: 'step' });
    expect(scenario.behavior).toEqual({
      reusedResponse: 'full',
      idempotencyMismatch: 'return-original',
      idempotencyTtlMs: null,
      insufficientBalance: { mode: 'reject', status: 409 },
      provisioning: { mode: 'immediate', delayMs: 30_000 },
      limitOutOfRange: 'reject',
      unknownQueryParameter: 'reject',
      unknownBodyField: 'reject',
      rateLimit: null,
    });
    expect(scenario.products.filter((product) => !product.active).map((product) => product.id)).toEqual([INACTIVE_DTAC_ID]);
    expect(scenario.products.every((product) => product.cardDataComplete && product.inventory === 5000)).toBe(true);
    expect(scenario.accounts[1]!.tierOverrides).toEqual({});
  });

  it('uses fixed version 4 UUIDs everywhere', () => {
    const ids = [scenario.products, scenario.accounts, scenario.payments, scenario.orders].flat().map((entity) => entity.id);
    expect(ids.every((id) => UUID_V4.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(loadScenario('default')).toEqual(scenario);
  });
});

describe('overlays', () => {
  it('merges a scenario over the one it extends, entity by id and settings field by field', () => {
    const file = write('sold-out.json', {
      name: 'sold-out',
      description: 'AIS 15GB sold out',
      extends: 'default',
      seed: 7,
      clock: { stepMs: 0 },
      behavior: { insufficientBalance: { mode: 'allow-negative' } },
      products: [{ id: AIS_15GB_ID, inventory: 0 }, { id: NEW_ID, name: 'Laos 3GB 5 Days', description: '3 GB for 5 days', provider: 'AsiaLink Roaming', sku: 'LA-ASL-3GB-5D', tiers: [{ minTrailingYearQty: 0, unitPriceThb: 149 }], inventory: 20 }],
    });
    const scenario = loadScenario(file);
    expect(scenario.name).toBe('sold-out');
    expect(scenario.seed).toBe(7);
    expect(scenario.clock).toEqual({ start: '2026-01-15T09:00:00.000Z', stepMs: 0, mode: 'step' });
    expect(scenario.behavior.insufficientBalance).toEqual({ mode: 'allow-negative', status: 409 });
    const ais = scenario.products.find((product) => product.id === AIS_15GB_ID)!;
    expect(ais).toMatchObject({ inventory: 0, sku: 'TH-AIS-15GB-8D', promotionLabel: 'Best seller' });
    expect(scenario.products).toHaveLength(25);
    expect(scenario.products.at(-1)).toMatchObject({ id: NEW_ID, active: true, cardDataComplete: true });
  });

  it('follows extends paths relative to the extending file and applies inventory overrides', () => {
    write('parent.json', { name: 'parent', description: 'all products at 10', extends: 'default', inventory: { '*': 10, [JP_10GB_ID]: 3 } });
    const child = write('child.json', { name: 'child', description: 'dtac 15GB empty', extends: './parent.json', inventory: { 'd478def8-a625-46f7-bcf1-5f4a1a0ba285': 0 } });
    const inventory = new Map(loadScenario(child).products.map((product) => [product.sku, product.inventory]));
    expect(inventory.get('TH-AIS-15GB-8D')).toBe(10);
    expect(inventory.get('JP-ASL-10GB-15D')).toBe(3);
    expect(inventory.get('TH-DTAC-15GB-8D')).toBe(0);
  });

  it('accepts an inline scenario', () => {
    const scenario = loadScenario(overlay({ accounts: [{ id: MAIN_ACCOUNT_ID, trailingYearQtyBaseline: 600 }] }));
    expect(scenario.name).toBe('overlay');
    expect(scenario.accounts[0]).toMatchObject({ name: 'Siam Journey Travel Co., Ltd.', trailingYearQtyBaseline: 600 });
  });
});

describe('refused scenarios', () => {
  it('names the file, the line, the JSON path, what was expected and what was got, for every problem', () => {
    const file = write('bad-types.json', {
      name: 'bad-types',
      description: 'x',
      extends: 'default',
      payments: [{ id: NEW_ID, accountId: MAIN_ACCOUNT_ID, amountThb: '10', paymentMethod: 'cash', createdAt: '2026-01-01T00:00:00.000Z' }],
      accounts: [{ id: MAIN_ACCOUNT_ID, kyc: 'done', colour: 'red' }],
    });
    expect(problemLines(file)).toEqual([
      `${file}:17: /accounts/0/kyc: expected one of "approved", "pending", got "done"`,
      `${file}:15: /accounts/0: unknown field "colour"; allowed fields: id, name, kyc, trailingYearQtyBaseline, tierOverrides`,
      `${file}:9: /payments/0/amountThb: expected a number, got "10"`,
      `${file}:10: /payments/0/paymentMethod: expected one of "promptpay", "card", "airpay", "alipay", "linepay", "truemoney", "wechat", "kplus", "scb_easy", "bbl_deeplink", "baybank_deeplink", got "cash"`,
    ]);
  });

  it('describes formats, bounds, unions and refinements', () => {
    const lines = problemLines(
      overlay({
        providers: [{ name: 'AIS', iccidLength: 21 }],
        products: [{ id: 'abc', retailPriceThb: 'x', tiers: [{ minTrailingYearQty: 5, unitPriceThb: 1.234 }] }],
        orders: [{ id: NEW_ID, quantity: 2001, createdAt: 'yesterday' }],
      }),
    );
    expect(lines).toEqual([
      '<inline>: /providers/0/iccidLength: expected one of 19, 20, got 21',
      '<inline>: /products/0/id: expected a UUID like "3f2b9c1e-7a4d-4e8b-9c2f-1a2b3c4d5e6f", got "abc"',
      '<inline>: /products/0/retailPriceThb: expected a number or null, got "x"',
      '<inline>: /products/0/tiers/0/unitPriceThb: expected a number with at most 2 decimals, got 1.234',
      '<inline>: /products/0/tiers: expected one tier with minTrailingYearQty 0, the price every account starts at',
      '<inline>: /orders/0/quantity: expected a number of at most 2000, got 2001',
      '<inline>: /orders/0/createdAt: expected an ISO 8601 date-time with a time zone like "2026-01-15T09:00:00.000Z", got "yesterday"',
    ]);
  });

  it('reports a JSON syntax error with its line and column', () => {
    const file = write('broken.json', '{\n  "name": "broken",\n}\n');
    expect(problemLines(file)).toEqual([`${file}: invalid JSON at line 3, column 1: expected a double-quoted property name, got '}'`]);
  });

  it('reports the missing fields of a new entity at the line of the file that introduced it', () => {
    const file = write('new-product.json', { name: 'new-product', description: 'x', extends: 'default', products: [{ id: NEW_ID, inventory: 5 }] });
    expect(problemLines(file).slice(0, 2)).toEqual([
      `${file}:6: /products/0/name: required field is missing; expected a string`,
      `${file}:6: /products/0/description: required field is missing; expected a string`,
    ]);
  });

  it('reports the missing fields of a new inline entity at <inline>', () => {
    expect(problemLines(overlay({ products: [{ id: NEW_ID, inventory: 5 }] }))).toEqual([
      '<inline>: /products/0/name: required field is missing; expected a string',
      '<inline>: /products/0/description: required field is missing; expected a string',
      '<inline>: /products/0/provider: required field is missing; expected a string',
      '<inline>: /products/0/sku: required field is missing; expected a string',
      '<inline>: /products/0/tiers: required field is missing; expected an array',
    ]);
  });

  it('reports every reference to something the merged scenario does not have', () => {
    const ghost = '0b6f1e2d-8c4a-4f3b-a9e7-6d5c4b3a2f10';
    const lines = problemLines(
      overlay({
        apiKeys: [{ key: 'sk_test_ghost', accountId: ghost, scopes: [] }],
        payments: [{ id: NEW_ID, accountId: ghost, amountThb: 100, paymentMethod: 'card', createdAt: '2026-01-01T00:00:00.000Z' }],
        orders: [{ id: NEW_ID, accountId: ghost, productId: ghost, quantity: 1, createdAt: '2026-01-01T00:00:00.000Z' }],
        products: [{ id: JP_10GB_ID, provider: 'Docomo' }],
        accounts: [{ id: MAIN_ACCOUNT_ID, tierOverrides: { [ghost]: [{ minTrailingYearQty: 0, unitPriceThb: 1 }] } }],
        inventory: { [ghost]: 0 },
      }),
    );
    expect(lines).toEqual([
      `<inline>: /inventory/${ghost}: no product with id "${ghost}"`,
      `<inline>: /apiKeys/0/accountId: no account with id "${ghost}"`,
      `<inline>: /payments/0/accountId: no account with id "${ghost}"`,
      `<inline>: /orders/0/accountId: no account with id "${ghost}"`,
      `<inline>: /orders/0/productId: no product with id "${ghost}"`,
      '<inline>: /products/0/provider: no provider "Docomo"; providers: AIS, TrueMove H, dtac, AsiaLink Roaming, GlobeRoam',
      `<inline>: /accounts/0/tierOverrides/${ghost}: no product with id "${ghost}"`,
    ]);
  });

  it('detects an extends cycle', () => {
    const a = write('a.json', { name: 'a', description: 'a', extends: './b.json' });
    write('b.json', { name: 'b', description: 'b', extends: 'a.json' });
    expect(problemLines(a)).toEqual([`${a}:4: /extends: "b" extends "a" again: a cycle a → b → a`]);
  });

  it('names the built-ins when extends names none of them', () => {
    expect(problemLines(overlay({ extends: 'nope' }))).toEqual([
      `<inline>: /extends: no built-in scenario "nope"; built-ins: ${listScenarios().map((s) => s.name).join(', ')}`,
    ]);
  });

  it('names the seed files when a seed is unknown', () => {
    expect(problemLines(overlay({ seeds: ['catalog', 'catalogue'] }))).toEqual([
      '<inline>: /seeds/1: no seed file "catalogue"; seeds: catalog, large-catalog, partner-account',
    ]);
  });

  it('refuses an unknown built-in name and a missing file', () => {
    expect(problemLines('nope')[0]).toMatch(/^scenarios: no built-in scenario "nope"; built-ins: .*default/);
    const missing = path.join(dir, 'missing.json');
    expect(problemLines(missing)).toEqual([`${missing}: file does not exist`]);
  });

  it('refuses two entities with the same key in one file, naming the file, the line and where the first one is', () => {
    const other = '7a1c2e3f-4b5d-4c6e-8f70-8192a3b4c5d6';
    const file = write(
      'duplicates.json',
      [
        '{',
        '  "name": "duplicates",',
        '  "description": "every key given twice",',
        '  "extends": "default",',
        '  "providers": [{ "name": "AIS" }, { "name": "dtac" }, { "name": "AIS" }],',
        '  "products": [',
        `    { "id": "${AIS_15GB_ID}", "inventory": 1 },`,
        `    { "id": "${JP_10GB_ID}", "inventory": 2 },`,
        `    { "id": "${AIS_15GB_ID}", "inventory": 3 }`,
        '  ],',
        `  "accounts": [{ "id": "${MAIN_ACCOUNT_ID}" }, { "id": "${MAIN_ACCOUNT_ID}", "name": "Again" }],`,
        '  "apiKeys": [',
        '    { "key": "sk_test_full_access", "scopes": [] },',
        '    { "key": "sk_test_full_access", "revoked": true }',
        '  ],',
        `  "payments": [{ "id": "${NEW_ID}" }, { "id": "${other}" }, { "id": "${NEW_ID}" }],`,
        `  "orders": [{ "id": "${other}" },`,
        `    { "id": "${other}" }]`,
        '}',
      ].join('\n'),
    );
    expect(problemLines(file)).toEqual([
      `${file}:5: /providers/2/name: duplicate name "AIS", already used by /providers/0; give it another name, or merge the two into one entry`,
      `${file}:9: /products/2/id: duplicate id "${AIS_15GB_ID}", already used by /products/0; give it another id, or merge the two into one entry`,
      `${file}:11: /accounts/1/id: duplicate id "${MAIN_ACCOUNT_ID}", already used by /accounts/0; give it another id, or merge the two into one entry`,
      `${file}:14: /apiKeys/1/key: duplicate key "sk_test_full_access", already used by /apiKeys/0; give it another key, or merge the two into one entry`,
      `${file}:16: /payments/2/id: duplicate id "${NEW_ID}", already used by /payments/0; give it another id, or merge the two into one entry`,
      `${file}:18: /orders/1/id: duplicate id "${other}", already used by /orders/0; give it another id, or merge the two into one entry`,
    ]);
  });

  it('refuses a duplicate inline, and takes the same key in another layer as an overlay', () => {
    const twice = [{ id: AIS_15GB_ID, inventory: 1 }, { id: AIS_15GB_ID, inventory: 2 }];
    expect(problemLines(overlay({ products: twice }))).toEqual([
      `<inline>: /products/1/id: duplicate id "${AIS_15GB_ID}", already used by /products/0; give it another id, or merge the two into one entry`,
    ]);
    const parent = write('overlays-once.json', { name: 'overlays-once', description: 'x', extends: 'default', products: [{ id: AIS_15GB_ID, inventory: 1 }] });
    const child = loadScenario(overlay({ extends: parent, products: [{ id: AIS_15GB_ID, inventory: 2 }] }));
    expect(child.products.find((product) => product.id === AIS_15GB_ID)?.inventory).toBe(2);
    expect(child.products.filter((product) => product.id === AIS_15GB_ID)).toHaveLength(1);
  });

  it('finds duplicates in a seed file as in a scenario file', () => {
    const seed = { products: [{ id: AIS_15GB_ID }, { id: AIS_15GB_ID }], providers: [{ name: 'AIS' }, { name: 'AIS' }] };
    expect(findDuplicateKeys('seeds/copy.json', seed).map(({ path, message }) => `${path}: ${message}`)).toEqual([
      '/providers/1/name: duplicate name "AIS", already used by /providers/0; give it another name, or merge the two into one entry',
      `/products/1/id: duplicate id "${AIS_15GB_ID}", already used by /products/0; give it another id, or merge the two into one entry`,
    ]);
    for (const { name } of listScenarios()) expect(() => loadScenario(name)).not.toThrow();
  });

  it('keeps the problems as data', () => {
    try {
      loadScenario(overlay({ seed: -1 }));
    } catch (error) {
      expect((error as ScenarioError).problems).toEqual([
        { file: '<inline>', path: '/seed', message: 'expected a number of at least 0, got -1' },
      ]);
      return;
    }
    throw new Error('expected the scenario to be refused');
  });
});

describe('a copy of a built-in scenario', () => {
  const original = readFileSync(path.join(scenariosDir, 'low-balance.json'), 'utf8');
  const LAST_TOPUP = '"amountThb": 2400';

  async function balanceOf(scenario: string): Promise<number> {
    const sandbox = createSandbox({ scenario });
    const response = await sandbox.fetch(new Request('http://x/api/v1/getBalance', { headers: { 'x-api-key': 'sk_test_full_access' } }));
    return ((await response.json()) as { data: { balanceThb: number } }).data.balanceThb;
  }

  it('refuses a number broken into a string with the file, the line and the path to fix', () => {
    expect(original).toContain(LAST_TOPUP);
    const broken = original.replace(LAST_TOPUP, '"amountThb": "2400"');
    const file = write('my-copy.json', broken);
    const line = broken.split('\n').findIndex((text) => text.includes('"2400"')) + 1;
    expect(problemLines(file)).toEqual([`${file}:${line}: /payments/7/amountThb: expected a number, got "2400"`]);
  });

  it('loads a copy with a changed balance, and the API shows the change', async () => {
    const file = write('richer.json', original.replace(LAST_TOPUP, '"amountThb": 12400'));
    expect(await balanceOf('low-balance')).toBe(460);
    expect(await balanceOf(file)).toBe(10_460);
  });
});

describe('listScenarios', () => {
  it('lists the built-in scenarios sorted by name, with their descriptions', () => {
    const scenarios = listScenarios();
    expect(scenarios.map((scenario) => scenario.name)).toEqual(scenarios.map((scenario) => scenario.name).sort());
    expect(scenarios.find((scenario) => scenario.name === 'default')?.description).toMatch(/^Everything works/);
  });
});

describe('a scenario with very many problems', () => {
  it('lists the first 100 and counts the rest', () => {
    const products = Array.from({ length: 5_000 }, () => ({ id: 'not-a-uuid' }));
    let error: unknown;
    try {
      loadScenario(overlay({ products }));
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ScenarioError);
    const failure = error as ScenarioError;
    expect(failure.problems).toHaveLength(100);
    expect(failure.total).toBeGreaterThan(100);
    expect(failure.problems[0]!.path).toBe('/products/0/id');
    const lines = failure.message.split('\n');
    expect(lines).toHaveLength(101);
    expect(lines[100]).toBe(`...and ${failure.total - 100} more problems (the first 100 are listed)`);
  });

  it('says the rest went unchecked when there are too many to check at once', () => {
    const products = Array.from({ length: 150_000 }, () => ({ id: 'not-a-uuid' }));
    const failure = (() => {
      try {
        loadScenario(overlay({ products }));
      } catch (caught) {
        return caught as ScenarioError;
      }
      throw new Error('loaded');
    })();
    expect(failure.problems.map((problem) => problem.path).slice(0, 3)).toEqual(['', '/products/0/id', '/products/1/id']);
    expect(failure.total).toBe(1001);
    expect(failure.message).toContain('has too many invalid values to check at once; the first 1000 entries of each list were checked');
  });
});
