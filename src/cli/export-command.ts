import type { Argv, CommandModule } from 'yargs';
import { maskSecrets } from '../lib/mask-api-key.js';
import { maskedIo, messageOf, type CliIo } from './cli-io.js';
import { EXPORT_OPTIONS } from '../client/client-limits.js';
import { ADMIN_TOKEN_ENV } from './admin-token-option.js';
import { clientOptions, parseClientArgs, parseAnswerJson } from './service-options.js';

interface ExportArgs {
  url: string;
  session?: string;
  out?: string;
  'admin-token'?: string;
  replaceSpecial: boolean;
}

/** Exit code 0 when written, 2 when the server cannot be reached or its answer is too slow or too large, 1 otherwise. */
export function exportCommand(io: CliIo, result: { exitCode: number }): CommandModule<object, ExportArgs> {
  return {
    command: 'export',
    describe: 'Write the state of a running sandbox as a scenario file that reproduces its reads',
    builder: (yargs: Argv) =>
      clientOptions(yargs, EXPORT_OPTIONS)
        .option('url', {
          describe: 'The sandbox server, e.g. http://127.0.0.1:4010 (its API URL, ending in /api/v1, does as well)',
          type: 'string',
          demandOption: 'give --url, e.g. --url http://127.0.0.1:4010',
          requiresArg: true,
        })
        .option('session', { describe: 'Export this session (ses_0001) instead of the main sandbox', type: 'string', requiresArg: true })
        .option('out', {
          describe:
            'The file to write (it holds every API key in full); default: standard output. An existing file is replaced by a new one, readable by you only (0600); a symlink is refused',
          type: 'string',
          requiresArg: true,
        })
        .option('admin-token', { describe: `The server's admin token; also read from $${ADMIN_TOKEN_ENV}. Sent to --url only: a redirect is not followed`, type: 'string', requiresArg: true })
        .check((argv) => {
          serverOrigin(argv.url);
          if (argv.session !== undefined && !/^ses_\d+$/.test(String(argv.session))) {
            throw new Error(`--session takes a session id such as ses_0001 (got ${JSON.stringify(argv.session)})`);
          }
          return true;
        })
        .example('$0 export --url http://127.0.0.1:4010 --out state.json', 'Write the state of the sandbox at port 4010')
        .example('$0 serve --scenario state.json --seed 1', 'Serve it again later: the reads answer as they did') as unknown as Argv<ExportArgs>,
    handler: async (argv) => {
      const token = argv['admin-token'] ?? process.env[ADMIN_TOKEN_ENV];
      // The token is masked in what the command prints, a server's echo of it too; the scenario's API keys are kept.
      const out = maskedIo(io, [token], { stdout: 'given' });
      const limits = parseClientArgs(argv, EXPORT_OPTIONS);
      const path = argv.session === undefined ? '/__sandbox/state' : `/__sandbox/sessions/${argv.session}/state`;
      const url = new URL(`${serverOrigin(argv.url)}${path}?format=scenario`);
      const output = argv.out === undefined ? undefined : { option: '--out', file: argv.out, replaceSpecial: argv.replaceSpecial };
      const [{ boundedFetch }, { checkOutputFile, writePrivateFile }] = await Promise.all([import('../client/bounded-read.js'), import('../verify/private-file.js')]);
      // Exit code 2 while the server is asked (unreachable, too slow, too large an answer), 1 for any other failure.
      let exitCode = 1;
      try {
        if (output) await checkOutputFile(output);
        exitCode = 2;
        const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
        const response = await boundedFetch(url, { headers }, { timeoutMs: limits.timeoutMs, maxBodyBytes: limits.maxBodyBytes, urlOption: '--url' });
        exitCode = 1;
        const scenario = scenarioOf(response, url);
        // The admin token has no place in a scenario: masked should a server have put it in one.
        const text = maskSecrets(`${JSON.stringify(scenario, null, 2)}\n`, token ? [token] : []);
        if (!output) out.stdout.write(text);
        else {
          await writePrivateFile(output, text);
          out.stdout.write(`wrote ${output.file} (readable by you only: it holds the API keys): scenario "${scenario.name}"\n`);
        }
        result.exitCode = 0;
      } catch (error) {
        out.stderr.write(`esim-sandbox export: ${messageOf(error)}\n`);
        result.exitCode = exitCode;
      }
    },
  };
}

/** The admin API's scenario in the answer; throws why there is none: a redirect (never followed), a refusal, or another body. */
function scenarioOf(response: { status: number; headers: Headers; text: string }, url: URL): { name: string } {
  if (response.status >= 300 && response.status < 400) {
    const to = response.headers.get('location');
    throw new Error(`${url.href} answered a redirect (${response.status}${to ? ` to ${to}` : ''}), which export does not follow: the admin token goes to --url only. Give the server's own address as --url`);
  }
  const answer = parseAnswerJson(response.text) as { data?: { name?: unknown }; error?: { code: string; message: string } } | undefined;
  if (response.status === 200 && typeof answer?.data === 'object' && answer.data !== null && typeof answer.data.name === 'string') return answer.data as { name: string };
  const why = answer?.error ? `${answer.error.code}: ${answer.error.message}` : `status ${response.status}, not the admin API's answer (a scenario with a name)`;
  throw new Error(`${url.href} refused: ${why}`);
}

/** `http://127.0.0.1:4010/api/v1` → `http://127.0.0.1:4010`. */
function serverOrigin(value: unknown): string {
  const text = typeof value === 'string' ? value : '';
  if (/^https?:\/\/[^/]/.test(text) && URL.canParse(text)) return new URL(text).origin;
  throw new Error(`--url must be the http(s) URL of a sandbox server, such as http://127.0.0.1:4010 (got ${JSON.stringify(value)})`);
}
