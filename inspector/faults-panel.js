// One-off faults: queue a fault for the next call of a route, and see those still waiting.
import { html, useState } from '/__sandbox/inspector/vendor/standalone.module.js';
import { Field } from '/__sandbox/inspector/field.js';

const ROUTES = ['createOrder', 'getOrderStatus', 'getOrders', 'getBalance', 'getProducts', 'getPaymentHistory'];

/** The fault as the admin API takes it, from the form's fields. */
function faultOf(form) {
  const route = String(form.get('route'));
  const effect = String(form.get('effect'));
  const amount = Number(form.get('amount'));
  if (effect === 'error') return { route, effect, status: Number(form.get('status')) };
  if (effect === 'latency') return { route, effect, latencyMs: amount };
  if (effect === 'rate-limit') return { route, effect, retryAfterS: amount };
  return { route, effect };
}

export function FaultsPanel({ faults, onQueue, onCancel }) {
  const [effect, setEffect] = useState('error');
  const submit = (event) => {
    event.preventDefault();
    void onQueue(faultOf(new FormData(event.currentTarget)));
  };
  return html`<section aria-labelledby="faults-title">
    <h2 id="faults-title">One-off fault</h2>
    <form class="fault-form" aria-label="Queue a one-off fault" onSubmit=${submit}>
      <${Field} id="fault-route" label="Next call of">
        <select id="fault-route" name="route">${ROUTES.map((route) => html`<option value=${route}>${route}</option>`)}<option value="*">any route</option></select>
      <//>
      <${Field} id="fault-effect" label="Effect">
        <select id="fault-effect" name="effect" value=${effect} onChange=${(event) => setEffect(event.currentTarget.value)}>
          <option value="error">error</option>
          <option value="lose-response">lose-response</option>
          <option value="latency">latency</option>
          <option value="rate-limit">rate-limit</option>
          <option value="drop">drop</option>
        </select>
      <//>
      ${effect === 'error' &&
      html`<${Field} id="fault-status" label="Answer">
        <select id="fault-status" name="status"><option value="503">503 SERVICE_UNAVAILABLE</option><option value="500">500 INTERNAL_ERROR</option></select>
      <//>`}
      ${effect === 'latency' && html`<label>Latency (ms) <input name="amount" type="number" min="1" max="60000" step="1" value="1500" required /></label>`}
      ${effect === 'rate-limit' && html`<label>Retry-After (s) <input name="amount" type="number" min="1" max="3600" step="1" value="5" required /></label>`}
      <button type="submit">Queue fault</button>
    </form>
    ${faults.length === 0
      ? html`<p class="muted">No fault waiting.</p>`
      : html`<ul class="waiting" aria-label="Faults waiting">
          ${faults.map(
            (fault) => html`<li key=${fault.id}>
              #${fault.id}: the next call of ${fault.route === '*' ? 'any route' : fault.route} → ${fault.description}
              <button type="button" class="secondary small" onClick=${() => onCancel(fault.id)}>Take back</button>
            </li>`,
          )}
        </ul>`}
  </section>`;
}
