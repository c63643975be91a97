import { ApiError } from '../domain/api-error.js';
import { logFailure } from '../lib/log-failure.js';
import type { Answer } from './outcome.js';
import { RenderedJson } from '../lib/rendered-json.js';

const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

export function jsonAnswer(status: number, body: unknown, headers?: Record<string, string>): Answer {
  const answerHeaders = headers === undefined ? { 'content-type': JSON_CONTENT_TYPE } : { 'content-type': JSON_CONTENT_TYPE, ...headers };
  return { status, headers: answerHeaders, body: JSON.stringify(body) };
}

/** The success envelope of `data`; JSON already rendered goes in as it is, with the bytes JSON.stringify would write. */
export function successAnswer(data: unknown): Answer {
  if (!(data instanceof RenderedJson)) return jsonAnswer(200, { success: true, data });
  // Made once per rendered value: a page asked for again is the same value (see `renderedList`).
  return { status: 200, headers: { 'content-type': JSON_CONTENT_TYPE }, body: data.wrapped(successEnvelope), bytes: data.wrappedBytes(successEnvelope) };
}

const successEnvelope = (text: string) => `{"success":true,"data":${text}}`;

export function errorAnswer(error: ApiError): Answer {
  return jsonAnswer(error.status, { success: false, error: { code: error.code, message: error.message } }, error.headers);
}

/** An unexpected throw becomes a 500 without internals in the body; its stack goes to the log, API keys masked. */
export function toErrorAnswer(thrown: unknown, log: (message: string) => void = console.error): Answer {
  if (thrown instanceof ApiError) return errorAnswer(thrown);
  logFailure('', thrown, log);
  return errorAnswer(new ApiError('INTERNAL_ERROR', 'The sandbox failed to answer this request; see its log.'));
}
