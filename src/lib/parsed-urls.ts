/** How many distinct URLs are kept parsed; past it the memo starts afresh. */
const KEPT_URLS = 256;

const parsed = new Map<string, URL>();

/**
 * `new URL(text)`, parsed once for a URL asked again: a client asks for the same few URLs over and over, and
 * parsing one cost as much as answering a small read. The URL is shared: it is read, never changed.
 */
export function parsedUrl(text: string): URL {
  let url = parsed.get(text);
  if (url === undefined) {
    url = new URL(text);
    if (parsed.size >= KEPT_URLS) parsed.clear();
    parsed.set(text, url);
  }
  return url;
}

const pathsAndQueries = new WeakMap<URL, string>();

/** `url.pathname + url.search`, made once for a URL parsed once: the journal then keeps the same string. */
export function pathAndQuery(url: URL): string {
  let text = pathsAndQueries.get(url);
  if (text === undefined) pathsAndQueries.set(url, (text = url.pathname + url.search));
  return text;
}
