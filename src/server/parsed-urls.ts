import { ParsedUrl } from '../lib/parsed-url.js';

/** How many distinct URLs are kept parsed; past it the memo starts afresh. */
const KEPT_URLS = 256;

const parsed = new Map<string, ParsedUrl>();

/**
 * `new URL(text)`, parsed once for a URL asked again: a client asks for the same few URLs over and over, and
 * parsing one cost as much as answering a small read.
 */
export function parsedUrlOf(text: string): ParsedUrl {
  let url = parsed.get(text);
  if (url === undefined) {
    url = new ParsedUrl(new URL(text));
    if (parsed.size >= KEPT_URLS) parsed.clear();
    parsed.set(text, url);
  }
  return url;
}
