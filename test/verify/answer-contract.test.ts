import { describe, expect, it } from 'vitest';
import { contractProblems as ajvProblems } from '../support/openapi-contract.js';
import { contractProblems } from '../../src/verify/contract-problems.js';
import { answerOf, type ReceivedAnswer } from '../../src/verify/exchange.js';
import { readProbes, orderStatusProbe } from '../../src/verify/read-probes.js';
import { DEFAULT_SCENARIO_KEY, sandboxTarget } from '../../src/verify/targets.js';
import type { CallPath } from '../../src/contract/route-table.js';

/** verify checks answers with zod; the suite with ajv. Both read the same document and must agree. */
function bothVerdicts(method: 'GET' | 'POST', route: CallPath, answer: ReceivedAnswer) {
  const ours = contractProblems(method, route, answer);
  const suite = ajvProblems({ method, path: route, status: answer.status, contentType: answer.headers['content-type'] ?? null, body: answer.json });
  return { ours, conformsForUs: ours.length === 0, conformsForSuite: suite.length === 0 };
}

type Json = Record<string, unknown>;
const first = (body: Json): Json => (Array.isArray(body.data) ? (body.data[0] as Json) : (body.data as Json));

/** Ways to break a success body, each one the document refuses. */
const MUTATIONS: Record<string, (body: Json) => void> = {
  'a field the spec does not list': (body) => void (first(body).internalNote = 'x'),
  'a required field left out': (body) => void delete first(body)[Object.keys(first(body))[0]!],
  'an id that is not a UUID': (body) => void (first(body)[Object.keys(first(body)).find((key) => /id$/i.test(key))!] = 'not-a-uuid'),
  'a number sent as a string': (body) => {
    const record = first(body);
    const key = Object.keys(record).find((name) => typeof record[name] === 'number')!;
    record[key] = String(record[key]);
  },
  'null where the spec allows no null': (body) => void (first(body)[Object.keys(first(body))[0]!] = null),
  'success false on a 200': (body) => void (body.success = false),
};

describe('the answer contract of verify', () => {
  it('agrees with the suite\'s ajv check on every answer of the sandbox, and on each way to break one', async () => {
    const target = sandboxTarget('default', DEFAULT_SCENARIO_KEY);
    const probes = [...readProbes(), orderStatusProbe('0d0cf1f2-6ad1-4a3e-9e0b-1b2c8c1a5e11')];
    let broken = 0;
    for (const probe of probes) {
      const answer = await target.send(probe.request);
      expect(bothVerdicts(probe.request.method, probe.route, answer), probe.id).toMatchObject({ conformsForUs: true, conformsForSuite: true });
      if (answer.status !== 200 || !first(answer.json as Json)) continue;
      for (const [name, mutate] of Object.entries(MUTATIONS)) {
        const body = structuredClone(answer.json) as Json;
        mutate(body);
        const mutated = answerOf(200, { 'content-type': 'application/json' }, JSON.stringify(body));
        expect(bothVerdicts(probe.request.method, probe.route, mutated), `${probe.id}: ${name}`).toMatchObject({ conformsForUs: false, conformsForSuite: false });
        broken++;
      }
    }
    expect(broken).toBeGreaterThan(50);
  });

  it('takes any 8-4-4-4-12 hex id as a UUID, as the suite does, and only a date-time with its offset', () => {
    const balance = (accountId: string) =>
      answerOf(200, { 'content-type': 'application/json' }, JSON.stringify({ success: true, data: { accountId, totalTopupsThb: 1, totalPurchasesThb: 0, balanceThb: 1 } }));
    expect(contractProblems('GET', '/getBalance', balance('12345678-ABCD-0000-0000-1234567890ab'))).toEqual([]);
    expect(contractProblems('GET', '/getBalance', balance('12345678-abcd'))).toEqual(['data.accountId: expected a UUID, got "12345678-abcd"']);
  });

  it('answers a status the operation does not document, and an error outside the envelope, with what is expected', () => {
    expect(contractProblems('GET', '/getBalance', answerOf(201, { 'content-type': 'application/json' }, '{"success":true,"data":{}}'))).toEqual([
      'status 201 is not documented for getBalance (documented: 200, 401, 403, and errors in the error envelope)',
    ]);
    expect(contractProblems('GET', '/getBalance', answerOf(503, { 'content-type': 'application/json' }, '{"message":"down"}'))).toEqual([
      'success: missing, the spec requires it (false)',
      'error: missing, the spec requires it (an object)',
      'message: a field the spec does not list ("down")',
    ]);
  });
});
