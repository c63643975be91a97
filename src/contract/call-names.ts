// Written by `npm run openapi` from the list of calls (src/api/calls/index.ts): do not edit. The layers below the
// API (scenario faults, readiness) name calls from it; test/api/calls.test.ts fails when it is out of date.
export const CALL_NAMES = ["getBalance", "getProducts", "getPaymentHistory", "createOrder", "getOrderStatus", "getOrders"] as const;
