import { writeFile } from 'node:fs/promises';
import type { Argv, CommandModule } from 'yargs';
import type { CliIo } from './cli-io.js';

interface ExportArgs {
  url: string;
  session?: string;
  out?: string;
  'admin-token'?: string;
}

const ADMIN_TOKEN_ENV = 'ESIM_SANDBOX_ADMIN_TOKEN';

/**
 * `esim-sandbox export`: the state of a running sandbox (or of one of its sessions) as a scenario file,
 * from `GET /__sandbox/state?format=scenario`. Exit code 0 when written, 2 when the server cannot be
 * reached, 1 when it refuses.
 */
export function exportCommand(io: CliIo, result: { exitCode: number }): CommandModule<object, ExportArgs> {
  return {
    command: 'export',
    describe: 'Write the state of a running sandbox as a scenario file that reproduces its reads',
    builder: (yargs: Argv) =>
      yargs
        .option('url', {
          describe: 'The sandbox server, e.g. http://127.0.0.1:4010 (its API URL, ending in /api/v1, does as well)',
          type: 'string',
          demandOption: 'give --url, e.g. --url http://127.0.0.1:4010',
          requiresArg: true,
        })
        .option('session', { describe: 'Export this session (ses_0001) instead of the main sandbox', type: 'string', requiresArg: true })
        .option('out', { describe: 'The file to write; default: standard output', type: 'string', requiresArg: true })
        .option('admin-token', { describe: `The server's admin token; also read from $${ADMIN_TOKEN_ENV}`, type: 'string', requiresArg: true })
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
      const path = argv.session === undefined ? '/__sandbox/state' : `/__sandbox/sessions/${argv.session}/state`;
      const url = `${serverOrigin(argv.url)}${path}?format=scenario`;
      let response: Response;
      try {
        response = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
      } catch (error) {
        io.stderr.write(`esim-sandbox export: no answer from ${url} (${causeOf(error)}); is "esim-sandbox serve" running there?\n`);
        result.exitCode = 2;
        return;
      }
      const answer = (await response.json().catch(() => undefined)) as { data?: unknown; error?: { code: string; message: string } } | undefined;
      if (!response.ok || answer?.data === undefined) {
        const why = answer?.error ? `${answer.error.code}: ${answer.error.message}` : `status ${response.status}, not the admin API's answer`;
        io.stderr.write(`esim-sandbox export: ${url} refused: ${why}\n`);
        result.exitCode = 1;
        return;
      }
      const text = `${JSON.stringify(answer.data, null, 2)}\n`;
      if (argv.out === undefined) io.stdout.write(text);
      else {
        await writeFile(argv.out, text);
        io.stdout.write(`wrote ${argv.out}: scenario "${(answer.data as { name: string }).name}"\n`);
      }
      result.exitCode = 0;
    },
  };
}

/** `http://127.0.0.1:4010/api/v1` → `http://127.0.0.1:4010`. */
function serverOrigin(value: unknown): string {
  const text = typeof value === 'string' ? value : '';
  if (/^https?:\/\/[^/]/.test(text) && URL.canParse(text)) return new URL(text).origin;
  throw new Error(`--url must be the http(s) URL of a sandbox server, such as http://127.0.0.1:4010 (got ${JSON.stringify(value)})`);
}

function causeOf(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error as Error).message;
}
