import { ApiError } from '../domain/api-error.js';

/**
 * A stream request a browser sent for a page of another site, or in `no-cors` mode, which sends no `Origin`
 * on a GET: the page cannot read the stream, but each one it opens holds a slot and memory. Browsers say so
 * in `Sec-Fetch-Site` and `Sec-Fetch-Mode`; clients that are no browser send neither.
 */
export function crossSiteRefusal(header: (name: string) => string | null): ApiError | undefined {
  const site = header('sec-fetch-site');
  const mode = header('sec-fetch-mode');
  if (site !== 'cross-site' && site !== 'same-site' && mode !== 'no-cors') return undefined;
  const said = [site !== null && `Sec-Fetch-Site: ${site}`, mode !== null && `Sec-Fetch-Mode: ${mode}`].filter(Boolean).join(', ');
  return new ApiError(
    'FORBIDDEN_ORIGIN',
    `This event stream was asked for by a page of another site or in no-cors mode (${said.slice(0, 200)}), which cannot read it: ` +
      "event streams are for this server's own pages and for clients that are no browser (test code, curl).",
  );
}
