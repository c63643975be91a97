import type { CliIo } from '../../src/cli/cli-io.js';
import { run } from '../../src/cli/run.js';

/** Runs the CLI with captured output. */
export async function cli(...argv: string[]): Promise<{ exitCode: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const exitCode = await run(argv, {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
  });
  return { exitCode, stdout, stderr };
}

/**
 * Output capture for a long-running command such as `serve`: `banner` resolves with stdout once it says
 * "listening", `stop()` plays the part of Ctrl+C.
 */
export function servingIo() {
  let stdout = '';
  let stderr = '';
  let stop!: () => void;
  const stopped = new Promise<void>((resolve) => (stop = resolve));
  let printed!: (text: string) => void;
  const banner = new Promise<string>((resolve) => (printed = resolve));
  const io: CliIo = {
    stdout: { write: (text: string) => ((stdout += text), /listening/.test(stdout) && printed(stdout)) },
    stderr: { write: (text: string) => (stderr += text) },
    waitForStop: () => stopped,
  };
  return { io, stop, banner, stderr: () => stderr };
}
