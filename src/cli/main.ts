import { hideBin } from 'yargs/helpers';
import { run } from './run.js';

/** Entry point of the `esim-sandbox` binary: `process.argv` in, exit code set on the process. */
export async function main(processArgv: string[]): Promise<void> {
  // A reader that stops early (`esim-sandbox openapi | head`) closes the pipe: that ends the output, not an error.
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE') throw error;
      process.exit(process.exitCode ?? 0);
    });
  }
  process.exitCode = await run(hideBin(processArgv));
}
