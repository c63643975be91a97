import { z } from 'zod';
import { SCOPES } from '../../../src/contract/scopes.js';
import { fieldRules } from '../../../src/api/parse-input.js';
import { defineCall } from '../../../src/api/route.js';

/** The scopes of the calling key; with `scope`, whether it carries that one. */
export const getKeyScopes = defineCall({
  name: 'getKeyScopes',
  method: 'GET',
  scope: 'balance:read',
  summary: 'The scopes of the calling API key',
  description: 'The account of the key and the scopes it carries; with `scope`, whether it carries that one.',
  query: fieldRules('query', z.strictObject({ scope: z.enum(SCOPES).optional().meta({ description: 'A scope to ask about.' }) }), {
    scope: `one of ${SCOPES.join(', ')}`,
  }),
  examples: { query: { scope: 'orders:write' } },
  success: {
    type: 'object',
    required: ['success', 'data'],
    properties: {
      success: { type: 'boolean', enum: [true] },
      data: {
        type: 'object',
        required: ['accountId', 'scopes'],
        additionalProperties: false,
        properties: {
          accountId: { type: 'string', format: 'uuid' },
          scopes: { type: 'array', items: { type: 'string', enum: [...SCOPES] } },
          carries: { type: 'boolean' },
        },
      },
    },
  },
  handle: (_ctx, { caller, query }) => ({
    accountId: caller.account.id,
    scopes: caller.apiKey.scopes,
    ...(query.scope !== undefined && { carries: caller.apiKey.scopes.includes(query.scope) }),
  }),
});
