import type { SandboxContext } from '../domain/context.js';
import type { Store } from '../state/store.js';
import { isProvisioned, type ItemView } from './render.js';
import { renderedList, type RenderedJson } from './rendered-json.js';
import { renderedOrder } from './rendered-order.js';
import type { CallData } from './route.js';

type OrdersPage = RenderedJson<CallData<'getOrders'>>;

/** A page as made at `from`: it holds until `until`, when one of its orders turns provisioned by the clock alone. */
interface KeptPage {
  from: number;
  until: number;
  page: OrdersPage;
}

/** The pages made at one orders revision, by account, then by limit, and their characters in all. */
interface KeptPages {
  revision: number;
  chars: number;
  pages: Map<string, Map<number, KeptPage>>;
}

/** The most characters of pages kept; past it they are made afresh (a peer asking every limit cannot make it grow). */
const MAX_KEPT_CHARS = 8 * 1024 * 1024;

const kept = new WeakMap<Store, KeptPages>();

/**
 * getOrders' page without QR images: the account's newest `limit` orders. Made again only when an order was
 * stored or changed, or the clock reached the time an order on it shows its eSIMs provisioned; otherwise a
 * client polling its orders gets the same page, and the same envelope and bytes after it.
 */
export function ordersPage(ctx: SandboxContext, accountId: string, limit: number, now: number): OrdersPage {
  const { store } = ctx;
  let entry = kept.get(store);
  if (entry === undefined || entry.revision !== store.ordersRevision || entry.chars > MAX_KEPT_CHARS) {
    kept.set(store, (entry = { revision: store.ordersRevision, chars: 0, pages: new Map() }));
  }
  let pages = entry.pages.get(accountId);
  if (pages === undefined) entry.pages.set(accountId, (pages = new Map()));
  const last = pages.get(limit);
  if (last !== undefined && last.from <= now && now < last.until) return last.page;
  const made = makePage(ctx, accountId, limit, now);
  pages.set(limit, made);
  entry.chars += made.page.text.length - (last?.page.text.length ?? 0);
  return made.page;
}

function makePage(ctx: SandboxContext, accountId: string, limit: number, now: number): KeptPage {
  const view: ItemView = { now, includeQrImages: false, qrImages: ctx.qrImages };
  const orders = ctx.store.latestOrdersOf(accountId, limit);
  let until = Number.POSITIVE_INFINITY;
  for (const order of orders) if (order.status !== 'failed' && !isProvisioned(order, now)) until = Math.min(until, order.provisionedAt);
  return { from: now, until, page: renderedList(orders.map((order) => renderedOrder(ctx.renderedOrders, order, view))) };
}
