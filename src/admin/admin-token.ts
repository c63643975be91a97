import { createHash, timingSafeEqual } from 'node:crypto';
import { ApiError } from '../domain/api-error.js';

/** How a client sends the admin token: `Authorization: Bearer <token>` or `x-admin-token: <token>`. */
export interface AdminCredentials {
  authorization?: string | undefined;
  'x-admin-token'?: string | string[] | undefined;
}

/**
 * Whether a request may use the admin API of a server started with `adminToken`: undefined when it may,
 * else the 401 to answer. The comparison takes the same time whatever the token sent.
 */
export function checkAdminToken(expected: string, credentials: AdminCredentials): ApiError | undefined {
  const bearer = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(credentials.authorization ?? '')?.[1];
  const header = credentials['x-admin-token'];
  const sent = bearer ?? (typeof header === 'string' ? header.trim() : undefined);
  if (sent !== undefined && sameSecret(sent, expected)) return undefined;
  const problem = sent === undefined ? 'no admin token was sent' : 'the admin token sent is not the one this server was started with';
  return new ApiError(
    'UNAUTHORIZED',
    `The admin API needs the admin token: ${problem}. Send "Authorization: Bearer <token>" or "x-admin-token: <token>" ` +
      'with the token given to --admin-token (adminToken in startServer).',
  );
}

function sameSecret(a: string, b: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(a), digest(b));
}
