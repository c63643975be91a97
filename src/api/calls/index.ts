import { createOrder } from './create-order.js';
import { getBalance } from './get-balance.js';
import { getOrderStatus } from './get-order-status.js';
import { getOrders } from './get-orders.js';
import { getPaymentHistory } from './get-payment-history.js';
import { getProducts } from './get-products.js';

/**
 * The calls of the API, in the spec's order: the router, the OpenAPI document (and the types generated from
 * it), verify's checks and `toHaveReceived` read this list; docs/development.md, "Adding a call".
 */
export const CALLS = [getBalance, getProducts, getPaymentHistory, createOrder, getOrderStatus, getOrders] as const;
