/**
 * Each read of a `URL`'s `pathname` or `search` makes a new string, which the route table hashes again. Never
 * changed: the server keeps those of URLs asked for again (src/server/node-bridge.ts).
 */
export class ParsedUrl {
  readonly pathname: string;
  readonly search: string;
  /** `pathname + search`: the journal keeps this very string. */
  readonly pathAndQuery: string;
  /** `isPlainPath`, scanned once per URL. */
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

/**
 * No `.`, `%`, `\`, `#` or `//` up to the `?`: no reader can resolve it to another path. One scan, on every call's
 * hot path (~50 ns for 20 characters on a loaded 2-core machine).
 */
export function isPlainPath(target: string): boolean {
  let previous = 0;
  for (let i = 0; i < target.length; i++) {
    const code = target.charCodeAt(i);
    if (code === 63 /* ? */) return true;
    if (code === 46 /* . */ || code === 37 /* % */ || code === 92 /* \ */ || code === 35 /* # */ || (code === 47 /* / */ && previous === 47)) {
      return false;
    }
    previous = code;
  }
  return true;
}
