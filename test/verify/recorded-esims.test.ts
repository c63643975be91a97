import { describe, expect, it } from 'vitest';
import { createSandbox, type ScenarioFile } from 'esim-wholesale-sandbox';

const ORDER_ID = 'e5f6a7b8-c9d0-4e1f-8a2b-3c4d5e6f7a8b';
const ITEMS = [
  { id: 'f6a7b8c9-d0e1-4f2a-9b3c-4d5e6f7a8b9c', iccid: '89661234567890123457', phone: '+66812345678', smdpAddress: 'smdp.kept.example', matchingId: 'AB-CDEFG-HJKLMNPQ-RSTUV' },
  { id: '07b8c9d0-e1f2-4a3b-8c4d-5e6f7a8b9c0d', sequenceNo: 7, iccid: '89661234567890123465', smdpAddress: 'smdp.kept.example', matchingId: 'ZZ-YYYYY-XXXXXXXX-WWWWW' },
];

/** Default with one more past order whose eSIMs are given, as `record --keep-secrets` writes them. */
const scenario: ScenarioFile = {
  name: 'kept-esims',
  description: 'An order with the eSIMs it was issued.',
  extends: 'default',
  orders: [
    {
      id: ORDER_ID,
      accountId: '8d4b3cde-a72c-4320-bde3-f1a196918388',
      productId: 'efd8480e-2903-458b-8ce3-156f0418df70',
      quantity: 2,
      createdAt: '2026-01-10T10:00:00.000Z',
      items: ITEMS,
    },
  ],
};

describe('past orders with the eSIMs they were issued (scenario orders[].items)', () => {
  it('shows each eSIM as given: id, ICCID, phone, LPA activation code and QR code, in place of new ones', async () => {
    const sandbox = createSandbox({ scenario });
    const response = await sandbox.fetch(
      new Request(`http://sandbox.test/api/v1/getOrderStatus?purchaseOrderId=${ORDER_ID}`, { headers: { 'x-api-key': 'sk_test_full_access' } }),
    );
    const { data } = await response.json();
    expect(data.items).toEqual([
      {
        id: ITEMS[0]!.id, sequenceNo: 1, status: 'provisioned', provider: 'AIS', iccid: '89661234567890123457', phone: '+66812345678',
        activationCode: 'LPA:1$smdp.kept.example$AB-CDEFG-HJKLMNPQ-RSTUV', smdpAddress: 'smdp.kept.example', qrCode: 'LPA:1$smdp.kept.example$AB-CDEFG-HJKLMNPQ-RSTUV',
      },
      {
        id: ITEMS[1]!.id, sequenceNo: 7, status: 'provisioned', provider: 'AIS', iccid: '89661234567890123465', phone: null,
        activationCode: 'LPA:1$smdp.kept.example$ZZ-YYYYY-XXXXXXXX-WWWWW', smdpAddress: 'smdp.kept.example', qrCode: 'LPA:1$smdp.kept.example$ZZ-YYYYY-XXXXXXXX-WWWWW',
      },
    ]);
  });

  it('leaves the eSIMs of the other orders as the seed draws them', async () => {
    const plain = createSandbox({ scenario: 'default' });
    const kept = createSandbox({ scenario });
    const orders = async (sandbox: ReturnType<typeof createSandbox>) =>
      (await (await sandbox.fetch(new Request('http://sandbox.test/api/v1/getOrders', { headers: { 'x-api-key': 'sk_test_full_access' } }))).json()).data;
    const withoutKept = (await orders(kept)).filter((order: { id: string }) => order.id !== ORDER_ID);
    expect(withoutKept).toEqual(await orders(plain));
  });
});
