import type { Argv, CommandModule } from 'yargs';
import type { ReadinessReport } from '../domain/readiness/report.js';
import { formatReadinessJunit } from '../domain/readiness/report-junit.js';
import { formatReadinessTable } from '../domain/readiness/report-table.js';
import { ADMIN_TOKEN_ENV, adminTokenOf, parseAdminToken } from './admin-token-option.js';
import type { CliIo } from './cli-io.js';
import { flagValues, withFlags } from './option-flags.js';
import { READINESS_OPTIONS } from '../readiness-options.js';

const FORMATS = ['table', 'json', 'junit'] as const;
const DEFAULT_URL = 'http://127.0.0.1:4010';
const TIMEOUT_MS = 10_000;

interface ReadinessArgs {
  url: unknown;
  key?: unknown;
  session?: unknown;
  format: (typeof FORMATS)[number];
  adminToken?: unknown;
}

/**
 * `esim-sandbox readiness`: prints the readiness report of a running sandbox (or of one of its sessions). Exit
 * code 0 only when the verdict is `ready`, so that a CI job fails otherwise.
 */
export function readinessCommand(io: CliIo, result: { exitCode: number }): CommandModule<object, ReadinessArgs> {
  return {
    command: 'readiness',
    describe: 'Print how a client handled the failures it met (GET /__sandbox/readiness); exit 0 only when ready',
    builder: (yargs: Argv) =>
      withFlags(yargs, READINESS_OPTIONS)
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
        .example('$0 readiness --format junit > readiness.xml', 'Write a JUnit report for CI; the exit code says whether the client is ready')
        .epilogue('Exit code: 0 ready, 1 not ready, incomplete, or no report (the message says why).') as unknown as Argv<ReadinessArgs>,
    handler: async (argv) => {
      try {
        const { key } = flagValues(argv, READINESS_OPTIONS);
        const session = argv.session === undefined ? undefined : parseSessionId(argv.session);
        const report = await fetchReport(parseSandboxUrl(argv.url), session, key, adminTokenOf(argv.adminToken));
        io.stdout.write(format(report, argv.format));
        result.exitCode = report.verdict === 'ready' ? 0 : 1;
      } catch (error) {
        io.stderr.write(`esim-sandbox readiness: ${error instanceof Error ? error.message : String(error)}\n`);
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

async function fetchReport(origin: string, session: string | undefined, key: string | undefined, adminToken: string | undefined): Promise<ReadinessReport> {
  const path = session === undefined ? '/__sandbox/readiness' : `/__sandbox/sessions/${session}/readiness`;
  const query = key === undefined ? '' : `?${new URLSearchParams({ key })}`;
  let response: Response;
  try {
    response = await fetch(`${origin}${path}${query}`, {
      headers: adminToken === undefined ? {} : { authorization: `Bearer ${adminToken}` },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).message;
    throw new Error(
      `cannot reach a sandbox at ${origin} (${cause}); start one with "esim-sandbox serve --scenario readiness-drill", or pass its address with --url`,
    );
  }
  const body = (await response.json().catch(() => undefined)) as { success?: boolean; data?: unknown; error?: { code?: string; message?: string } } | undefined;
  if (!response.ok || body?.success !== true) {
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
