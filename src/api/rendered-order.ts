import type { DerivedTextCache } from '../lib/derived-text-cache.js';
import type { OrderRecord } from '../state/records.js';
import { RenderedJson } from './rendered-json.js';
import { isProvisioned, itemQrImage, renderOrderFields, renderOrderItem, type ItemView, type RenderedOrder } from './render.js';

/**
 * An order as getOrderStatus and getOrders show it, from the JSON kept for it: its fields up to `"items":[`,
 * then each item's up to its closing brace, rendered once per version of the record and per provisioning
 * state (the status and items of an order change with the clock, not only with its record). QR images are
 * put in as asked for, from the sandbox's QR image cache. The bytes are JSON.stringify's of the order.
 */
export function renderedOrder(cache: DerivedTextCache, order: OrderRecord, view: ItemView): RenderedJson<RenderedOrder> {
  const provisioned = isProvisioned(order, view.now);
  const texts = cache.get(`order ${order.id}`, order, provisioned ? 'provisioned' : 'pending', () => orderTexts(order, provisioned, view.now));
  let text = texts[0]!;
  for (let i = 1; i < texts.length; i++) {
    text += i === 1 ? texts[i]! : `,${texts[i]!}`;
    text += view.includeQrImages ? `,"qrBase64Url":${JSON.stringify(itemQrImage(order.items[i - 1]!, provisioned, view.qrImages))}}` : '}';
  }
  return new RenderedJson(`${text}]}`);
}

/** The order's JSON up to and with `"items":[`, then each item's JSON without its closing brace. */
function orderTexts(order: OrderRecord, provisioned: boolean, now: number): string[] {
  // `…,"items":[]}` without its last two characters.
  const texts = [JSON.stringify({ ...renderOrderFields(order, now), items: [] }).slice(0, -2)];
  for (const item of order.items) texts.push(JSON.stringify(renderOrderItem(item, provisioned)).slice(0, -1));
  return texts;
}
