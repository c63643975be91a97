import { jsonPreview, truncateText } from './json-preview.js';

/**
 * A value as an error message shows it after "got": a string quoted, a number or boolean as written (cut
 * at 60 characters), an array by the start of its JSON, an object and nothing by kind.
 */
export function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return value.length === 0 ? 'an empty array' : `an array: ${jsonPreview(value)}`;
  if (typeof value === 'object') return 'an object';
  return truncateText(typeof value === 'string' ? JSON.stringify(value) : String(value));
}
