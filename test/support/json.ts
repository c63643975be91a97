import type { components, paths } from 'esim-wholesale-sandbox';

/**
 * Types of the JSON bodies tests read, from the OpenAPI document's generated types (the package's `paths` and
 * `components`), so that a test reading a field the document does not have fails to type-check.
 */

/** The document's schemas: `Schemas['Product']`, `Schemas['Order']`, … */
export type Schemas = components['schemas'];

/** The route of an API path with its query (`/getProducts?limit=1` → `/getProducts`). */
type RouteOf<Path extends string> = Path extends `${infer Route}?${string}` ? Route : Path;

/** The `data` of a route's success envelope; `unknown` for a path the document does not have. */
export type SuccessData<Path extends string> =
  RouteOf<Path> extends keyof paths
    ? NonNullable<paths[RouteOf<Path>]['get'] | paths[RouteOf<Path>]['post']>['responses'][200]['content']['application/json']['data']
    : unknown;

declare const dataType: unique symbol;

/**
 * A `Response` of an API call that carries, as a type only, what its success `data` is: `expectSuccess` reads
 * it from there. Nothing is added to the response itself.
 */
export interface ApiResponse<Data> extends Response {
  readonly [dataType]?: Data;
}

/**
 * The envelope of an answer of the API or the admin API, as a test reads it before it knows which kind it got:
 * `data` (as the test expects it) on a success, `error` on a failure.
 */
export interface Envelope<Data = unknown> {
  success: boolean;
  data?: Data;
  error?: Schemas['ErrorDetail'];
}

/**
 * The JSON body of an answer (a fetch `Response`, an undici body) as the test expects it. The type is the
 * test's claim, checked by its assertions, not a validation.
 */
export async function json<Body = Envelope>(body: { json(): Promise<unknown> }): Promise<Body> {
  return (await body.json()) as Body;
}
