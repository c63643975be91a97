import type { OptionDefinition, OptionTable, OptionValues } from './option-kinds.js';

/** How a caller spells an option in messages: `journalSize: 1000` for the library, `--journal-size 1000` for the CLI. */
export interface OptionSpelling {
  name(key: string, definition: OptionDefinition): string;
  example(key: string, definition: OptionDefinition, value: unknown): string;
}

const LIBRARY_SPELLING: OptionSpelling = {
  name: (key) => key,
  example: (key, _definition, value) => `${key}: ${JSON.stringify(value)}`,
};

/** Fills in defaults; throws a `RangeError` naming the option as `spelling` does, with what it must be and an example. */
export function checkOptions<Table extends OptionTable>(
  table: Table,
  given: OptionValues<Table>,
  spelling: OptionSpelling = LIBRARY_SPELLING,
): OptionValues<Table> {
  const checked: Record<string, unknown> = {};
  for (const [key, definition] of Object.entries(table)) {
    const value = (given as Record<string, unknown>)[key];
    checked[key] = value === undefined ? definition.default : checkOption(key, definition, value, spelling);
  }
  return checked as OptionValues<Table>;
}

/** `given` is what the caller wrote, when it was converted (a flag's text). */
export function checkOption(key: string, definition: OptionDefinition, value: unknown, spelling: OptionSpelling, given = value): unknown {
  const checked = checkedValue(definition, value);
  if (checked !== undefined) return checked;
  const got = Array.isArray(given) ? gotInList(definition, given) : `got ${shown(given)}`;
  const example = definition.example ?? definition.default;
  const exampleText = definition.kind === 'integer' && definition.exampleText !== undefined ? ` ${definition.exampleText}` : '';
  const suggestion = example === undefined ? '' : `; pass e.g. ${spelling.example(key, definition, example)}${exampleText}`;
  const hint = definition.hint === undefined ? '' : `, ${definition.hint}`;
  throw new RangeError(`${spelling.name(key, definition)} must be ${expectation(definition)} (${got})${suggestion}${hint}`);
}

/** In its canonical form, or undefined. */
function checkedValue(definition: OptionDefinition, value: unknown): unknown {
  switch (definition.kind) {
    case 'integer':
      return Number.isSafeInteger(value) && inRange(value as number, definition) ? value : undefined;
    case 'decimal':
      return typeof value === 'number' && inRange(value, definition) ? value : undefined;
    case 'text':
      if (typeof value !== 'string') return definition.passOthers && typeof value === 'object' && value !== null ? value : undefined;
      return (definition.normalize ?? visible)(value);
    case 'texts': {
      if (!Array.isArray(value)) return undefined;
      const items = value.map((item) => (typeof item === 'string' ? (definition.normalize ?? visible)(item) : undefined));
      return items.includes(undefined) ? undefined : items;
    }
    case 'switch':
      return typeof value === 'boolean' ? value : undefined;
    case 'code':
      return definition.accepts(value) ? value : undefined;
  }
}

export function expectation(definition: OptionDefinition): string {
  switch (definition.kind) {
    case 'integer': {
      const range = `from ${definition.min} to ${definition.maxText ?? definition.max}`;
      if (definition.unit === 'ms') return `a whole number of milliseconds ${range}`;
      if (definition.unit === 'seconds' || definition.unit === 'MiB' || (definition.unit === 'bytes' && definition.unitInMessage)) return `a whole number of ${definition.unit} ${range}`;
      return `an integer ${range}`;
    }
    case 'decimal':
      return `a number from ${definition.min} to ${definition.max}`;
    case 'switch':
      return 'true or false';
    default:
      return definition.expected;
  }
}

/** A list where one value was expected (a flag given twice), or the first item of a list that is not one. */
function gotInList(definition: OptionDefinition, list: unknown[]): string {
  if (definition.kind !== 'texts') return 'it was given more than once';
  const bad = list.find((item) => checkedValue({ ...definition, kind: 'text' }, item) === undefined);
  return `got ${shown(bad)}`;
}

const inRange = (value: number, { min, max }: { min: number; max: number }) => value >= min && value <= max;

const visible = (text: string) => (text.trim() === '' ? undefined : text);

function shown(value: unknown): string {
  if (typeof value === 'function') return 'a function';
  return JSON.stringify(value) ?? String(value);
}
