// The text of src/contract/call-names.ts: the names of the calls of src/api/calls, in their order, for the layers
// below the API (a scenario's faults, the readiness checks) that cannot import the calls. Written by
// `npm run openapi` (scripts/write-openapi.ts); test/api/calls.test.ts fails when the file is out of date.

export function renderCallNames(names: readonly string[]): string {
  return [
    '// Written by `npm run openapi` from the list of calls (src/api/calls/index.ts): do not edit. The layers below the',
    '// API (scenario faults, readiness) name calls from it; test/api/calls.test.ts fails when it is out of date.',
    `export const CALL_NAMES = ${JSON.stringify(names).replaceAll(',', ', ')} as const;`,
    '',
  ].join('\n');
}
