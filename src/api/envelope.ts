import { ApiError } from '../domain/api-error.js';

const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8' };

export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { ...JSON_HEADERS, ...headers } });
}

export function successResponse(data: unknown): Response {
  return jsonResponse(200, { success: true, data });
}

export function errorResponse(error: ApiError): Response {
  return jsonResponse(
    error.status,
    { success: false, error: { code: error.code, message: error.message } },
    error.headers,
  );
}

/** Any thrown value as an error envelope; an unexpected one becomes a 500 without internals in the body. */
export function toErrorResponse(thrown: unknown, log: (message: string) => void = console.error): Response {
  if (thrown instanceof ApiError) return errorResponse(thrown);
  log(thrown instanceof Error ? (thrown.stack ?? thrown.message) : String(thrown));
  return errorResponse(new ApiError('INTERNAL_ERROR', 'The sandbox failed to answer this request; see its log.'));
}
