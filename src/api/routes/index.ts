import type { Route } from '../route.js';
import { getBalance } from './balance.js';
import { createOrder } from './create-order.js';
import { getOrderStatus, getOrders } from './orders.js';
import { getPaymentHistory } from './payments.js';
import { getProducts } from './products.js';

/** The six routes of the imitated API, in the order of the spec. */
export const ROUTES: readonly Route[] = [getBalance, getProducts, getPaymentHistory, createOrder, getOrderStatus, getOrders];
