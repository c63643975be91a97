import { describe, expect, it } from 'vitest';
import { cli } from '../support/cli.js';

/**
 * yargs lays out the help of the command it runs as soon as the handler starts, serve included; the bundle
 * measures printable ASCII without loading string-width (scripts/bundle-cli.ts), which keeps ~40 ms off
 * serve's start. One "…" in an option's text put it back, so every help text stays ASCII.
 */
const COMMANDS = [[], ['serve'], ['scenarios'], ['scenarios', 'list'], ['scenarios', 'show'], ['scenarios', 'validate'], ['openapi'], ['verify'], ['record'], ['readiness']];

describe('help texts', () => {
  it.each(COMMANDS.map((command) => [command.join(' ') || '(top)', command] as const))('of %s are printable ASCII', async (_name, command) => {
    const { stdout, exitCode } = await cli(...command, '--help');
    expect(exitCode).toBe(0);
    const outside = [...new Set(stdout.replace(/[\x20-\x7e\n]/g, ''))];
    expect(outside).toEqual([]);
  });
});
