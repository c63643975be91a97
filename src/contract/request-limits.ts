/** The request limits of the spec: the API's validation checks them, and the OpenAPI document states them. */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const LIMIT_RANGE = { min: 1, max: 200, default: 50 } as const;
export const QUANTITY_RANGE = { min: 1, max: 2000 } as const;
export const IDEMPOTENCY_KEY_LENGTH = { min: 8, max: 120 } as const;
export const INCLUDE_QR_IMAGES_VALUES = ['true', 'false'] as const;
