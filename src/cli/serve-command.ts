import type { Argv, CommandModule } from 'yargs';
import { SANDBOX_OPTIONS } from '../sandbox-options.js';
import { SERVER_OPTIONS } from '../server/server-options.js';
import { HOST_OPTIONS } from '../sessions/host-options.js';
import { startServer, type RunningServer } from '../server/start-server.js';
import type { ChaosInput } from '../scenarios/scenario-schema.js';
import { ADMIN_TOKEN_ENV } from './admin-token-option.js';
import type { CliIo } from './cli-io.js';
import { runUntilStopped, servingOf, withServingFlags } from './run-until-stopped.js';

/** The options `serve` takes, each once: its flags are read from these tables. */
export const SERVE_OPTIONS = { ...SERVER_OPTIONS, ...SANDBOX_OPTIONS, ...HOST_OPTIONS };

export function serveCommand(io: CliIo, result: { exitCode: number }): CommandModule<object, Record<string, unknown>> {
  return {
    command: 'serve',
    describe: 'Start the sandbox as an HTTP server',
    builder: (yargs: Argv) =>
      withServingFlags(yargs, SERVE_OPTIONS)
        .example('$0 serve', 'Serve the default scenario at http://127.0.0.1:4010/api/v1')
        .example('$0 serve --port 0 --seed 7', 'Serve on a free port with seed 7')
        .example('$0 serve --chaos 0.05 --chaos-seed 7', 'Let 5 % of API calls meet a fault, the same ones every run with seed 7')
        .example('$0 serve --clock wall', 'Let provisioning delays and windows take real time, however often a client polls')
        .example('$0 serve --scenario ./my-scenario.json', 'Serve a scenario of your own')
        .example('$0 serve --scenario-dir ./scenarios', 'Let POST /__sandbox/scenario {"name": "my-scenario"} load ./scenarios/my-scenario.json')
        .example(`${ADMIN_TOKEN_ENV}=s3cret $0 serve --host 0.0.0.0`, 'Serve on every interface, the admin API behind a token')
        .example('$0 serve --allowed-host sandbox.local', 'Also answer to http://sandbox.local:4010 (a name in /etc/hosts)')
        .example('$0 serve --shutdown-grace 30000', 'On SIGTERM, give requests in flight up to 30 s to be answered') as unknown as Argv<Record<string, unknown>>,
    handler: (argv) => runUntilStopped(io, result, 'serve', 'Sandbox', () => servingOf(argv, SERVE_OPTIONS, startServer, (server, chaos) => formatServeBanner(server, chaos ?? server.sandbox.scenario.chaos))),
  };
}

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
