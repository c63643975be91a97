import { CALL_NAMES } from './call-names.js';

/** The OpenAPI document, its `servers` naming the base address it was asked at: it describes the API rather than calls it, so it needs no key and is no call. */
export const DOCUMENT_ROUTE = { kind: 'document', method: 'GET', path: '/openapi.json' } as const;

/** A call's name, of src/api/calls through call-names.ts (the calls themselves are above this layer). */
export type CallName = (typeof CALL_NAMES)[number];
export type CallPath = `/${CallName}`;

/** The paths of the calls, in the spec's order: what a scenario's fault may name as its `route`. */
export const CALL_PATHS: readonly CallPath[] = CALL_NAMES.map((name) => `/${name}` as const);
