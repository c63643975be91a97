import { checkAdminToken } from '../admin/admin-token.js';
import { isJsonMediaType } from '../api/read-json-body.js';
import { ApiError } from '../domain/api-error.js';
import { truncateText } from '../lib/json-preview.js';
import { RecentMemo } from '../lib/recent-memo.js';
import type { Area } from './areas.js';
import type { NodeRequestHead } from './node-bridge.js';
import { hostNameOfHeader, isLoopbackHost, normalizeHostName } from './host-names.js';

/** What a server lets through, fixed once it listens. */
interface GuardPolicy {
  /** The host names a `Host` header may name; undefined when any is taken (a server open to other machines). */
  hostNames?: ReadonlySet<string>;
  adminToken?: string;
}

export interface GuardOptions {
  /** The address the server listens on (`127.0.0.1`, `::1`, `0.0.0.0`). */
  boundAddress: string;
  /** Further names a loopback server answers to, besides its address and `localhost`. */
  allowedHosts?: readonly string[];
  adminToken?: string;
}

/**
 * On a loopback address only the server's own names are taken in `Host`: a page of another site whose name a DNS
 * server points at 127.0.0.1 (DNS rebinding) sends its own name, and is refused.
 */
export function guardPolicy({ boundAddress, allowedHosts = [], adminToken }: GuardOptions): GuardPolicy {
  if (!isLoopbackHost(boundAddress)) return { adminToken };
  const names = [boundAddress, 'localhost', ...allowedHosts].map((name) => normalizeHostName(name));
  return { adminToken, hostNames: new Set(names.filter((name) => name !== undefined)) };
}

/** Methods a page of any site may send another without asking first (no CORS preflight), and that change nothing. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Undefined when the request may pass. */
export function refusalOf(area: Area, request: NodeRequestHead, policy: GuardPolicy): ApiError | undefined {
  return hostRefusal(request, policy) ?? originRefusal(area, request) ?? (area === 'admin' ? adminRefusal(request, policy) : undefined);
}

/** The last Host header read, and the name in it: a client sends the same one on every request. */
const HOST_NAMES = new RecentMemo(1, 1024, hostNameOfHeader);

/** A request without `Host` is left to the HTTP layer; one naming a host this server does not answer to is refused. */
function hostRefusal({ headers }: NodeRequestHead, { hostNames }: GuardPolicy): ApiError | undefined {
  if (hostNames === undefined || headers.host === undefined) return undefined;
  const name = HOST_NAMES.get(headers.host);
  if (name !== undefined && hostNames.has(name)) return undefined;
  return new ApiError(
    'FORBIDDEN_HOST',
    `The Host header names ${JSON.stringify(truncateText(headers.host))}, which this server does not answer to: listening on a loopback ` +
      `address it answers only to ${[...hostNames].join(', ')}, so that a page of another site cannot reach it under its own name ` +
      '(DNS rebinding). Call it by one of those names, or start it with --allowed-host <name> (allowedHosts in startServer).',
  );
}

/** Clients that are no browser send no `Origin`; the server's own pages (`/docs`) send its own. */
function originRefusal(area: Area, { method, headers, encrypted }: NodeRequestHead): ApiError | undefined {
  const origin = headers.origin;
  if (origin === undefined || (area !== 'admin' && SAFE_METHODS.has(method))) return undefined;
  const own = `${encrypted ? 'https' : 'http'}://${headers.host ?? ''}`;
  if (URL.canParse(origin) && URL.canParse(own) && new URL(origin).origin === new URL(own).origin) return undefined;
  const what = area === 'admin' ? 'the admin API takes requests' : 'a request that changes the sandbox is taken';
  return new ApiError(
    'FORBIDDEN_ORIGIN',
    `This request was sent by a page of another origin (Origin: ${truncateText(origin)}), and ${what} only from this ` +
      "server's own pages or from clients that send no Origin header (test code, curl). Send it from your tests or your backend instead.",
  );
}

function adminRefusal(request: NodeRequestHead, { adminToken }: GuardPolicy): ApiError | undefined {
  return (adminToken === undefined ? undefined : checkAdminToken(adminToken, request.headers)) ?? mediaTypeRefusal(request);
}

/**
 * A page of any site may POST a form or text body to any other unasked; a JSON one needs the server's consent (a
 * CORS preflight), which this server never gives. A DELETE without a body, never sent unasked, needs no type.
 */
function mediaTypeRefusal({ method, headers, hasBody }: NodeRequestHead): ApiError | undefined {
  if (SAFE_METHODS.has(method) || (method !== 'POST' && !hasBody)) return undefined;
  const contentType = headers['content-type'];
  if (contentType !== undefined && isJsonMediaType(contentType)) return undefined;
  const got = contentType === undefined ? 'none was sent' : `got ${JSON.stringify(truncateText(contentType))}`;
  return new ApiError(
    'UNSUPPORTED_MEDIA_TYPE',
    `Admin requests that change the sandbox take JSON only: send Content-Type: application/json (${got}), ` +
      `with a JSON body or none (curl -H 'content-type: application/json'). Form and text bodies are refused, since any web page can send those.`,
  );
}
