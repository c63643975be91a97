import { isPlainPath } from './plain-path.js';

/** How many distinct URLs are kept parsed; past it the memo starts afresh. */
const KEPT_URLS = 256;

/**
 * A request's URL, parsed once, with the parts a call reads kept as strings: each read of a `URL`'s `pathname`
 * or `search` makes a new string, which the route table then hashes again. Shared: read, never changed.
 */
export class ParsedUrl {
  readonly pathname: string;
  readonly search: string;
  /** `pathname + search`: the journal keeps this very string. */
  readonly pathAndQuery: string;
  /** Whether the path has nothing a reader could resolve to another path (`isPlainPath`), scanned once per URL. */
  readonly plainPath: boolean;

  constructor(readonly url: URL) {
    this.pathname = url.pathname;
    this.search = url.search;
    this.pathAndQuery = this.pathname + this.search;
    this.plainPath = isPlainPath(this.pathname);
  }

  get searchParams(): URLSearchParams {
    return this.url.searchParams;
  }

  get origin(): string {
    return this.url.origin;
  }
}

const parsed = new Map<string, ParsedUrl>();

/**
 * `new URL(text)`, parsed once for a URL asked again: a client asks for the same few URLs over and over, and
 * parsing one cost as much as answering a small read.
 */
export function parsedUrl(text: string): ParsedUrl {
  let url = parsed.get(text);
  if (url === undefined) {
    url = new ParsedUrl(new URL(text));
    if (parsed.size >= KEPT_URLS) parsed.clear();
    parsed.set(text, url);
  }
  return url;
}
