import { test } from 'vitest';
import { loadScenario, listScenarios } from '../src/scenarios/load-scenario.js';
test('x', () => {
const s = loadScenario('default');
console.log(s.name, s.seed, s.clock, s.behavior, s.providers.length, s.products.length, s.accounts.length, s.apiKeys.length, s.payments.length, s.orders.length);
console.log(JSON.stringify(s.products[0]), JSON.stringify(s.accounts[1]));
console.log(listScenarios());
});
