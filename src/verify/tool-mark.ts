import { packageVersion } from '../lib/package-version.js';

/** The commands that talk to a deployment, each marking its requests. */
export type ServiceTool = 'verify' | 'record';

/**
 * The `user-agent` verify and record send: `esim-sandbox/1.2.0 (verify)`. A sandbox at the other end knows
 * them by it and leaves them out of the readiness of the partner's client.
 */
export function toolUserAgent(tool: ServiceTool): string {
  return `esim-sandbox/${packageVersion()} (${tool})`;
}
