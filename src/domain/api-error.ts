import { ERROR_CODES, type ErrorCode } from './error-codes.js';

/** An answer that is an error envelope. Thrown by rules and routes, rendered in one place. */
export class ApiError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    options: { status?: number; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.status = options.status ?? ERROR_CODES[code];
    this.headers = options.headers ?? {};
  }

  readonly headers: Record<string, string>;
}
