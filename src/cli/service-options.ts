import type { Argv } from 'yargs';
import { checkOptions } from '../lib/options/check-options.js';
import { OUTPUT_OPTIONS, type READ_OPTIONS } from '../client/client-limits.js';
import { SERVICE_OPTIONS } from '../verify/fidelity-options.js';
import { maskedIo, messageOf, type CliIo } from './cli-io.js';
import { flagValues, withFlags } from './option-flags.js';

/** The options `verify` and `record` share, as parsed: checked by `parseServiceArgs`. */
export type ServiceArgs = Record<string, unknown>;

export const API_KEY_ENV = 'ESIM_API_KEY';

/** The flags of `verify` and `record`: the service's, then --replace-special for the file they write. */
export function serviceOptions<T>(yargs: Argv<T>) {
  return withFlags(withFlags(yargs, SERVICE_OPTIONS), OUTPUT_OPTIONS)
    .demandOption('base-url', 'give --base-url, e.g. --base-url https://api.example.com/api/v1')
    .check((argv) => {
      flagValues(argv, SERVICE_OPTIONS);
      return true;
    });
}

function parseServiceArgs(argv: ServiceArgs) {
  const options = flagValues(argv, SERVICE_OPTIONS);
  const fromEnv = process.env[API_KEY_ENV];
  const apiKey = options.apiKey ?? (fromEnv === undefined || fromEnv === '' ? undefined : flagValues({ 'api-key': fromEnv }, SERVICE_OPTIONS).apiKey);
  if (apiKey === undefined) throw new Error(`give the API key with --api-key <key> or in $${API_KEY_ENV} (which keeps it out of the process list)`);
  return { ...options, baseUrl: options.baseUrl!, apiKey };
}

export function clientOptions<T, Table extends typeof READ_OPTIONS>(yargs: Argv<T>, table: Table) {
  return withFlags(yargs, table).check((argv) => {
    flagValues(argv, table);
    return true;
  });
}

export function parseClientArgs<Table extends typeof READ_OPTIONS>(argv: Record<string, unknown>, table: Table) {
  return checkOptions(table, flagValues(argv, table)) as Required<ReturnType<typeof flagValues<Table>>>;
}

/** A failure's exit code is 2 when the service could not be checked (unreachable, too slow, too large an answer, not the API), else 1. */
export async function runServiceCommand(
  io: CliIo,
  result: { exitCode: number },
  command: string,
  argv: ServiceArgs,
  body: (options: ReturnType<typeof parseServiceArgs>, out: CliIo, log: (line: string) => void) => Promise<number>,
): Promise<void> {
  const out = maskedIo(io, [argv['api-key'], process.env[API_KEY_ENV]]);
  try {
    result.exitCode = await body(parseServiceArgs(argv), out, (line) => out.stdout.write(`${line}\n`));
  } catch (error) {
    out.stderr.write(`esim-sandbox ${command}: ${messageOf(error)}\n`);
    const name = (error as Error | undefined)?.name;
    result.exitCode = name === 'ServiceUnreachable' || name === 'NotTheApi' || name === 'KeyRefused' ? 2 : 1;
  }
}

/** An answer's JSON; undefined when it is none. */
export function parseAnswerJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
