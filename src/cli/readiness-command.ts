import type { Argv, CommandModule } from 'yargs';
import type { ReadLimits } from '../client/bounded-read.js';
import type { ReadinessReport } from '../domain/readiness/report.js';
import { formatReadinessJunit, formatReadinessTable } from '../domain/readiness/report-formats.js';
import { READ_OPTIONS } from '../client/client-limits.js';
import { ADMIN_TOKEN_ENV, adminTokenOf, parseAdminToken } from './admin-token-option.js';
import { maskedIo, messageOf, type CliIo } from './cli-io.js';
import { flagValues, withFlags } from './option-flags.js';
import { clientOptions, parseClientArgs, parseAnswerJson } from './service-options.js';
import { READINESS_OPTIONS } from '../readiness-options.js';

const FORMATS = ['table', 'json', 'junit'] as const;
const DEFAULT_URL = 'http://127.0.0.1:4010';

interface ReadinessArgs {
  url: unknown;
  key?: unknown;
  session?: unknown;
  format: (typeof FORMATS)[number];
  adminToken?: unknown;
}

export function readinessCommand(io: CliIo, result: { exitCode: number }): CommandModule<object, ReadinessArgs> {
  return {
    command: 'readiness',
    describe: 'Print how a client handled the failures it met (GET /__sandbox/readiness); exit 0 only when ready',
    builder: (yargs: Argv) =>
      withFlags(clientOptions(yargs, READ_OPTIONS), READINESS_OPTIONS)
        .option('url', { describe: 'Address of the running sandbox', type: 'string', default: DEFAULT_URL, requiresArg: true })
        .option('session', { describe: 'Grade this session (ses_0001, ses_0002, ...) instead of the main sandbox', type: 'string', requiresArg: true })
        .option('format', {
          describe: 'table for people, json for scripts, junit for CI systems (one test case per check)',
          choices: FORMATS,
          default: 'table' as const,
          requiresArg: true,
        })
        .option('admin-token', {
          describe: `The token of a sandbox started with --admin-token; also read from $${ADMIN_TOKEN_ENV}`,
          type: 'string',
          requiresArg: true,
        })
        .check((argv) => {
          parseSandboxUrl(argv.url);
          flagValues(argv, READINESS_OPTIONS);
          if (argv.session !== undefined) parseSessionId(argv.session);
          if (argv.adminToken !== undefined) parseAdminToken(argv.adminToken);
          return true;
        })
        .example('$0 readiness', 'Grade the requests the sandbox at http://127.0.0.1:4010 received')
        .example('$0 readiness --session ses_0001 --format json', 'Grade one session, as JSON')
        .example('$0 readiness --key sk_test_full_access', 'Grade one client: the requests sent with that key')
        .example('$0 readiness --url https://sandbox.ci.example --timeout 30000', 'Give a slow sandbox 30 s to answer; an answer past --max-body-bytes is refused')
        .example('$0 readiness --format junit > readiness.xml', 'Write a JUnit report for CI; the exit code says whether the client is ready')
        .epilogue('Exit code: 0 ready, 1 not ready, incomplete, or no report (the message says why).') as unknown as Argv<ReadinessArgs>,
    handler: async (argv) => {
      // Every key or token given is masked in what the command prints, a server's echo of it too.
      const out = maskedIo(io, [argv.adminToken, process.env[ADMIN_TOKEN_ENV]]);
      try {
        const { key } = flagValues(argv, READINESS_OPTIONS);
        const session = argv.session === undefined ? undefined : parseSessionId(argv.session);
        const report = await fetchReport(parseSandboxUrl(argv.url), session, key, adminTokenOf(argv.adminToken), parseClientArgs(argv as Record<string, unknown>, READ_OPTIONS));
        out.stdout.write(format(report, argv.format));
        result.exitCode = report.verdict === 'ready' ? 0 : 1;
      } catch (error) {
        out.stderr.write(`esim-sandbox readiness: ${messageOf(error)}\n`);
        result.exitCode = 1;
      }
    },
  };
}

function format(report: ReadinessReport, as: ReadinessArgs['format']): string {
  if (as === 'json') return `${JSON.stringify(report, null, 2)}\n`;
  if (as === 'junit') return formatReadinessJunit(report);
  return formatReadinessTable(report);
}

async function fetchReport(origin: string, session: string | undefined, key: string | undefined, adminToken: string | undefined, limits: ReadLimits): Promise<ReadinessReport> {
  const path = session === undefined ? '/__sandbox/readiness' : `/__sandbox/sessions/${session}/readiness`;
  const query = key === undefined ? '' : `?${new URLSearchParams({ key })}`;
  // Loaded here: the other commands, serve first, start without the client.
  const { boundedFetch } = await import('../client/bounded-read.js');
  const url = new URL(`${origin}${path}${query}`);
  let response: Awaited<ReturnType<typeof boundedFetch>>;
  try {
    const headers: Record<string, string> = adminToken === undefined ? {} : { authorization: `Bearer ${adminToken}` };
    response = await boundedFetch(url, { headers }, { ...limits, urlOption: '--url' });
  } catch (error) {
    const unreached = error instanceof Error && (error as { answered?: boolean }).answered === false;
    const message = messageOf(error);
    throw new Error(unreached ? `${message}${/[.?!]$/.test(message) ? '' : '.'} Start one with "esim-sandbox serve --scenario readiness-drill", or pass its address with --url` : message);
  }
  if (response.status >= 300 && response.status < 400) {
    const to = response.headers.get('location');
    throw new Error(
      `${origin}${path} answered a redirect (${response.status}${to ? ` to ${to}` : ''}), which readiness does not follow: the admin token goes to --url only. Give the sandbox's own address as --url`,
    );
  }
  const body = parseAnswerJson(response.text) as { success?: boolean; data?: unknown; error?: { code?: string; message?: string } } | undefined;
  if (response.status !== 200 || body?.success !== true) {
    const why = body?.error ? `${response.status} ${body.error.code}: ${body.error.message}` : `${response.status} without the admin envelope`;
    throw new Error(`${origin}${path} answered ${why}${response.status === 401 ? ' (pass the token with --admin-token)' : ''}`);
  }
  if (!isReport(body.data)) throw new Error(`${origin}${path} answered no readiness report: is it an esim-sandbox of this version?`);
  return body.data;
}

function isReport(value: unknown): value is ReadinessReport {
  const report = value as Partial<ReadinessReport> | undefined;
  return typeof report?.verdict === 'string' && typeof report.scenario === 'string' && Array.isArray(report.checks);
}

/** The origin of a sandbox; its API base URL (…/api/v1) or admin address (…/__sandbox) names it too. */
function parseSandboxUrl(value: unknown): string {
  const text = typeof value === 'string' ? value.trim() : '';
  if (/^https?:\/\/[^/]/i.test(text) && URL.canParse(text)) return text.replace(/\/+$/, '').replace(/\/(api\/v1|__sandbox)$/, '');
  const got = Array.isArray(value) ? 'it was given more than once' : `got ${JSON.stringify(value)}`;
  throw new Error(`--url must be the http(s) address of a running sandbox (${got}); pass e.g. --url ${DEFAULT_URL}`);
}

function parseSessionId(value: unknown): string {
  if (typeof value === 'string' && /^ses_\d+$/.test(value)) return value;
  const got = Array.isArray(value) ? 'it was given more than once' : `got ${JSON.stringify(value)}`;
  throw new Error(`--session must be a session id as POST /__sandbox/sessions answers it (${got}); pass e.g. --session ses_0001`);
}
