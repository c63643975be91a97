import { optionsAnswer } from './allow-header.js';
import { errorAnswer, jsonAnswer } from './envelope.js';
import type { Answer } from './outcome.js';
import type { ApiRoute } from './route.js';
import { methodRefusal } from './route-map.js';
import type { ParsedUrl } from '../lib/parsed-url.js';
import type { RecordedExamples } from '../openapi/openapi-types.js';

/**
 * The answer to a request that describes the API rather than calls it: OPTIONS on a route (204 and
 * `Allow`), and the OpenAPI document (GET and HEAD; another method gets the 405 of any route). It needs no
 * key, and makes no journal entry, no clock step, and meets no rate limit or fault. Undefined for a call,
 * HEAD included (a GET whose body the transport leaves out), and for a path that is no route. The document's
 * `examples` are recorded by the sandbox layer, at the first ask.
 */
export function describingAnswer(route: ApiRoute | undefined, method: string, url: ParsedUrl, examples: () => Promise<RecordedExamples>): Answer | Promise<Answer> | undefined {
  if (!route) return undefined;
  if (method === 'OPTIONS') return optionsAnswer([route.method]);
  if (route.kind === 'call') return undefined;
  const refusal = methodRefusal(route, method);
  return refusal ? errorAnswer(refusal) : examples().then((recorded) => jsonAnswer(200, route.handle(url, recorded)));
}
