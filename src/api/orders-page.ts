import type { SandboxContext } from '../domain/context.js';
import { isProvisioned, type ItemView } from './render.js';
import { renderedList, type RenderedJson } from '../lib/rendered-json.js';
import { renderedOrder } from './rendered-order.js';
import type { CallData } from './route.js';

type OrdersPage = RenderedJson<CallData<'getOrders'>>;

/** A page as made at `from`: it holds until `until`, when one of its orders turns provisioned by the clock alone. */
interface KeptPage {
  from: number;
  until: number;
  page: RenderedJson<unknown>;
}

/**
 * getOrders' page without QR images: the account's newest `limit` orders. Made again only when an order was
 * stored or changed, or the clock reached the time an order on it shows its eSIMs provisioned (or was set back
 * before the page was made); otherwise a client polling its orders gets the same page, and the same envelope
 * and bytes after it.
 */
export function ordersPage(ctx: SandboxContext, accountId: string, limit: number, now: number): OrdersPage {
  const holds = ({ from, until }: KeptPage) => from <= now && now < until;
  return ctx.ordersPages.get(ctx.store.revision('orders'), accountId, limit, holds, () => makePage(ctx, accountId, limit, now)).page as OrdersPage;
}

function makePage(ctx: SandboxContext, accountId: string, limit: number, now: number): KeptPage {
  const view: ItemView = { now, includeQrImages: false, qrImages: ctx.qrImages };
  const orders = ctx.store.latestOrdersOf(accountId, limit);
  let until = Number.POSITIVE_INFINITY;
  for (const order of orders) if (order.status !== 'failed' && !isProvisioned(order, now)) until = Math.min(until, order.provisionedAt);
  return { from: now, until, page: renderedList(orders.map((order) => renderedOrder(ctx.renderedOrders, order, view))) };
}
