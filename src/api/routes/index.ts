import type { CallName } from '../../contract/route-table.js';
import type { CallHandler } from '../route.js';
import { getBalance } from './balance.js';
import { createOrder } from './create-order.js';
import { getOrderStatus, getOrders } from './orders.js';
import { getPaymentHistory } from './payments.js';
import { getProducts } from './products.js';

/** The handler of each call of the route table, by its name. */
export const CALL_HANDLERS: { readonly [N in CallName]: CallHandler<N> } = {
  getBalance,
  getProducts,
  getPaymentHistory,
  createOrder,
  getOrderStatus,
  getOrders,
};
