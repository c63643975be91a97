import type { DerivedText, DerivedTextCache } from '../lib/derived-text-cache.js';
import type { OrderRecord } from '../state/records.js';
import { RenderedJson } from '../lib/rendered-json.js';
import { isProvisioned, itemQrImage, renderOrderFields, renderOrderItem, type ItemView, type RenderedOrder } from './render.js';

/**
 * An order as getOrderStatus and getOrders show it, from the JSON kept for it: rendered once per version of
 * the record and per provisioning state (the status and items of an order change with the clock, not only
 * with its record), with each eSIM item's closing brace marked. QR images, when asked for, go in before those
 * braces, from the sandbox's QR image cache. The bytes are JSON.stringify's of the order.
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

/** The order's JSON (one flat string, joined rather than concatenated), with the offset of each item's closing brace. */
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
