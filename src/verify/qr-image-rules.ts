import { asRecord, dataOf, type ReceivedAnswer, type ProbeRequest } from './exchange.js';

/** The eSIM items of an order answer (one order or a list), each with where it sits: `data[0].items[2]`. */
function itemsOf(answer: ReceivedAnswer): { at: string; item: Record<string, unknown> }[] {
  const data = dataOf(answer);
  const orders = Array.isArray(data) ? data : data === undefined ? [] : [data];
  return orders.flatMap((order, index) => {
    const items = asRecord(order)?.items;
    if (!Array.isArray(items)) return [];
    const at = Array.isArray(data) ? `data[${index}]` : 'data';
    return items.flatMap((item, itemIndex) => {
      const record = asRecord(item);
      return record ? [{ at: `${at}.items[${itemIndex}]`, item: record }] : [];
    });
  });
}

/** The first of `lines`, saying how many more are like it. */
function once(lines: string[]): string[] {
  return lines.slice(0, 1).map((line) => (lines.length > 1 ? `${line} (and ${lines.length - 1} more like it)` : line));
}

/** With includeQrImages=true each provisioned eSIM carries `qrBase64Url`. */
export function qrImagesPresent(answer: ReceivedAnswer): string[] {
  return once(
    itemsOf(answer)
      .filter(({ item }) => item.status === 'provisioned' && typeof item.qrBase64Url !== 'string')
      .map(({ at }) => `${at}.qrBase64Url: missing with includeQrImages=true`),
  );
}

/** The spec: `qrBase64Url` is present only when includeQrImages is true (in the query, or createOrder's body). */
export function qrImagesUnasked(request: ProbeRequest, answer: ReceivedAnswer): string[] {
  const asked = /[?&]includeQrImages=true(&|$)/.test(request.path) || asRecord(request.body)?.includeQrImages === true;
  if (asked) return [];
  return once(
    itemsOf(answer)
      .filter(({ item }) => 'qrBase64Url' in item)
      .map(({ at }) => `${at}.qrBase64Url: present without includeQrImages=true; the spec sends it only when includeQrImages is true`),
  );
}
