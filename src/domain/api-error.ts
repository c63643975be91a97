/** Every error code the sandbox answers with, and its HTTP status. */
export const ERROR_CODES = {
  VALIDATION_ERROR: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN_SCOPE: 403,
  KYC_REQUIRED: 403,
  /** Standalone server: a `Host` a loopback server does not answer to (DNS rebinding). */
  FORBIDDEN_HOST: 403,
  /** Standalone server: an admin request or a write sent by a page of another origin. */
  FORBIDDEN_ORIGIN: 403,
  ORDER_NOT_FOUND: 404,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  /** The request did not arrive in time (headers or whole request); answered by the HTTP server only. */
  REQUEST_TIMEOUT: 408,
  INVENTORY_EMPTY: 409,
  CARD_DATA_INCOMPLETE: 409,
  INSUFFICIENT_BALANCE: 409,
  IDEMPOTENCY_KEY_MISMATCH: 409,
  /** Standalone proxy: an admin route that manages the imitation's state, which a proxy does not answer from. */
  PROXY_MODE: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  /** An `Expect` header other than `100-continue`; answered by the HTTP server only. */
  EXPECTATION_FAILED: 417,
  RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
  /** Standalone proxy: the upstream could not be reached, redirected, or gave an answer it cannot pass on. */
  BAD_GATEWAY: 502,
  SERVICE_UNAVAILABLE: 503,
  /** Standalone proxy: the upstream did not answer (or finish its answer) within `--timeout`. */
  GATEWAY_TIMEOUT: 504,
  /** Standalone server: a session or snapshot past the memory budget (`--memory-budget`). */
  INSUFFICIENT_STORAGE: 507,
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

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
