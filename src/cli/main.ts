import { loadProgram } from './load-program.js';
import { quickAnswer } from './quick-answers.js';

/** Entry point of the `esim-sandbox` binary: `process.argv` in, exit code set on the process. */
export async function main(processArgv: string[]): Promise<void> {
  // A reader that stops early (`esim-sandbox openapi | head`) closes the pipe: that ends the output, not an error.
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE') throw error;
      process.exit(process.exitCode ?? 0);
    });
  }
  // The node binary and the script come first (what yargs' hideBin drops).
  const argv = processArgv.slice(2);
  const answer = quickAnswer(argv);
  if (answer !== undefined) {
    process.stdout.write(answer);
    process.exitCode = 0;
    return;
  }
  // yargs, the commands and the sandbox behind them load only here.
  const { program, saveCodeCache } = await loadProgram();
  process.exitCode = await program.run(argv, { listening: saveCodeCache });
  // A run that failed (a bad argument, say) compiled little of the program: its cache would slow every later run.
  if (process.exitCode === 0) saveCodeCache();
}
