import { packageVersion } from './package-files.js';

/** The tools of esim-sandbox that call an API themselves: their requests are marked in the journal, and never graded. */
export type ToolName = 'verify' | 'record';

/** The `user-agent` the tool `tool` of this esim-sandbox sends: `esim-sandbox/1.4.0 (verify)`. */
export function toolUserAgent(tool: ToolName): string {
  version ??= packageVersion();
  return `esim-sandbox/${version} (${tool})`;
}

/** The package's version, read once. */
let version: string | undefined;

const TOOL_USER_AGENT = /^esim-sandbox\/[^\s()]+ \((verify|record)\)$/;

/** The tool a `user-agent` names, as `toolUserAgent` writes it; undefined for any other. */
export function toolOfUserAgent(userAgent: string | null): ToolName | undefined {
  if (userAgent === null || userAgent.length > 100) return undefined;
  return TOOL_USER_AGENT.exec(userAgent)?.[1] as ToolName | undefined;
}
