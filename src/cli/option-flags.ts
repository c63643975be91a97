import type { Argv, Options } from 'yargs';
import { checkOption, type OptionSpelling } from '../lib/options/check-options.js';
import type { OptionDefinition, OptionTable, OptionValues } from '../lib/options/option-kinds.js';

export const FLAG_SPELLING: OptionSpelling = {
  name: (_key, definition) => `--${definition.flag}`,
  example: (_key, definition, value) => (Array.isArray(value) ? value : [value]).map((item) => `--${definition.flag} ${item}`).join(' '),
};

/** Only the options of `table` that have a `flag`. */
export function withFlags<T>(yargs: Argv<T>, table: OptionTable): Argv<T> {
  for (const definition of Object.values(table)) {
    if (definition.flag !== undefined) yargs.option(definition.flag, yargsOption(definition));
  }
  return yargs;
}

function yargsOption(definition: OptionDefinition): Options {
  const shown = definition.defaultText ?? (definition.default === undefined ? undefined : String(definition.default));
  const common = { describe: definition.doc.replaceAll('`', ''), defaultDescription: shown };
  switch (definition.kind) {
    case 'switch':
      return { ...common, type: 'boolean', default: definition.default ?? false };
    case 'texts':
      return { ...common, type: 'string', array: true, requiresArg: true };
    default:
      // Numbers are read as text and checked here, so that `1e3` or `0x10` is refused rather than converted.
      return { ...common, type: 'string', requiresArg: true };
  }
}

/** Checked, with defaults left to the library; throws a message naming the flag, what it must be and an example. */
export function flagValues<Table extends OptionTable>(argv: Record<string, unknown>, table: Table): OptionValues<Table> {
  const values: Record<string, unknown> = {};
  for (const [key, definition] of Object.entries(table)) {
    if (definition.flag === undefined || argv[definition.flag] === undefined) continue;
    const given = argv[definition.flag];
    values[key] = checkOption(key, definition, fromText(definition, given), FLAG_SPELLING, given);
  }
  return values as OptionValues<Table>;
}

/** A flag's text as the value its kind takes; a text that is no number stays as it is, for the check to refuse. */
function fromText(definition: OptionDefinition, given: unknown): unknown {
  if (typeof given !== 'string') return given;
  if (definition.kind === 'integer' && /^\d+$/.test(given)) return Number(given);
  if (definition.kind === 'decimal' && /^\d+(\.\d+)?$/.test(given)) return Number(given);
  return given;
}
