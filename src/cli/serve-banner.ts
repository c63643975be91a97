import type { RunningServer } from '../server/start-server.js';
import type { ChaosInput } from '../scenarios/scenario-schema.js';

/** What `serve` prints once listening: where the API is, how its clock runs, which keys to use, and a request to try. */
export function formatServeBanner({ url, origin, sandbox }: RunningServer, chaos?: ChaosInput | null): string {
  const { name, description, apiKeys, accounts } = sandbox.scenario;
  const kycPending = new Set(accounts.filter((account) => account.kyc !== 'approved').map((account) => account.id));
  const keyWidth = Math.max(0, ...apiKeys.map((apiKey) => apiKey.key.length));
  const keyLines = apiKeys.map((apiKey) => {
    const notes = [
      apiKey.revoked ? 'revoked: every route answers 401 UNAUTHORIZED' : '',
      kycPending.has(apiKey.accountId) ? 'KYC pending: every route answers 403 KYC_REQUIRED' : '',
    ].filter(Boolean);
    const scopes = apiKey.scopes.length > 0 ? apiKey.scopes.join(', ') : 'no scopes';
    return `  ${apiKey.key.padEnd(keyWidth)}  ${scopes}${notes.length > 0 ? `  (${notes.join('; ')})` : ''}`;
  });
  const worksForGetBalance = (apiKey: (typeof apiKeys)[number]) =>
    !apiKey.revoked && !kycPending.has(apiKey.accountId) && apiKey.scopes.includes('balance:read');
  const exampleKey = apiKeys.find(worksForGetBalance) ?? apiKeys[0];
  return [
    `eSIM wholesale sandbox listening`,
    `  API        ${url}`,
    `  admin      ${origin}/__sandbox`,
    `  inspector  ${origin}/__sandbox/  (live requests, bodies, state and controls)`,
    `  docs       ${origin}/docs  (API reference; OpenAPI document at ${url}/openapi.json)`,
    `  scenario   ${name}: ${description}`,
    `  clock      ${sandbox.clockMode === 'wall' ? 'wall: real elapsed time' : 'step: moves a step per answered request'}`,
    ...(chaos?.rate ? [`  chaos      ${Math.round(chaos.rate * 1000) / 10} % of API calls meet a fault${chaos.seed === undefined ? '' : ` (seed ${chaos.seed})`}`] : []),
    '',
    'API keys (header x-api-key):',
    ...(keyLines.length > 0 ? keyLines : ['  (none in this scenario)']),
    '',
    'Try:',
    `  curl${exampleKey ? ` -H 'x-api-key: ${exampleKey.key}'` : ''} ${url}/getBalance`,
    '',
    'Press Ctrl+C to stop.',
    '',
  ].join('\n');
}
