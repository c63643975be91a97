import type { Argv, CommandModule } from 'yargs';
import { SANDBOX_OPTIONS } from '../sandbox-options.js';
import { SERVER_OPTIONS } from '../server/server-options.js';
import { PROXY_OPTIONS } from '../proxy/proxy-options.js';
import type { RunningProxy } from '../proxy/start-proxy.js';
import type { CliIo } from './cli-io.js';
import { isLoopbackHost } from '../server/host-names.js';
import { runUntilStopped, servingOf, withServingFlags } from './run-until-stopped.js';

const { scenarioDirs: _scenarioDirs, ...PROXY_SERVER_OPTIONS } = SERVER_OPTIONS;
const { seed, journalSize, journalBodies, hintHeader } = SANDBOX_OPTIONS;

/** The server's options but `--scenario-dir` (a proxy loads no scenario), and of its sandbox's only these. */
export const PROXY_COMMAND_OPTIONS = { ...PROXY_OPTIONS, ...PROXY_SERVER_OPTIONS, seed, journalSize, journalBodies, hintHeader };

type ProxyArgs = Record<string, unknown>;

export function proxyCommand(io: CliIo, result: { exitCode: number }): CommandModule<object, ProxyArgs> {
  return {
    command: 'proxy',
    describe: "Forward a client's API calls to the real service, checking both sides and grading the client",
    builder: (yargs: Argv) =>
      withServingFlags(yargs, PROXY_COMMAND_OPTIONS)
        .demandOption('upstream', 'give --upstream, e.g. --upstream https://staging.example.com/api/v1')
        .example('$0 proxy --upstream https://staging.example.com/api/v1', 'Point your client at http://127.0.0.1:4010/api/v1 with your real key')
        .example('$0 proxy --upstream https://staging.example.com/api/v1 --chaos 0.05 --chaos-seed 7', 'Let 5 % of the calls meet a fault in front of the service')
        .example('$0 proxy --upstream https://staging.internal/api/v1 --upstream-ca ./ca.pem', 'Trust a private CA for the upstream') as unknown as Argv<ProxyArgs>,
    handler: (argv) => runUntilStopped(io, result, 'proxy', 'Proxy', () => servingOf(argv, PROXY_COMMAND_OPTIONS, startProxyLater, (proxy, chaos) => formatProxyBanner(proxy, chaos?.rate))),
  };
}

function formatProxyBanner({ url, origin, upstream }: RunningProxy, chaosRate: number | undefined): string {
  return [
    'eSIM wholesale sandbox proxy listening',
    `  API        ${url}  (point your client here, with your real key)`,
    `  upstream   ${upstream}  (each call forwarded to the route of the same name)`,
    `  inspector  ${origin}/__sandbox/`,
    `  summary    ${origin}/__sandbox/proxy  (exchanges, the service's contract breaks)`,
    `  readiness  ${origin}/__sandbox/readiness  (your client, graded on the real answers)`,
    ...(chaosRate ? [`  chaos      ${Math.round(chaosRate * 1000) / 10} % of API calls meet a fault in front of the upstream`] : []),
    ...(upstream.startsWith('http:') && !isLoopbackHost(new URL(upstream).hostname)
      ? ['', `Warning: the upstream speaks plain http on another machine: your real key travels to it unencrypted. Use its https:// address.`]
      : []),
    '',
    'Press Ctrl+C to stop.',
    '',
  ].join('\n');
}

/**
 * `startProxy`, loaded when the command runs: it reads the upstream through node:https, whose load brings Node's
 * crypto and TLS, and the other commands (serve first) start without them.
 */
const startProxyLater: typeof import('../proxy/start-proxy.js').startProxy = async (options) => (await import('../proxy/start-proxy.js')).startProxy(options);
