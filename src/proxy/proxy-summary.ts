import type { RequestRecord } from '../state/request-record.js';
import type { FaultEffect, UpstreamBreak } from '../state/journal.js';

/** What `GET /__sandbox/proxy` answers: where the proxy forwards, and what came of the exchanges so far. */
export interface ProxySummaryView {
  upstream: string;
  /** API requests the proxy took (forwarded or not). */
  exchanges: number;
  /** Of those, sent on to the upstream. */
  forwarded: number;
  /** Requests with problems the sandbox's input checks found (the client's mistakes, forwarded all the same). */
  withInputProblems: number;
  /** Faults the proxy injected, by effect (one-off faults and chaos). */
  injectedFaults: Partial<Record<FaultEffect, number>>;
  /** The upstream's breaks of the contract or of the proxy's bounds: the service's, not the client's. */
  breaks: { total: number; byKind: Partial<Record<UpstreamBreak, number>> };
}

/** The counts behind `GET /__sandbox/proxy`, for the life of the server (a reset does not clear them; the journal's runs do that). */
export class ProxySummary {
  #exchanges = 0;
  #forwarded = 0;
  #withInputProblems = 0;
  readonly #faults: Partial<Record<FaultEffect, number>> = {};
  readonly #breaks: Partial<Record<UpstreamBreak, number>> = {};
  #breakTotal = 0;

  constructor(readonly upstream: string) {}

  count(served: RequestRecord): void {
    this.#exchanges += 1;
    const proxied = served.proxied;
    if (proxied?.forwarded) this.#forwarded += 1;
    if (proxied?.inputProblems) this.#withInputProblems += 1;
    if (served.fault) this.#faults[served.fault] = (this.#faults[served.fault] ?? 0) + 1;
    if (proxied?.breakKind) {
      this.#breaks[proxied.breakKind] = (this.#breaks[proxied.breakKind] ?? 0) + 1;
      this.#breakTotal += 1;
    }
  }

  view(): ProxySummaryView {
    return {
      upstream: this.upstream,
      exchanges: this.#exchanges,
      forwarded: this.#forwarded,
      withInputProblems: this.#withInputProblems,
      injectedFaults: { ...this.#faults },
      breaks: { total: this.#breakTotal, byKind: { ...this.#breaks } },
    };
  }
}
