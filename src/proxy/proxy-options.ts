import { MAX_BODY_BYTES_OPTION, TIMEOUT_OPTION } from '../client/client-limits.js';
import { textOption } from '../lib/options/option-kinds.js';
import { normalizeUpstream } from './upstream-url.js';

/** The options of a proxy (`startProxy`, `esim-sandbox proxy`) besides the server's: where to, and how its answers are read. */
export const PROXY_OPTIONS = {
  upstream: textOption({
    flag: 'upstream',
    doc:
      'Base URL of the real service (or its staging) the proxy forwards each API call to, ending where the calls start: ' +
      '`/api/v1/getBalance` goes to `<upstream>/getBalance`. http or https, without user, query or fragment.',
    expected: 'an http:// or https:// base URL without user, query or fragment',
    normalize: normalizeUpstream,
    example: 'https://staging.example.com/api/v1',
  }),
  upstreamCa: textOption({
    flag: 'upstream-ca',
    doc: "A PEM file of the private CA the upstream's certificate chains to (else the system's CAs); the certificate is always verified.",
    expected: 'the path of a PEM file',
    example: './staging-ca.pem',
  }),
  timeoutMs: TIMEOUT_OPTION,
  maxBodyBytes: MAX_BODY_BYTES_OPTION,
};
