// The state of the sandbox: scenario, clock, balances, inventory.
import { html } from '/__sandbox/inspector/vendor/standalone.module.js';

export function StatePanel({ state }) {
  if (!state) return html`<section aria-label="State"><h2>State</h2><p class="muted">Loading…</p></section>`;
  return html`<section aria-label="State">
    <h2>State</h2>
    <dl>
      <dt>Scenario</dt><dd>${state.scenario}</dd>
      <dt>Sandbox clock</dt><dd data-testid="clock">${state.now}</dd>
      <dt>Orders</dt><dd>${state.records.orders}</dd>
      <dt>Payments</dt><dd>${state.records.payments}</dd>
    </dl>
    <h3>Accounts</h3>
    <div class="scroll-x">
      <table aria-label="Accounts">
        <thead><tr><th scope="col">Account</th><th scope="col">KYC</th><th scope="col" class="num">Balance (THB)</th><th scope="col" class="num">Top-ups</th><th scope="col" class="num">Purchases</th><th scope="col" class="num">Orders</th></tr></thead>
        <tbody>
          ${state.accounts.map(
            (account) => html`<tr key=${account.id}>
              <td title=${account.id}>${account.name}</td>
              <td>${account.kyc}</td>
              <td class="num">${account.balance.balanceThb}</td>
              <td class="num">${account.balance.totalTopupsThb}</td>
              <td class="num">${account.balance.totalPurchasesThb}</td>
              <td class="num">${account.orders}</td>
            </tr>`,
          )}
        </tbody>
      </table>
    </div>
    <h3>Products</h3>
    <div class="scroll products" tabindex="0" aria-label="Products list">
      <table aria-label="Products">
        <thead><tr><th scope="col">SKU</th><th scope="col">Active</th><th scope="col" class="num">Inventory left</th></tr></thead>
        <tbody>
          ${state.products.map(
            (product) => html`<tr key=${product.id}><td title=${product.id}>${product.sku}</td><td>${product.active ? 'yes' : 'no'}</td><td class="num">${product.inventory}</td></tr>`,
          )}
        </tbody>
      </table>
    </div>
  </section>`;
}
