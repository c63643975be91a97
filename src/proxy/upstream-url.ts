/**
 * The base URL of the service a proxy forwards to, as `--upstream` takes it: http or https, no user or password,
 * no query or fragment, its path (e.g. `/api/v1`) without a trailing slash. Undefined when the text is none.
 */
export function normalizeUpstream(text: string): string | undefined {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  if (url.username !== '' || url.password !== '' || url.search !== '' || url.hash !== '') return undefined;
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}
