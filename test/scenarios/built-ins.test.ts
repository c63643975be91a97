import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SCOPES, listScenarios, loadScenario } from 'esim-wholesale-sandbox';

const root = fileURLToPath(new URL('../../', import.meta.url));
const testsDir = path.join(root, 'test', 'scenarios');
const MAIN_ACCOUNT_ID = '8d4b3cde-a72c-4320-bde3-f1a196918388';

const files = readdirSync(path.join(root, 'scenarios')).filter((entry) => entry.endsWith('.json'));
const names = files.map((file) => file.slice(0, -'.json'.length)).sort();

describe('the built-in scenarios', () => {
  it('are the files of scenarios/, as listScenarios names them', () => {
    expect(listScenarios().map((scenario) => scenario.name)).toEqual(names);
    expect(names).toEqual(expect.arrayContaining([
      'default', 'empty-inventory', 'missing-scopes', 'low-balance', 'kyc-pending', 'card-data-incomplete',
      'tier-pricing', 'new-account', 'large-catalog', 'rate-limited', 'flaky-network', 'delayed-provisioning',
    ]));
  });

  it.each(names)('%s has a test file in test/scenarios/ that loads it by name', (name) => {
    const testFile = path.join(testsDir, `${name}.test.ts`);
    expect(existsSync(testFile), `test/scenarios/${name}.test.ts is missing: a scenario nobody tests silently rots`).toBe(true);
    const source = readFileSync(testFile, 'utf8');
    expect(source).toContain(`describeBothModes('scenario ${name}: `);
    expect(source).toContain(`{ scenario: '${name}'`);
  });

  it.each(names)('%s names itself, points at the JSON schema and says what a test gets from it', (name) => {
    const raw = JSON.parse(readFileSync(path.join(root, 'scenarios', `${name}.json`), 'utf8'));
    expect(raw.$schema).toBe('../scenario.schema.json');
    expect(raw.name).toBe(name);
    expect(raw.description.length).toBeGreaterThan(60);
  });

  it.each(names)('%s keeps sk_test_full_access as the key of its main account, with all five scopes', (name) => {
    const scenario = loadScenario(name);
    const key = scenario.apiKeys.find((apiKey) => apiKey.key === 'sk_test_full_access');
    expect(key).toEqual({ key: 'sk_test_full_access', accountId: MAIN_ACCOUNT_ID, scopes: [...SCOPES], revoked: false });
    expect(scenario.accounts.some((account) => account.id === MAIN_ACCOUNT_ID)).toBe(true);
  });
});
