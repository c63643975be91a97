import { hideBin } from 'yargs/helpers';
import { run } from './run.js';

/** Entry point of the `esim-sandbox` binary: `process.argv` in, exit code set on the process. */
export async function main(processArgv: string[]): Promise<void> {
  process.exitCode = await run(hideBin(processArgv));
}
