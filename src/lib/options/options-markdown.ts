import { expectation } from './check-options.js';
import type { OptionDefinition, OptionTable } from './option-kinds.js';

export function optionsMarkdown(table: OptionTable): string {
  const rows = Object.entries(table).map(([key, definition]) =>
    [flagOf(definition), `\`${key}\``, defaultOf(definition), expectation(definition), definition.doc].map(cell).join(' | '),
  );
  return ['| flag | option | default | takes | what it does |', '| --- | --- | --- | --- | --- |', ...rows.map((row) => `| ${row} |`)].join('\n');
}

const flagOf = (definition: OptionDefinition) => (definition.flag === undefined ? '(code only)' : `\`--${definition.flag}\``);

function defaultOf(definition: OptionDefinition): string {
  if (definition.defaultText !== undefined) return definition.defaultText;
  return definition.default === undefined ? 'none' : `\`${String(definition.default)}\``;
}

const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ');

/** Replaces what is between `<!-- options:<name> -->` and `<!-- /options:<name> -->`; throws when they are missing. */
export function withOptionsBlock(text: string, name: string, markdown: string): string {
  const start = `<!-- options:${name} -->`;
  const end = `<!-- /options:${name} -->`;
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  if (from < 0 || to < from) throw new Error(`no ${start} … ${end} block to write the options into`);
  return `${text.slice(0, from + start.length)}\n${markdown}\n${text.slice(to)}`;
}
