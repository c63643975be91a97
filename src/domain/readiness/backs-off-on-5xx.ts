import type { JournalEntry } from '../../state/journal.js';
import { capEvidence, entryName, evidenceOf, type Evidence } from './evidence.js';
import { gapMs, lostAnswer, nextMatching, routeOf, sameRequestKey } from './journal-reading.js';
import type { ReadinessCheck } from './report.js';
import { toExercise } from './to-exercise.js';

/** The least wait before the next request to a route that answered a 5xx or closed the connection. */
export const MIN_BACKOFF_MS = 100;
/** The most attempts of one request in a row, each after the last failed. */
export const MAX_ATTEMPTS = 5;

/**
 * After a 5xx or a closed connection, the next request to the same route with the same key waits at least
 * 100 ms, and no request is attempted more than 5 times in a row.
 */
export const backsOffOn5xx: ReadinessCheck = {
  id: 'backs-off-on-5xx',
  title: 'Backs off after a 5xx or a closed connection, and gives up after 5 attempts',
  hint:
    'Retry a request that got a 5xx or no answer after a growing delay (e.g. 200 ms, 400 ms, 800 ms, with ' +
    'jitter), at most 5 attempts in all; then report the failure instead of retrying on.',
  grade(entries, _settings, context) {
    let followed = 0;
    const soon: Evidence[][] = [];
    let firstSoon = '';
    entries.forEach((failed, index) => {
      if (!lostAnswer(failed)) return;
      const next = nextMatching(entries, index, (entry) => entry.keyId === failed.keyId && routeOf(entry) === routeOf(failed));
      if (!next) return;
      followed += 1;
      const waitedMs = gapMs(failed, next);
      if (waitedMs >= MIN_BACKOFF_MS) return;
      firstSoon ||= `${entryName(next)}, ${waitedMs} ms after ${entryName(failed)}`;
      soon.push([evidenceOf(failed), evidenceOf(next, `${waitedMs} ms after ${entryName(failed)}`)]);
    });
    const tooLong = runsTooLong(entries);
    if (soon.length > 0 || tooLong.length > 0) {
      const findings = [
        ...(soon.length > 0 ? [`${soon.length} of ${followed} requests after a 5xx or a closed connection came sooner than ${MIN_BACKOFF_MS} ms (first: ${firstSoon})`] : []),
        ...tooLong.map((run) => `${entryName(run.at(-1)!)} was attempt ${run.length} in a row of one request (at most ${MAX_ATTEMPTS})`),
      ];
      const attempts = tooLong.map((run) => run.map((entry, attempt) => evidenceOf(entry, `attempt ${attempt + 1}`)));
      return { status: 'fail', summary: `${findings.join('; ')}.`, evidence: capEvidence([...soon, ...attempts]) };
    }
    if (followed > 0) {
      const summary =
        followed === 1
          ? `The request after a 5xx or a closed connection waited ${MIN_BACKOFF_MS} ms or more.`
          : `Each of ${followed} requests after a 5xx or a closed connection waited ${MIN_BACKOFF_MS} ms or more.`;
      return { status: 'pass', summary, evidence: [] };
    }
    return {
      status: 'not-exercised',
      summary: `No request came after a 5xx or a closed connection: ${toExercise(
        context,
        "go on past the drill's 503s (its third createOrder and its second getBalance), retrying each after a wait",
        'third createOrder and second getBalance answer 503',
      )}.`,
      evidence: [],
    };
  },
};

/** Runs of one request sent more than `MAX_ATTEMPTS` times, each attempt after the one before failed; the first attempts of each run. */
function runsTooLong(entries: readonly JournalEntry[]): JournalEntry[][] {
  const runs = new Map<string, JournalEntry[]>();
  const tooLong: JournalEntry[][] = [];
  for (const entry of entries) {
    const request = sameRequestKey(entry);
    const run = runs.get(request);
    const attempts = run && lostAnswer(run.at(-1)!) ? [...run, entry] : [entry];
    runs.set(request, attempts);
    if (attempts.length === MAX_ATTEMPTS + 1) tooLong.push(attempts);
  }
  return tooLong;
}
