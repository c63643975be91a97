import { isPlainPath } from './plain-path.js';

/**
 * A request's URL, parsed once, with the parts a call reads kept as strings: each read of a `URL`'s `pathname`
 * or `search` makes a new string, which the route table then hashes again. Read, never changed: the server keeps
 * those of the URLs asked for again (src/server/parsed-urls.ts).
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
