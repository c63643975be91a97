// The header's controls: scenario, reset, clock, top-up.
import { html, useState } from '/__sandbox/inspector/vendor/standalone.module.js';
import { Field } from '/__sandbox/inspector/field.js';

export function Controls({ scenarios, current, act }) {
  const [advanceMinutes, setAdvanceMinutes] = useState('60');
  const topup = (event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    void act('/topups', { apiKey: String(form.get('apiKey')).trim(), amountThb: Number(form.get('amountThb')) });
  };
  const switchTo = (name) => act('/scenario', { name }, `Scenario switched to ${name}`);
  return html`
    <${Field} id="scenario" label="Scenario">
      <select id="scenario" value=${current ?? ''} onChange=${(event) => switchTo(event.currentTarget.value)}>
        ${current === undefined && html`<option value="">…</option>`}
        ${scenarios.map((scenario) => html`<option value=${scenario.name} title=${scenario.description}>${scenario.name}</option>`)}
        ${current !== undefined && !scenarios.some((scenario) => scenario.name === current) && html`<option value=${current}>${current}</option>`}
      </select>
    <//>
    <button type="button" onClick=${() => act('/reset', undefined, 'Reset done')}>Reset</button>
    <div class="group">
      <label>Minutes <input type="number" min="0" step="1" value=${advanceMinutes} onInput=${(event) => setAdvanceMinutes(event.currentTarget.value)} /></label>
      <button type="button" onClick=${() => act('/clock', { advanceMs: Math.round(Number(advanceMinutes) * 60_000) })}>Advance clock</button>
    </div>
    <form class="inline" aria-label="Top up" onSubmit=${topup}>
      <fieldset>
        <legend>Top up</legend>
        <label>API key <input name="apiKey" value="sk_test_full_access" required /></label>
        <label>Amount (THB) <input name="amountThb" type="number" min="0.01" step="0.01" value="1000" required /></label>
        <button type="submit">Top up</button>
      </fieldset>
    </form>
  `;
}
