/**
 * What the imitated API reads of a request. A web `Request` is one; the HTTP server passes a lighter one
 * for a request without a body, which spares copying every header into a `Headers` per request.
 */
export interface ApiRequest {
  readonly method: string;
  /** Absolute URL. */
  readonly url: string;
  readonly headers: { get(name: string): string | null };
  readonly body: ReadableStream<Uint8Array> | null;
  /** A web `Request` of this request, where it is not one already. */
  toRequest?(): Request;
}

/** A web `Request` of `request`, for the few places that need a real one (a sandbox without the answer path). */
export function toFetchRequest(request: ApiRequest): Request {
  if (request instanceof Request) return request;
  if (request.toRequest) return request.toRequest();
  throw new TypeError('a request of the API must be a Request or give one with toRequest()');
}
