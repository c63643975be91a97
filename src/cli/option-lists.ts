import { EXPORT_OPTIONS } from '../client/client-limits.js';
import { SERVICE_OPTIONS } from '../verify/fidelity-options.js';
import { CHAOS_FLAGS } from './chaos-options.js';
import { SERVE_OPTIONS } from './serve-command.js';
import { PROXY_COMMAND_OPTIONS } from './proxy-command.js';
import { READINESS_OPTIONS } from '../readiness-options.js';

/** The option lists the docs show, by the name of their block (`<!-- options:serve -->`). */
export const OPTION_LISTS = { serve: SERVE_OPTIONS, chaos: CHAOS_FLAGS, service: SERVICE_OPTIONS, export: EXPORT_OPTIONS, readiness: READINESS_OPTIONS, proxy: PROXY_COMMAND_OPTIONS } as const;
