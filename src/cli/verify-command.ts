import type { Argv, CommandModule } from 'yargs';
import type { CliIo } from './cli-io.js';
import { API_KEY_ENV, runServiceCommand, serviceOptions, type ServiceArgs } from './service-options.js';

interface VerifyArgs extends ServiceArgs {
  report?: string;
  replaceSpecial: boolean;
}

export function verifyCommand(io: CliIo, result: { exitCode: number }): CommandModule<object, VerifyArgs> {
  return {
    command: 'verify',
    describe: 'Check a deployment of the service against the contract and the sandbox (read-only unless --orders)',
    builder: (yargs: Argv) =>
      serviceOptions(yargs)
        .option('report', {
          describe: 'Also write the findings as JSON to this file. An existing file is replaced by a new one, readable by you only (0600); a symlink is refused',
          type: 'string',
          requiresArg: true,
        })
        .example(`${API_KEY_ENV}=<key> $0 verify --base-url https://api.example.com/api/v1`, 'Check every read route; nothing is bought')
        .example('$0 verify --base-url https://api.example.com/api/v1 --orders --report verify.json', 'Also check idempotency with one order of 1 eSIM, and write the report')
        .epilogue('Exit code: 0 every answer checked conforms (differences where the spec is open are not failures), 1 an answer breaks the contract, ' +
            '2 the service could not be checked: unreachable, too slow for --timeout or --budget, an answer over --max-body-bytes, no answer in the API\'s envelope or every route 404 (check --base-url), ' +
            'the key refused on every route, every answer rate-limited, or answers that cannot be judged (they vary between identical requests: a random mock; or different requests get identical ones: a static server).') as unknown as Argv<VerifyArgs>,
    handler: (argv) =>
      runServiceCommand(io, result, 'verify', argv, async (options, out, log) => {
        // Loaded here: the other commands, serve first, start without the checks.
        const { verifyService, formatVerifyReport, writeJsonFile, checkOutputFile } = await import('../verify/index.js');
        const output = argv.report === undefined ? undefined : { option: '--report', file: argv.report, replaceSpecial: argv.replaceSpecial };
        if (output) await checkOutputFile(output);
        const report = await verifyService({ ...options, log });
        out.stdout.write(`\n${formatVerifyReport(report)}`);
        if (output) {
          await writeJsonFile(output, report);
          log(`Report written to ${argv.report}.`);
        }
        return report.exitCode;
      }),
  };
}
