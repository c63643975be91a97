import { expect, it } from 'vitest';
import { describeBothModes, type Target } from '../support/modes.js';

/**
 * Orders, their eSIMs and products keep their rendered JSON between reads. These read a state, change it,
 * read again, and compare the bytes with the same state restored from a snapshot (a restore starts with
 * nothing rendered): a kept text that outlived its change would show up as a difference.
 */
async function texts(target: Target, paths: readonly string[], key?: string): Promise<string[]> {
  const read: string[] = [];
  for (const path of paths) {
    const response = await target.call(path, key === undefined ? {} : { key });
    expect(response.status, path).toBe(200);
    read.push(await response.text());
  }
  return read;
}

/** The same reads, on the same state restored from a snapshot of it. */
async function textsAfterRestore(target: Target, paths: readonly string[], key?: string): Promise<string[]> {
  await target.sandbox.restore(await target.sandbox.snapshot());
  return texts(target, paths, key);
}

const AIS_15GB_ID = 'efd8480e-2903-458b-8ce3-156f0418df70';

describeBothModes(
  'rendered JSON of orders follows their provisioning',
  (target) => {
    it('answers an order read while processing, then after its eSIMs are provisioned, as a fresh render does', async () => {
      await target().sandbox.reset();
      const created = await target().call('/createOrder', { json: { productId: AIS_15GB_ID, quantity: 3 } });
      const { purchaseOrderId } = ((await created.json()) as { data: { purchaseOrderId: string } }).data;
      const paths = [
        `/getOrderStatus?purchaseOrderId=${purchaseOrderId}`,
        `/getOrderStatus?purchaseOrderId=${purchaseOrderId}&includeQrImages=true`,
        '/getOrders?limit=5',
        '/getOrders?limit=5&includeQrImages=true',
      ];
      const processingAt = target().sandbox.now();
      const processing = await texts(target(), paths);
      expect(JSON.parse(processing[0]!).data).toMatchObject({ status: 'processing', items: [{ status: 'pending' }, { status: 'pending' }, { status: 'pending' }] });
      expect(JSON.parse(processing[1]!).data.items[0].qrBase64Url).toBeNull();

      target().sandbox.advanceClock(60_000);
      const provisioned = await texts(target(), paths);
      expect(JSON.parse(provisioned[0]!).data).toMatchObject({ status: 'confirmed', items: [{ status: 'provisioned' }, { status: 'provisioned' }, { status: 'provisioned' }] });
      expect(JSON.parse(provisioned[1]!).data.items[2].qrBase64Url).toMatch(/^data:image\/png;base64,/);
      expect(provisioned).toEqual(await textsAfterRestore(target(), paths));
      // The order inside the list is the order getOrderStatus answers, byte for byte.
      expect(provisioned[2]).toContain(provisioned[0]!.slice('{"success":true,"data":'.length, -1));

      // A clock set back before the provisioning time shows the order as it was then, though its record is confirmed.
      target().sandbox.setClock(processingAt);
      expect(await texts(target(), paths)).toEqual(processing);
    });
  },
  { scenario: 'delayed-provisioning', seed: 3 },
);

describeBothModes(
  'rendered JSON of products follows their price tier',
  (target) => {
    it('answers the new tier price once the account orders past a tier, and each account its own', async () => {
      await target().sandbox.reset();
      const paths = ['/getProducts?limit=200'];
      const [before] = await texts(target(), paths);
      const [otherBefore] = await texts(target(), paths, 'sk_test_tier_500');
      const ais = (text: string) => (JSON.parse(text).data as { id: string; currentUnitPriceThb: number; activeTierMinTrailingYearQty: number }[]).find((p) => p.id === AIS_15GB_ID)!;
      expect(ais(before!).activeTierMinTrailingYearQty).toBe(0);

      // sk_test_full_access has 80 eSIMs in the trailing year: 20 more reach the tier from 100.
      expect((await target().call('/createOrder', { json: { productId: AIS_15GB_ID, quantity: 20 } })).status).toBe(200);
      const [after] = await texts(target(), paths);
      expect(ais(after!).activeTierMinTrailingYearQty).toBe(100);
      expect(ais(after!).currentUnitPriceThb).toBeLessThan(ais(before!).currentUnitPriceThb);
      expect([after]).toEqual(await textsAfterRestore(target(), paths));
      expect(await texts(target(), paths, 'sk_test_tier_500')).toEqual([otherBefore]);
    });

    it('answers the tier price again once the orders that reached it leave the trailing year', async () => {
      await target().sandbox.reset();
      const paths = ['/getProducts?limit=200', '/getProducts?limit=5'];
      const ais = (text: string) => (JSON.parse(text).data as { id: string; activeTierMinTrailingYearQty: number }[]).find((p) => p.id === AIS_15GB_ID)!;
      expect((await target().call('/createOrder', { json: { productId: AIS_15GB_ID, quantity: 20 } })).status).toBe(200);
      expect(ais((await texts(target(), paths))[0]!).activeTierMinTrailingYearQty).toBe(100);

      target().sandbox.advanceClock(366 * 24 * 60 * 60 * 1000);
      const later = await texts(target(), paths);
      expect(ais(later[0]!).activeTierMinTrailingYearQty).toBe(0);
      expect(later).toEqual(await textsAfterRestore(target(), paths));
    });
  },
  { scenario: 'tier-pricing', seed: 3 },
);
