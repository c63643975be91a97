import type { JournalEntry } from '../../state/journal.js';
import { entryName, evidenceOf } from './evidence.js';
import { count } from '../../lib/count.js';
import { reactionsTo, retryOf, type Reaction } from './follow-up.js';
import { arrivedBeforeAnswer, lostAnswer, sameRequestKey } from './journal-reading.js';
import { weigh, type ReadinessCheck } from './report.js';
import { toExercise } from './to-exercise.js';

const MIN_BACKOFF_MS = 100;
/** The most attempts of one request in a row, each after the last failed. */
const MAX_ATTEMPTS = 5;

export const backsOffOn5xx: ReadinessCheck = {
  id: 'backs-off-on-5xx',
  title: 'Backs off after a 5xx or a closed connection, and gives up after 5 attempts',
  hint:
    'Retry a request that got a 5xx or no answer after a growing delay (e.g. 200 ms, 400 ms, 800 ms, with ' +
    'jitter), at most 5 attempts in all; then report the failure instead of retrying on.',
  grade(entries, _settings, context) {
    const lost = entries.filter(lostAnswer);
    const { followed, unclear } = reactionsTo(lost, (failed) => retryOf(entries, failed));
    const soon = followed.filter(({ waited }) => waited < MIN_BACKOFF_MS);
    const after = ({ answered, waited }: Reaction) => `${waited} ms after the answer of ${entryName(answered)}`;
    const tooLong = runsTooLong(entries);
    const findings = [
      ...soon.slice(0, 1).map((first) => `${soon.length} of ${count(followed.length, 'retry', 'retries')} after a 5xx or a closed connection came sooner than ${MIN_BACKOFF_MS} ms after the answer (first: ${entryName(first.next)}, ${after(first)})`),
      ...tooLong.map((run) => `${entryName(run.at(-1)!)} was attempt ${run.length} in a row of one request (at most ${MAX_ATTEMPTS})`),
    ];
    const doubt = unclear[0];
    return weigh({
      fail: findings.length > 0 && {
        summary: `${findings.join('; ')}.`,
        cited: [
          ...soon.map((retry) => [evidenceOf(retry.answered), evidenceOf(retry.next, `its retry, ${after(retry)}`)]),
          ...tooLong.map((run) => run.map((entry, attempt) => evidenceOf(entry, `attempt ${attempt + 1}`))),
        ],
      },
      notDetermined: doubt !== undefined && {
        summary:
          `${entryName(doubt)} got ${doubt.status >= 500 ? `a ${doubt.status}` : 'no answer'}, but each later copy of it came within ms of copies sent at once with it` +
          `${unclear.length > 1 ? ` (and ${count(unclear.length - 1, 'more request')} like it)` : ''}: which is its retry cannot be told; retry after a wait, or send one copy at a time.`,
        cited: unclear.map((entry) => [evidenceOf(entry)]),
      },
      pass:
        followed.length > 0 &&
        (followed.length === 1
          ? `The retry after a 5xx or a closed connection waited ${MIN_BACKOFF_MS} ms or more after the answer.`
          : `Each of ${followed.length} retries after a 5xx or a closed connection waited ${MIN_BACKOFF_MS} ms or more after the answer.`),
      notExercised:
        lost.length > 0
          ? `${count(lost.length, 'request')} got a 5xx or no answer and ${lost.length === 1 ? 'was' : 'were'} not retried: retry a request that gets a 5xx or no answer, after a wait.`
          : `No request got a 5xx or a closed connection: ${toExercise(
              context,
              "go on past the drill's 503s (its third createOrder and its second getBalance), retrying each after a wait",
              { route: 'getBalance', effect: 'error' },
              'retry it after a wait',
            )}.`,
    });
  },
};

/** Runs of more than `MAX_ATTEMPTS` sends of one request, each once the one before had failed (a copy sent beside it is no attempt). */
function runsTooLong(entries: readonly JournalEntry[]): JournalEntry[][] {
  const runs = new Map<string, JournalEntry[]>();
  const tooLong: JournalEntry[][] = [];
  for (const entry of entries) {
    const request = sameRequestKey(entry);
    const run = runs.get(request);
    const last = run?.at(-1);
    if (last && arrivedBeforeAnswer(entry, last)) continue;
    const attempts = run && last && lostAnswer(last) ? [...run, entry] : [entry];
    runs.set(request, attempts);
    if (attempts.length === MAX_ATTEMPTS + 1) tooLong.push(attempts);
  }
  return tooLong;
}
