import { createOrder } from './create-order.js';
import { getBalance } from './get-balance.js';
import { getOrderStatus } from './get-order-status.js';
import { getOrders } from './get-orders.js';
import { getPaymentHistory } from './get-payment-history.js';
import { getProducts } from './get-products.js';

/** In the spec's order; everything that names calls reads this list (docs/development.md, "Adding a call"). */
export const CALLS = [getBalance, getProducts, getPaymentHistory, createOrder, getOrderStatus, getOrders] as const;
