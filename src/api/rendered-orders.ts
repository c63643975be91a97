import type { DerivedText, DerivedTextCache } from '../lib/derived-text-cache.js';
import type { OrderRecord } from '../state/records.js';
import { RenderedJson, renderedList } from '../lib/rendered-json.js';
import { isProvisioned, itemQrImage, renderOrderFields, renderOrderItem, type ItemView, type RenderedOrder } from './render.js';
import type { SandboxContext } from '../domain/context.js';
import type { CallData } from './route.js';

/**
 * Rendered once per version of the record and per provisioning state (an order's status and items change with
 * the clock, not only with its record). QR images, when asked for, go in before each item's marked closing brace.
 */
export function renderedOrder(cache: DerivedTextCache, order: OrderRecord, view: ItemView): RenderedJson<RenderedOrder> {
  const provisioned = isProvisioned(order, view.now);
  const { text, marks = [] } = cache.get(order.id, order, provisioned ? 'provisioned' : 'pending', () => orderText(order, provisioned, view.now));
  if (!view.includeQrImages) return new RenderedJson(text);
  let withImages = '';
  let from = 0;
  marks.forEach((itemEnd, index) => {
    withImages += `${text.slice(from, itemEnd)},"qrBase64Url":${JSON.stringify(itemQrImage(order.items[index]!, provisioned, view.qrImages))}`;
    from = itemEnd;
  });
  return new RenderedJson(withImages + text.slice(from));
}

/** One flat string (joined rather than concatenated), with the offset of each item's closing brace. */
function orderText(order: OrderRecord, provisioned: boolean, now: number): DerivedText {
  // `…,"items":[]}` without its last two characters.
  const head = JSON.stringify({ ...renderOrderFields(order, now), items: [] }).slice(0, -2);
  const items = order.items.map((item) => JSON.stringify(renderOrderItem(item, provisioned)));
  const marks: number[] = [];
  // An item starts one character after the end of the one before (past a comma); the first, right after the head.
  let end = head.length - 2;
  for (const item of items) marks.push((end += 1 + item.length));
  return { text: `${head}${items.join(',')}]}`, marks };
}

type OrdersPage = RenderedJson<CallData<'getOrders'>>;

/** A page as made at `from`: it holds until `until`, when one of its orders turns provisioned by the clock alone. */
interface KeptPage {
  from: number;
  until: number;
  page: RenderedJson<unknown>;
}

/**
 * Without QR images. Made again only when an order was stored or changed, or the clock reached the time an order on
 * it turns provisioned or was set back before the page was made: a client polling its orders gets the same bytes.
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
