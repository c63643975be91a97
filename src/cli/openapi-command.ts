import type { Argv, CommandModule } from 'yargs';
import { createOpenApiDocument } from '../openapi-examples.js';
import { DEFAULT_SERVER_URL } from '../openapi/openapi-document.js';
import type { CliIo } from './cli-io.js';

interface OpenApiArgs {
  format: 'json' | 'yaml';
  'server-url': string;
}

export function openapiCommand(io: CliIo, result: { exitCode: number }): CommandModule<object, OpenApiArgs> {
  return {
    command: 'openapi',
    describe: 'Print the OpenAPI 3.0.3 document of the API',
    builder: (yargs: Argv) =>
      yargs
        .option('format', { describe: 'Output format', choices: ['json', 'yaml'] as const, default: 'json' as const, requiresArg: true })
        .option('server-url', {
          describe: 'Base URL named in the document\'s servers, ending in /api/v1',
          type: 'string',
          default: DEFAULT_SERVER_URL,
          requiresArg: true,
        })
        .check((argv) => {
          parseServerUrl(argv['server-url']);
          return true;
        })
        .example('$0 openapi > openapi.json', 'Write the document as JSON')
        .example('$0 openapi --format yaml --server-url http://127.0.0.1:4011/api/v1', 'As YAML, for a sandbox on port 4011') as Argv<OpenApiArgs>,
    handler: async (argv) => {
      const document = await createOpenApiDocument({ serverUrl: parseServerUrl(argv['server-url']) });
      // yaml is loaded only here: every other command, serve first, starts without it.
      const { stringify } = argv.format === 'yaml' ? await import('yaml') : { stringify: undefined };
      // Shared sub-objects are written out in full each time rather than as YAML anchors and aliases.
      io.stdout.write(stringify ? stringify(document, { aliasDuplicateObjects: false }) : `${JSON.stringify(document, null, 2)}\n`);
      result.exitCode = 0;
    },
  };
}

function parseServerUrl(value: unknown): string {
  const text = typeof value === 'string' ? value : '';
  if (/^https?:\/\/[^/]/.test(text) && URL.canParse(text)) return text.replace(/\/+$/, '');
  throw new Error(`--server-url must be an http(s) URL such as ${DEFAULT_SERVER_URL} (got ${JSON.stringify(value)})`);
}
