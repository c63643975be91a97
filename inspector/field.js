// A labelled control whose label names it alone: a label wrapped around a select would take in its options' text.
import { html } from '/__sandbox/inspector/vendor/standalone.module.js';

export function Field({ id, label, children, className = '' }) {
  return html`<div class=${`field ${className}`}><label for=${id}>${label}</label>${children}</div>`;
}
