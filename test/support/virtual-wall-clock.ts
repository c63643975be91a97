/**
 * A wall clock that moves only when a client sleeps on it: give `now` to the sandbox (`wallClock`) and `sleep` to
 * the client, and a run that waits seconds by its own clock takes milliseconds.
 */
export function virtualWallClock(start = Date.parse('2026-11-23T10:00:00.000Z')) {
  let now = start;
  return {
    now: () => now,
    async sleep(ms: number): Promise<void> {
      now += ms;
      await new Promise((resolve) => setImmediate(resolve));
    },
  };
}
