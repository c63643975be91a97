import type { SandboxContext } from '../domain/context.js';
import { ApiError } from '../domain/api-error.js';
import { authorize } from '../domain/auth.js';
import type { ApiRequest } from './api-request.js';
import { successAnswer } from './envelope.js';
import type { Answer } from './outcome.js';
import { checkPathEncoding } from './path-encoding.js';
import { pathSpellingRefusal } from './path-spelling.js';
import { readQuery } from './query.js';
import { CALLS } from './calls/index.js';
import { readJsonBody } from './read-json-body.js';
import { API_BODY } from './request-rules.js';
import type { ApiRoute, CallRoute, RouteFacts } from './route.js';
import { parseFields } from './unknown-fields.js';
import { methodRefusal } from './route-map.js';
import { notFoundMessage } from './not-found-message.js';
import type { ParsedUrl } from './parsed-url.js';

/**
 * Answers one call of the imitated API, `route` being the route its path names. Checks run in the
 * service's order: route (its path taken only written out, as the standalone server takes it), method, key, KYC,
 * scope, the call's query (and body) by the call's rules, then the call's own. HEAD is answered as GET (the
 * transport leaves the body out). What the route learns for the journal goes to `facts`.
 * A refusal is thrown, or rejects the promise of a route that waits.
 */
export function handleApiRequest(
  ctx: SandboxContext,
  request: ApiRequest,
  url: ParsedUrl,
  route: ApiRoute | undefined,
  now: number,
  facts: RouteFacts = {},
): Answer | Promise<Answer> {
  const misspelt = pathSpellingRefusal(url.pathname, url.plainPath);
  if (misspelt) throw misspelt;
  checkPathEncoding(url.pathname);
  if (route?.kind !== 'call') {
    throw new ApiError('NOT_FOUND', notFoundMessage(request.method, url.pathname, url.origin));
  }
  const refusal = methodRefusal(route, request.method);
  if (refusal) throw refusal;
  const caller = authorize(ctx.store, request.headers.get('x-api-key'), route.scope);
  const query = parseFields(route.query, readQuery(url), ctx.behavior, facts);
  const input: Parameters<CallRoute['handle']>[1] = { caller, query, body: undefined, request, now, facts };
  const { body } = route;
  if (body) {
    return readJsonBody(request, API_BODY).then(async (json) => {
      input.body = parseFields(body, json, ctx.behavior, facts);
      return successAnswer(await route.handle(ctx, input));
    });
  }
  const data = route.handle(ctx, input);
  // Only a call that takes a body waits (for it): a read is answered in the same turn.
  return data instanceof Promise ? data.then(successAnswer) : successAnswer(data);
}
