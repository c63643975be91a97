/**
 * An inline scenario of about `bytes` of JSON: default plus as many products of one provider as it takes (each
 * ~700 bytes, with its tiers and inventory), as a partner might post to `POST /__sandbox/sessions`.
 */
export function largeScenario(bytes: number): Record<string, unknown> {
  const products: unknown[] = [];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    const hex = i.toString(16).padStart(12, '0');
    const product = {
      id: `00000000-0000-4000-8000-${hex}`,
      name: `Bulk plan ${i} 5GB 30 Days`,
      description: `5 GB of data for 30 days on a partner network, plan ${i} of a long generated catalog. Data only; activates on first connection.`,
      provider: 'Bulk Mobile',
      sku: `BULK-${i}-5GB-30D`,
      retailPriceThb: 300 + (i % 100),
      metadata: { region: 'Asia', countries: ['TH', 'MY'], dataGb: 5, validityDays: 30, network: 'Bulk 4G/5G' },
      tiers: [
        { minTrailingYearQty: 0, unitPriceThb: 250 },
        { minTrailingYearQty: 100, unitPriceThb: 240 },
        { minTrailingYearQty: 500, unitPriceThb: 230 },
      ],
      inventory: 5000,
    };
    size += JSON.stringify(product).length + 1;
    products.push(product);
  }
  return {
    name: 'bulk-catalog',
    description: `Default plus ${products.length} generated products.`,
    extends: 'default',
    providers: [{ name: 'Bulk Mobile', smdpAddress: 'smdp.bulk.example', iccidIssuer: '8966', iccidLength: 19, withPhoneNumber: false }],
    products,
  };
}
