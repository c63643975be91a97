import { markdown, type BenchResults } from './report.ts';

const START = '<!-- bench:latest -->';
const END = '<!-- /bench:latest -->';

/** The tables docs/performance.md shows: those `npm run bench` prints, of the results given. */
export function performanceBlock(results: BenchResults): string {
  return markdown(results);
}

/** The part of `text` between the bench markers, trimmed; undefined when there are none. */
export function benchBlockOf(text: string): string | undefined {
  const from = text.indexOf(START);
  const to = text.indexOf(END);
  return from < 0 || to < from ? undefined : text.slice(from + START.length, to).trim();
}

/** `text` with the part between the bench markers made `block`. */
export function withBenchBlock(text: string, block: string): string {
  if (benchBlockOf(text) === undefined) throw new Error(`no ${START} … ${END} block to write the results into`);
  return `${text.slice(0, text.indexOf(START) + START.length)}\n${block}\n${text.slice(text.indexOf(END))}`;
}
