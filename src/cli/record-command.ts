import type { Argv, CommandModule } from 'yargs';
import type { CliIo } from './cli-io.js';
import { API_KEY_ENV, runServiceCommand, serviceOptions, type ServiceArgs } from './service-options.js';

interface RecordArgs extends ServiceArgs {
  out: string;
  replaceSpecial: boolean;
  keepSecrets: boolean;
  name?: string;
}

export function recordCommand(io: CliIo, result: { exitCode: number }): CommandModule<object, RecordArgs> {
  return {
    command: 'record',
    describe: 'Record what an API key sees of a deployment as a scenario file (read-only unless --orders)',
    builder: (yargs: Argv) =>
      serviceOptions(yargs)
        .option('out', {
          describe:
            'The scenario file to write (it holds the API key: keep it out of version control). An existing file is replaced by a new one, readable by you only (0600); a symlink is refused; nothing is written when the run fails',
          type: 'string',
          demandOption: 'give --out, e.g. --out recorded.json',
          requiresArg: true,
        })
        .option('keep-secrets', {
          describe: 'Keep the eSIMs of past orders as issued (ICCIDs, activation codes, phone numbers); by default the sandbox issues new ones',
          type: 'boolean',
          default: false,
        })
        .option('name', { describe: 'The scenario name (kebab-case); default recorded-<host>', type: 'string', requiresArg: true })
        .check((argv) => {
          if (argv.name !== undefined && !/^[a-z0-9][a-z0-9-]*$/.test(String(argv.name))) {
            throw new Error(`--name must be kebab-case, e.g. --name partner-staging (got ${JSON.stringify(argv.name)})`);
          }
          return true;
        })
        .example(`${API_KEY_ENV}=<key> $0 record --base-url https://api.example.com/api/v1 --out recorded.json`, 'Record the account, catalogue, payments and orders the key sees')
        .example('$0 serve --scenario recorded.json', 'Then serve them: the reads answer as the service did')
        .epilogue(
          'Exit code: 0 the file is written and can be trusted (identical requests got identical answers, different ones the answers the spec says; the behaviours carried over are the service\'s), ' +
            '3 the file is written but cannot be trusted (the answers vary between identical requests, or the server looks static, or nothing could be sent twice to tell): no behaviour is carried over, ' +
            '1 nothing to record (the account rate-limited) or --out cannot be written, ' +
            '2 the service could not be checked (unreachable, too slow for --timeout or --budget, an answer over --max-body-bytes, no answer in the API\'s envelope, the key refused on every route). ' +
            'Nothing is written when the exit code is 1 or 2.',
        ) as unknown as Argv<RecordArgs>,
    handler: (argv) =>
      runServiceCommand(io, result, 'record', argv, async (options, out, log) => {
        const { recordScenario, formatRecordResult } = await import('../verify/index.js');
        const recorded = await recordScenario({
          ...options,
          log,
          out: argv.out,
          keepSecrets: argv.keepSecrets,
          replaceSpecial: argv.replaceSpecial,
          ...(argv.name !== undefined && { name: argv.name }),
        });
        out.stdout.write(`\n${formatRecordResult(recorded, argv.out)}`);
        return recorded.trustworthy ? 0 : 3;
      }),
  };
}
