import { errorOf, isEnvelope } from './exchange.js';
import type { Observation } from './probe.js';

/** No route answered in the API's envelope: --base-url is not the API, and nothing can be checked or recorded. */
export class NotTheApi extends Error {
  override name = 'NotTheApi';
}

/** Throws NotTheApi when not one answer is in the envelope, saying what came back and the likely --base-url. */
export function assertSpeaksTheApi(observations: readonly Observation[], baseUrl: string): void {
  if (observations.length === 0) return;
  if (observations.some(({ answer }) => isEnvelope(answer))) {
    // Every answer a 404, even in the envelope: no route is where --base-url says (a sandbox or a gateway answering
    // NOT_FOUND for unknown paths). Nothing answered can be judged or inferred from.
    if (!observations.every(({ answer }) => answer.status === 404)) return;
    const got = answerKinds(observations, (answer) => errorOf(answer)?.code ?? answer.headers['content-type']?.split(';')[0]?.trim() ?? 'without content-type');
    throw new NotTheApi(`no route of ${baseUrl} was found: the ${observations.length} answers were ${got}, so nothing is judged or inferred. ${checkBaseUrl(baseUrl)}`);
  }
  const got = answerKinds(observations, (answer) => answer.headers['content-type']?.split(';')[0]?.trim() || 'without content-type');
  const redirect = observations.find(({ answer }) => answer.headers.location);
  if (redirect) {
    const to = new URL(redirect.answer.headers.location!, baseUrl).href;
    const base = to.endsWith(redirect.probe.request.path) ? to.slice(0, -redirect.probe.request.path.length) : undefined;
    throw new NotTheApi(
      `no route of ${baseUrl} answered in the API's envelope; the ${observations.length} answers were ${got}, ${redirect.probe.check} to ${to}. ` +
        `Redirects are not followed, so the key goes to --base-url only: ${base ? `if ${new URL(base).origin} is the service, pass --base-url ${base}` : 'give the address the service answers at as --base-url'}`,
    );
  }
  throw new NotTheApi(`no route of ${baseUrl} answered in the API's envelope ({"success": …}); the ${observations.length} answers were ${got}. ${checkBaseUrl(baseUrl)}`);
}

function checkBaseUrl(baseUrl: string): string {
  const fix = likelyBaseUrl(baseUrl);
  return fix
    ? `Check --base-url: it is the API's base address, ending in /api/v1; likely --base-url ${fix}`
    : 'Check --base-url: is this the eSIM wholesale API, or does a proxy or another service answer at this address?';
}

/** `23 × 404 text/html`: the answers counted by status and `kind`. */
function answerKinds(observations: readonly Observation[], kindOf: (answer: Observation['answer']) => string): string {
  const kinds = new Map<string, number>();
  for (const { answer } of observations) {
    const kind = `${answer.status} ${kindOf(answer)}`;
    kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
  }
  return [...kinds].map(([kind, n]) => `${n} × ${kind}`).join(', ');
}

/** `https://h/` → `https://h/api/v1`; `https://h/api` → `https://h/api/v1`; `https://h/api/v1/getBalance` → `https://h/api/v1`. */
export function likelyBaseUrl(baseUrl: string): string | undefined {
  const url = new URL(baseUrl);
  const path = url.pathname.replace(/\/+$/, '');
  const at = path.indexOf('/api/v1');
  if (at >= 0) return path.length > at + 7 ? `${url.origin}${path.slice(0, at + 7)}` : undefined;
  return `${url.origin}${path.endsWith('/api') ? `${path}/v1` : `${path}/api/v1`}`;
}
