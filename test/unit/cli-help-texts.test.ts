import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { collectHelpTexts, type HelpText } from '../../src/cli/quick-answers.js';
import { run } from '../../src/cli/run.js';
import { builtFile } from '../support/built-package.js';

const stored = builtFile('dist/bin/help.json');

describe('the help texts the bin prints without yargs (dist/bin/help.json, written by the build)', () => {
  it('are every help text yargs prints now, byte for byte', async () => {
    const texts = JSON.parse(readFileSync(stored, 'utf8')) as HelpText[];
    expect(texts).toEqual(await collectHelpTexts(run));
  });

  it('cover --help and -h at the top and after each command and subcommand', async () => {
    const asked = (await collectHelpTexts(run)).map(({ argv }) => argv.join(' '));
    for (const command of ['', 'serve ', 'scenarios ', 'scenarios list ', 'scenarios show ', 'scenarios validate ', 'openapi ', 'readiness ']) {
      expect(asked).toContain(`${command}--help`);
      expect(asked).toContain(`${command}-h`);
    }
  });
});
