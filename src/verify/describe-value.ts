/** A value as a message shows it: `a string ("233")`, `the number 1.5`, `null`, `an object`. */
export function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (value === undefined) return 'nothing';
  if (Array.isArray(value)) return `an array of ${value.length}`;
  switch (typeof value) {
    case 'string':
      return `a string (${preview(JSON.stringify(value))})`;
    case 'number':
      return `the number ${value}`;
    case 'boolean':
      return String(value);
    default:
      return 'an object';
  }
}

/** The start of a text, on one line, at most 60 characters: `"<!DOCTYPE html><html><head>…"`. */
export function preview(text: string, max = 60): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length <= max ? line : `${line.slice(0, max - 1)}…`;
}
