import { packageVersion } from './package-files.js';

/** The tools of esim-sandbox that call an API themselves: their requests are marked in the journal, and never graded. */
export type ToolName = 'verify' | 'record';

/** `esim-sandbox/1.4.0 (verify)`. */
export function toolUserAgent(tool: ToolName): string {
  version ??= packageVersion();
  return `esim-sandbox/${version} (${tool})`;
}

let version: string | undefined;

const TOOL_USER_AGENT = /^esim-sandbox\/[^\s()]+ \((verify|record)\)$/;

export function toolOfUserAgent(userAgent: string | null): ToolName | undefined {
  if (userAgent === null || userAgent.length > 100) return undefined;
  return TOOL_USER_AGENT.exec(userAgent)?.[1] as ToolName | undefined;
}
