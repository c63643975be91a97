/** How much of a value an error message quotes. */
export const PREVIEW_CHARS = 60;
/** Structures deeper than this are shown as `[…]` / `{…}`: a client may nest a body 100,000 levels deep. */
const PREVIEW_DEPTH = 8;

/**
 * The start of `JSON.stringify(value)`, at most `PREVIEW_CHARS` characters (`...` marks a cut), computed
 * without walking more of the value than it shows, so a huge or deeply nested value costs nothing extra
 * and cannot overflow the stack.
 */
export function jsonPreview(value: unknown): string {
  if (value === undefined) return 'undefined'; // as `${JSON.stringify(undefined)}` reads
  let text = '';
  const full = () => text.length > PREVIEW_CHARS;
  const write = (item: unknown, depth: number): void => {
    if (full()) return;
    if (Array.isArray(item)) {
      if (depth >= PREVIEW_DEPTH) return void (text += '[…]');
      text += '[';
      for (let i = 0; i < item.length && !full(); i++) {
        if (i > 0) text += ',';
        write(item[i] === undefined ? null : item[i], depth + 1);
      }
      text += ']';
    } else if (item !== null && typeof item === 'object') {
      if (depth >= PREVIEW_DEPTH) return void (text += '{…}');
      text += '{';
      let first = true;
      for (const key of Object.keys(item)) {
        if (full()) break;
        const entry = (item as Record<string, unknown>)[key];
        if (entry === undefined || typeof entry === 'function') continue;
        text += `${first ? '' : ','}${JSON.stringify(key)}:`;
        first = false;
        write(entry, depth + 1);
      }
      text += '}';
    } else {
      text += JSON.stringify(item) ?? 'null';
    }
  };
  write(value, 0);
  return truncateText(text);
}

/** `text` itself, or its first characters and `...` when it is longer than `PREVIEW_CHARS`. */
export function truncateText(text: string): string {
  return text.length > PREVIEW_CHARS ? `${text.slice(0, PREVIEW_CHARS - 3)}...` : text;
}

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
