// The readiness report: each check with its status, what was seen, the fix, and the requests it rests on.
import { html } from '/__sandbox/inspector/vendor/standalone.module.js';

function EvidenceRow({ evidence, onOpen }) {
  const answer = [evidence.status === 0 ? 'no answer' : evidence.status, evidence.errorCode].filter(Boolean).join(' ');
  return html`<li>
    <button type="button" class="link" onClick=${() => onOpen(evidence.seq)} title="Open this request">#${evidence.seq} ${evidence.method} ${evidence.path} → ${answer}</button>
    <span class="muted"> ${evidence.sandbox}${evidence.note ? `; ${evidence.note}` : ''}</span>
  </li>`;
}

function Check({ check, onOpen }) {
  return html`<article class=${`readiness-check readiness-${check.status}`} aria-label=${check.title}>
    <h3><span class=${`status ${check.status}`}>${check.status.replace('-', ' ')}</span> ${check.title}</h3>
    <p>${check.summary}</p>
    ${check.status !== 'pass' && html`<p class="fix"><strong>Fix:</strong> ${check.hint}</p>`}
    ${check.evidence.length > 0 &&
    html`<ul class="evidence" aria-label=${`Evidence of ${check.title}`}>${check.evidence.map((evidence) => html`<${EvidenceRow} key=${evidence.seq} evidence=${evidence} onOpen=${onOpen} />`)}</ul>`}
  </article>`;
}

export function ReadinessPanel({ report, onOpen }) {
  const order = { fail: 0, 'not-determined': 1, 'not-exercised': 2, pass: 3 };
  const checks = [...report.checks].sort((a, b) => order[a.status] - order[b.status]);
  return html`<section aria-labelledby="readiness-title" class="readiness">
    <h2 id="readiness-title">Readiness: <span class=${`verdict ${report.verdict}`}>${report.verdict}</span></h2>
    <p class="muted">Graded from the requests since the last reset, scenario switch or restore (scenario ${report.scenario}${report.key ? `, key ${report.key}` : ''}).</p>
    ${(report.leftOut ?? []).map((left) => html`<p class="muted">Left out: ${left.requests} ${left.requests === 1 ? 'request' : 'requests'} ${left.why}.</p>`)}
    ${checks.map((check) => html`<${Check} key=${check.id} check=${check} onOpen=${onOpen} />`)}
  </section>`;
}
