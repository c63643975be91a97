const PREVIEW_CHARS = 60;
/** Structures deeper than this are shown as `[…]` / `{…}`: a client may nest a body 100,000 levels deep. */
const PREVIEW_DEPTH = 8;

/** Walks no more of the value than it shows, so a huge or deeply nested value cannot overflow the stack. */
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

export function truncateText(text: string): string {
  return text.length > PREVIEW_CHARS ? `${text.slice(0, PREVIEW_CHARS - 3)}...` : text;
}

/** As an error message shows it after "got"; an object is named by its kind only. */
export function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return value.length === 0 ? 'an empty array' : `an array: ${jsonPreview(value)}`;
  if (typeof value === 'object') return 'an object';
  return truncateText(typeof value === 'string' ? JSON.stringify(value) : String(value));
}
