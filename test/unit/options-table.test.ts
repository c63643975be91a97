import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { createSandbox, createSandboxHost, type SandboxHostOptions, type SandboxOptions } from 'esim-wholesale-sandbox';
import { startServer, type StartServerOptions } from 'esim-wholesale-sandbox/server';
import { CHAOS_FLAGS } from '../../src/cli/chaos-options.js';
import { OPTION_LISTS } from '../../src/cli/run.js';
import { SERVE_OPTIONS } from '../../src/cli/serve-command.js';
import type { OptionDefinition } from '../../src/lib/options/option-kinds.js';
import { optionsMarkdown } from '../../src/lib/options/options-markdown.js';
import { SANDBOX_OPTIONS } from '../../src/sandbox-options.js';
import { SERVER_OPTIONS } from '../../src/server/server-options.js';
import { HOST_OPTIONS } from '../../src/sessions/host-options.js';
import { resolveServiceOptions, SERVICE_OPTIONS } from '../../src/verify/fidelity-options.js';
import { cli } from '../support/cli.js';
import { DOC_FILES } from '../support/doc-files.js';

const root = path.resolve(import.meta.dirname, '../..');
type Bounded = OptionDefinition & { kind: 'integer' | 'decimal'; min: number; max: number };
const bounded = (table: Record<string, OptionDefinition>) =>
  Object.entries(table).filter((entry): entry is [string, Bounded] => entry[1].kind === 'integer' || entry[1].kind === 'decimal');

/** Calls the library with one option, as a partner's code would: the sandbox, the host or the server it belongs to. */
async function libraryRefusal(key: string, value: unknown): Promise<string> {
  try {
    if (key in SERVER_OPTIONS) await (await startServer({ port: 0, [key]: value }))[Symbol.asyncDispose]();
    else if (key in HOST_OPTIONS) await createSandboxHost({ [key]: value })[Symbol.asyncDispose]();
    else await createSandbox({ [key]: value })[Symbol.asyncDispose]();
  } catch (error) {
    return (error as Error).message;
  }
  return 'accepted';
}

describe('the options table', () => {
  it('gives the library types their options, one each', () => {
    expectTypeOf<keyof SandboxOptions>().toEqualTypeOf<keyof typeof SANDBOX_OPTIONS>();
    expectTypeOf<keyof SandboxHostOptions>().toEqualTypeOf<keyof typeof SANDBOX_OPTIONS | keyof typeof HOST_OPTIONS>();
    expectTypeOf<keyof StartServerOptions>().toEqualTypeOf<keyof typeof SERVE_OPTIONS>();
    expectTypeOf<StartServerOptions['shutdownGraceMs']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<StartServerOptions['allowedHosts']>().toEqualTypeOf<readonly string[] | undefined>();
  });

  it('lists every flag of the table in serve --help, with its default', async () => {
    const { stdout } = await cli('serve', '--help');
    for (const definition of Object.values(SERVE_OPTIONS)) {
      if (definition.flag === undefined) continue;
      const line = stdout.split('\n').findIndex((text) => text.trimStart().startsWith(`--${definition.flag} `));
      expect(line, `--${definition.flag} in serve --help`).toBeGreaterThan(-1);
      const shown = definition.defaultText ?? definition.default;
      if (shown !== undefined) expect(stdout.replace(/\s+/g, ' '), `default of --${definition.flag}`).toMatch(new RegExp(`\\[default: ${escape(String(shown))}\\]`));
    }
  });

  it.each(bounded(SERVE_OPTIONS))('refuses %s past either bound, in the library and on the command line alike', async (key, definition) => {
    for (const value of [definition.min - 1, definition.max + 1]) {
      const range = `from ${definition.min} to ${(definition as { maxText?: string }).maxText ?? definition.max} (got `;
      expect(await libraryRefusal(key, value)).toContain(`${key} must be `);
      expect(await libraryRefusal(key, value)).toContain(range);
      const { exitCode, stderr } = await cli('serve', `--${definition.flag}`, String(value));
      expect(exitCode).toBe(1);
      expect(stderr).toContain(`--${definition.flag} must be `);
      expect(stderr).toContain(`${range}"${value}")`);
    }
  });

  it.each(bounded(CHAOS_FLAGS))('refuses serve\'s chaos flag %s past either bound, naming the range', async (_key, definition) => {
    for (const value of [definition.min - 1, definition.max + 1]) {
      const rate = definition.flag === 'chaos' ? [] : ['--chaos', '0.1'];
      const { exitCode, stderr } = await cli('serve', ...rate, `--${definition.flag}`, String(value));
      expect(exitCode).toBe(1);
      expect(stderr).toContain(`--${definition.flag} must be `);
      expect(stderr).toContain(`from ${definition.min} to ${definition.max} (got "${value}")`);
    }
  });

  it.each(bounded(SERVICE_OPTIONS))('refuses verify and record %s past either bound, in the library and on the command line alike', async (key, definition) => {
    for (const value of [definition.min - 1, definition.max + 1]) {
      const range = `from ${definition.min} to ${(definition as { maxText?: string }).maxText ?? definition.max} (got `;
      expect(() => resolveServiceOptions({ baseUrl: 'http://127.0.0.1:9/api/v1', apiKey: 'k', [key]: value })).toThrow(`${key} must be `);
      expect(() => resolveServiceOptions({ baseUrl: 'http://127.0.0.1:9/api/v1', apiKey: 'k', [key]: value })).toThrow(range);
      const { exitCode, stderr } = await cli('verify', '--base-url', 'http://127.0.0.1:9/api/v1', '--api-key', 'k', `--${definition.flag}`, String(value));
      expect(exitCode).toBe(1);
      expect(stderr).toContain(`--${definition.flag} must be `);
      expect(stderr).toContain(`${range}"${value}")`);
    }
  });

  it.each(Object.entries(OPTION_LISTS))('is the %s option list of the docs, as npm run docs:options writes it', (name, table) => {
    const [start, end] = [`<!-- options:${name} -->`, `<!-- /options:${name} -->`];
    const holders = DOC_FILES.filter((file) => readFileSync(path.join(root, file), 'utf8').includes(start));
    expect(holders, `one file of the docs holds the ${name} options`).toHaveLength(1);
    const text = readFileSync(path.join(root, holders[0]!), 'utf8');
    const block = text.slice(text.indexOf(start) + start.length, text.indexOf(end));
    expect(block.trim(), `${holders[0]} is out of date: run npm run docs:options`).toBe(optionsMarkdown(table));
  });
});

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
