import { bodyNameOf, type DocumentedCall } from './operations.js';
import type { RequestBodyObject } from './openapi-types.js';
import { schemaOf } from './schema-of.js';

/** The request bodies of the calls that take one, by the name their operations give them. */
export function requestBodiesOf(calls: readonly DocumentedCall[]): Record<string, RequestBodyObject> {
  const bodies: Record<string, RequestBodyObject> = {};
  for (const call of calls) {
    if (call.body) bodies[bodyNameOf(call)] = { required: true, content: { 'application/json': { schema: schemaOf(call.body.schema) } } };
  }
  return bodies;
}
