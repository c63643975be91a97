import { DEFAULT_MEMORY_BUDGET_MIB, MEMORY_BUDGET_MIB_RANGE } from '../admin/memory-budget.js';
import { DEFAULT_MAX_STREAMS, MAX_STREAMS_LIMIT } from '../admin/stream-slots.js';
import { integerOption, textOption, textsOption } from '../lib/options/option-kinds.js';
import { normalizeHostName } from './host-names.js';

/** A duration option, in ms; Node's own timers take at most 24 h. */
const milliseconds = (definition: Omit<Parameters<typeof integerOption>[0], 'unit' | 'max'> & { max?: number }) =>
  integerOption({ max: 86_400_000, ...definition, unit: 'ms' });

/** The options of the standalone server (`startServer`, `esim-sandbox serve`), besides its sandboxes'. */
export const SERVER_OPTIONS = {
  port: integerOption({ flag: 'port', doc: 'TCP port to listen on; 0 picks a free port.', min: 0, max: 65_535, default: 4010, hint: 'or 0 for a free port' }),
  host: textOption({
    flag: 'host',
    doc: 'Interface to listen on; `0.0.0.0` makes the sandbox reachable from other machines.',
    expected: 'an address of this machine',
    default: '127.0.0.1',
  }),
  scenarioDirs: textsOption({
    flag: 'scenario-dir',
    doc:
      'Directories whose `.json` files the admin API may load (`POST /__sandbox/scenario`, `/sessions`, `extends`) by ' +
      'name or by path inside them, nothing outside them (no `..`, no symlink out). Without one, the admin API loads ' +
      'built-in and inline scenarios only; a path in `scenario` is read as given.',
    expected: 'a directory',
    example: ['./scenarios'],
  }),
  adminToken: textOption({
    flag: 'admin-token',
    doc:
      'Require this token on the admin API (`Authorization: Bearer <token>` or `x-admin-token`); without it, the admin ' +
      'API is open. `serve` also reads it from $ESIM_SANDBOX_ADMIN_TOKEN, which keeps it out of the process list.',
    expected: 'one word of visible characters',
    normalize: (token) => (/^\S+$/.test(token) ? token : undefined),
    example: 'a1b2c3d4e5f60718',
  }),
  allowedHosts: textsOption({
    flag: 'allowed-host',
    doc:
      'Further names a server on a loopback address answers to in the `Host` header, besides that address and ' +
      '`localhost` (a name in /etc/hosts, a proxy\'s). Other names get 403 `FORBIDDEN_HOST`, against DNS rebinding.',
    expected: 'a host name as it appears in URLs, without scheme, port or path',
    normalize: normalizeHostName,
    example: ['sandbox.local'],
  }),
  shutdownGraceMs: milliseconds({
    flag: 'shutdown-grace',
    doc:
      'How long a stop (`close()`, SIGTERM or SIGINT) waits for requests in flight to be answered; at its end a call ' +
      'still in a latency fault is answered 503 and not served, and the connections still open are closed. 0 does ' +
      'so at once. A second signal stops at once.',
    min: 0,
    // Longer than any orchestrator waits between its stop signal and its kill.
    max: 600_000,
    default: 5000,
    hint: 'or 0 to close at once',
  }),
  headersTimeoutMs: milliseconds({
    flag: 'headers-timeout',
    doc:
      'How long a client may take to send the headers of a request, counted from its first byte; a slower one gets ' +
      "a 408 `REQUEST_TIMEOUT` envelope and the connection is closed. Node's own default is 60 s.",
    min: 1,
    default: 30_000,
  }),
  requestTimeoutMs: milliseconds({
    flag: 'request-timeout',
    doc:
      'How long a client may take to send a whole request, body included; a slower one gets a 408 `REQUEST_TIMEOUT` ' +
      'envelope. Covers an 8 MiB admin body at 70 KiB/s. At least the headers timeout.',
    min: 1,
    default: 120_000,
  }),
  keepAliveTimeoutMs: milliseconds({
    flag: 'keep-alive-timeout',
    doc:
      'How long an idle keep-alive connection stays open for a next request (Node waits 1 s more). Longer than the ' +
      "4 s after which undici's pools (Node's `fetch`) drop an idle connection.",
    min: 1,
    default: 5000,
  }),
  maxStreams: integerOption({
    flag: 'max-streams',
    doc:
      'How many event streams (`GET /__sandbox/events`, the inspector) may be open at once; one more is answered 503 ' +
      'with `Retry-After`. Each holds at most 1 MiB its client has not read.',
    min: 0,
    max: MAX_STREAMS_LIMIT,
    default: DEFAULT_MAX_STREAMS,
    hint: 'or 0 to refuse every event stream',
  }),
  memoryBudgetMiB: integerOption({
    flag: 'memory-budget',
    doc:
      'The memory sessions and snapshots may take the server to, in MiB; past it creating one is answered 507 ' +
      '`INSUFFICIENT_STORAGE` and nothing is made.',
    min: MEMORY_BUDGET_MIB_RANGE.min,
    max: MEMORY_BUDGET_MIB_RANGE.max,
    default: DEFAULT_MEMORY_BUDGET_MIB,
    defaultText: `${DEFAULT_MEMORY_BUDGET_MIB} (2 GiB)`,
    unit: 'MiB',
    example: 4096,
    exampleText: 'for 4 GiB',
  }),
};
