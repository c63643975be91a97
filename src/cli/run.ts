import yargs from 'yargs';
import { EXPORT_OPTIONS } from '../client/client-limits.js';
import { closestName } from '../lib/closest-name.js';
import { READINESS_OPTIONS } from '../readiness-options.js';
import { SERVICE_OPTIONS } from '../verify/fidelity-options.js';
import { CHAOS_FLAGS } from './chaos-options.js';
import { type CliIo, processIo } from './cli-io.js';
import { exportCommand } from './export-command.js';
import { openapiCommand } from './openapi-command.js';
import { PROXY_COMMAND_OPTIONS, proxyCommand } from './proxy-command.js';
import { packageVersion } from '../lib/package-files.js';
import { readinessCommand } from './readiness-command.js';
import { recordCommand } from './record-command.js';
import { scenariosCommand } from './scenarios-command.js';
import { SERVE_OPTIONS, serveCommand } from './serve-command.js';
import { verifyCommand } from './verify-command.js';

/** The option lists the docs show, by the name of their block (`<!-- options:serve -->`). */
export const OPTION_LISTS = { serve: SERVE_OPTIONS, chaos: CHAOS_FLAGS, service: SERVICE_OPTIONS, export: EXPORT_OPTIONS, readiness: READINESS_OPTIONS, proxy: PROXY_COMMAND_OPTIONS } as const;

/** Runs the `esim-sandbox` command line (arguments without the node and script paths); resolves to the exit code. */
export async function run(argv: string[], io: Partial<CliIo> = {}): Promise<number> {
  const cli: CliIo = { ...processIo, ...io };
  const result = { exitCode: 0 };
  let helpOrVersion = '';
  const parser = yargs();
  skipHelpLayout(parser);
  try {
    await parser
      .scriptName('esim-sandbox')
      .usage('$0 <command> [options]\n\nA deterministic imitation of the eSIM wholesale provisioning API.')
      .command(serveCommand(cli, result))
      .command(scenariosCommand(cli, result))
      .command(openapiCommand(cli, result))
      .command(verifyCommand(cli, result))
      .command(recordCommand(cli, result))
      .command(proxyCommand(cli, result))
      .command(readinessCommand(cli, result))
      .command(exportCommand(cli, result))
      .demandCommand(1, 'Give a command, for example: esim-sandbox serve')
      .example('$0 serve --port 4010 --scenario default', 'Serve the API at http://127.0.0.1:4010/api/v1')
      .example('$0 scenarios validate ./my-scenario.json', 'Check a scenario file before serving it')
      .example('$0 openapi --format yaml', 'Print the OpenAPI document of the API')
      .example('$0 verify --base-url https://api.example.com/api/v1', 'Check a deployment against the contract and the sandbox')
      .example('$0 record --base-url https://api.example.com/api/v1 --out recorded.json', 'Record what a key sees as a scenario')
      .example('$0 proxy --upstream https://staging.example.com/api/v1', 'Check your client and the real service against the contract, both ways')
      .example('$0 readiness --format junit', 'Grade how your client handled the drill (serve --scenario readiness-drill)')
      .example('$0 export --url http://127.0.0.1:4010 --out state.json', 'Write the state of a running sandbox as a scenario')
      .strict()
      // Option values stay strings so that a command can refuse "0x10" or "1e3" where it wants a plain integer.
      .parserConfiguration({ 'parse-numbers': false })
      .help()
      .alias('help', 'h')
      .version(packageVersion())
      .wrap(100)
      // English whatever the machine's locale, as the bundled command always printed (it cannot find yargs'
      // translations), so that the help texts stored at build time are the ones yargs prints.
      .locale('en')
      .fail((message, error) => {
        // getOptions is yargs' (its types leave it out): the options of the command that ran, when a command ran.
        const hints = unknownFlagHints(Object.keys((parser as unknown as { getOptions(): { key: object } }).getOptions().key), argv);
        throw new UsageError([message || error?.message || 'invalid arguments', ...hints].join('\n'));
      })
      .parseAsync(argv, {}, (_error, _argv, output) => {
        helpOrVersion = output;
      });
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    cli.stderr.write(`esim-sandbox: ${error.message}\nRun "esim-sandbox --help" for the commands and options.\n`);
    return 1;
  }
  if (helpOrVersion) cli.stdout.write(`${helpOrVersion}\n`);
  return result.exitCode;
}

/**
 * yargs lays out the help of the command it runs right after starting its handler, to print it should the command
 * fail later: ~10 ms of a `serve` that has yet to answer. Our failures print their message and a pointer to
 * `--help` (the fail hook above), never that help, so the layout is skipped; `--help` itself is laid out as before.
 */
function skipHelpLayout(parser: ReturnType<typeof yargs>): void {
  const internals = parser as unknown as { getInternalMethods(): { getUsageInstance(): { cacheHelpMessage(): void } } };
  internals.getInternalMethods().getUsageInstance().cacheHelpMessage = () => {};
}

/** Arguments yargs refused; thrown from its fail hook so that no command runs. */
class UsageError extends Error {}

/**
 * `--prot: did you mean --port?`, printed under whatever yargs refused: an unknown argument, or a required one the
 * misspelt flag was meant to give. `known` are the option names of the command that ran.
 */
function unknownFlagHints(known: readonly string[], argv: readonly string[]): string[] {
  const flags = known.filter((name) => name.length > 1 && /^[a-z0-9-]+$/.test(name));
  const hints: string[] = [];
  for (const arg of argv) {
    if (arg === '--') break;
    if (!arg.startsWith('--')) continue;
    const name = arg.slice(2).split('=')[0]!;
    if (known.includes(name) || (name.startsWith('no-') && known.includes(name.slice(3)))) continue;
    const meant = closestName(name, flags);
    if (meant !== undefined) hints.push(`--${name}: did you mean --${meant}?`);
  }
  return hints;
}
