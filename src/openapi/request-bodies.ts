import { CREATE_ORDER_BODY } from '../contract/request-shapes.js';
import type { RequestBodyObject } from './openapi-types.js';
import { schemaOf } from './schema-of.js';

export const REQUEST_BODIES: Record<string, RequestBodyObject> = {
  CreateOrder: { required: true, content: { 'application/json': { schema: schemaOf(CREATE_ORDER_BODY) } } },
};
