/** Where a command writes, and how a long-running command learns it should stop; injectable for tests. */
export interface CliIo {
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
  /** Resolves when a long-running command should stop. */
  waitForStop(): Promise<void>;
}

/** The process's own streams; a long-running command stops at the first SIGINT or SIGTERM. */
export const processIo: CliIo = {
  stdout: process.stdout,
  stderr: process.stderr,
  waitForStop: () =>
    new Promise((resolve) => {
      const stop = () => {
        process.off('SIGINT', stop);
        process.off('SIGTERM', stop);
        resolve();
      };
      process.on('SIGINT', stop);
      process.on('SIGTERM', stop);
    }),
};
