import { describe, expectTypeOf, it } from 'vitest';
import type { components, RenderedBalance, RenderedPayment, Sandbox, SandboxState } from 'esim-wholesale-sandbox';

/*
 * The types of what the sandbox renders are written next to the renderers (src/api/render.ts), below the
 * OpenAPI layer, so they cannot import the generated ones. These checks keep the two from drifting apart.
 * The type checker runs them (test/unit/typecheck.test.ts, `npm run typecheck`); at run time they do nothing.
 */
type Schemas = components['schemas'];

describe('the rendered types and the OpenAPI document', () => {
  it('RenderedBalance is the document’s Balance', () => {
    expectTypeOf<RenderedBalance>().toEqualTypeOf<Schemas['Balance']>();
    expectTypeOf<SandboxState['accounts'][number]['balance']>().toEqualTypeOf<Schemas['Balance']>();
  });

  it('RenderedPayment is a Payment of the document, with the same fields', () => {
    expectTypeOf<RenderedPayment>().toExtend<Schemas['Payment']>();
    expectTypeOf<keyof RenderedPayment>().toEqualTypeOf<keyof Schemas['Payment']>();
  });

  it('RenderedPayment is narrower than the document only in status (three known values) and paidAt (always present)', () => {
    type AsDocumented = Omit<RenderedPayment, 'status' | 'paidAt'> & Pick<Schemas['Payment'], 'status' | 'paidAt'>;
    expectTypeOf<Schemas['Payment']>().toExtend<AsDocumented>();
    expectTypeOf<RenderedPayment['status']>().toEqualTypeOf<'success' | 'pending' | 'failed'>();
    expectTypeOf<RenderedPayment['paidAt']>().toEqualTypeOf<string | null>();
  });

  it('sandbox.topup() resolves to a RenderedPayment and sandbox.state() to a SandboxState', () => {
    expectTypeOf<Sandbox['topup']>().returns.resolves.toEqualTypeOf<RenderedPayment>();
    expectTypeOf<Sandbox['state']>().returns.resolves.toEqualTypeOf<SandboxState>();
  });
});
