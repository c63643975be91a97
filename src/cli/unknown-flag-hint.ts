import { closestName } from '../lib/closest-name.js';

/**
 * A line for each flag of `argv` the command does not know but has a close name for: `--prot: did you mean
 * --port?`. Printed under whatever yargs refused, an unknown argument or a required one that the misspelt flag
 * was meant to give. `known` are the option names of the command that ran (their camelCase twins left out).
 */
export function unknownFlagHints(known: readonly string[], argv: readonly string[]): string[] {
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
