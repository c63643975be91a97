/** The scopes an API key may carry; each call of the API requires one. */
export const SCOPES = ['balance:read', 'products:read', 'payments:read', 'orders:write', 'orders:read'] as const;

export type Scope = (typeof SCOPES)[number];
