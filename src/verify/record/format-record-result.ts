import { count } from '../../lib/count.js';
import type { RecordResult } from './record-scenario.js';

/** What `record` prints once the file is written: what it holds, how the recording answers, what it could not say. */
export function formatRecordResult(result: RecordResult, shownPath: string): string {
  const { scenario } = result;
  const listed = scenario.products?.filter((product) => product.active !== false).length ?? 0;
  const inactive = (scenario.products?.length ?? 0) - listed;
  const lines = [
    `Wrote ${shownPath}: scenario "${scenario.name}" with ${listed} products${inactive ? ` (and ${inactive} inactive ${inactive === 1 ? 'product' : 'products'} that past orders name)` : ''}, ` +
      `${count(scenario.payments?.length ?? 0, 'payment')} and ${count(scenario.orders?.length ?? 0, 'order')}; the key ${result.apiKey} with ` +
      `${result.scopes.length ? result.scopes.join(', ') : 'no scope proven'}.`,
    `Behaviours carried over (strong evidence only): ${Object.keys(result.behavior).length ? JSON.stringify(result.behavior) : 'none (the sandbox defaults stay)'}.`,
    'Left out (the sandbox defaults stay):',
    // The evidence is said once, at the end, rather than on every point it kept out.
    ...result.leftOut.map(({ name, reason }) => `  - ${name}: ${reason.replace(`not determined: ${result.evidence.text}`, 'not determined: the evidence is not strong (said below)')}`),
    '',
    'The recorded sandbox answers the reads the service answered:',
  ];
  const width = Math.max(0, ...result.replay.map((check) => shortRead(check.read).length));
  for (const check of result.replay) {
    const how = check.result === 'same but for the eSIM secrets' ? `${check.result} (issued anew; --keep-secrets keeps them)` : check.result;
    lines.push(`  ${shortRead(check.read).padEnd(width)}  ${how}`);
    for (const difference of check.differences) lines.push(`    ${difference}`);
  }
  if (result.notes.length > 0) {
    lines.push('', 'Recorded as near as the scenario format allows:', ...result.notes.map((note) => `  - ${note}`));
  }
  lines.push('', 'Not recorded, since no answer of the API shows it:', ...result.notShown.map((line) => `  - ${line}`));
  if (!result.scopes.includes('orders:write')) {
    lines.push(
      '',
      'orders:write is not proven, so the recorded key cannot createOrder: record with --orders to prove it (it places 1 order of 1 eSIM), ' +
        'or add "orders:write" to apiKeys[0].scopes in the file if the key has it.',
    );
  }
  if (result.contractProblems.length > 0) {
    const problems = result.contractProblems.length;
    lines.push(
      '',
      `${result.brokenAnswers} of the ${count(result.answers, 'answer')} broke the contract while recording (${count(problems, 'problem')} in all); esim-sandbox verify lists them.`,
    );
  }
  if (!result.trustworthy) {
    lines.push(
      '',
      `Not to be trusted as the service's behaviour (exit code 3): ${result.evidence.text}. No behaviour was carried over; the data is written as it was answered.`,
    );
  }
  lines.push(
    '',
    `The file holds the API key in full (it is written readable by you only): keep it out of version control.`,
    `Serve it: esim-sandbox serve --scenario ${shownPath}`,
  );
  return `${lines.join('\n')}\n`;
}

/** `getOrderStatus?purchaseOrderId=…&includeQrImages=true` → `getOrderStatus`. */
function shortRead(read: string): string {
  return read.startsWith('getOrderStatus') ? 'getOrderStatus of a listed order' : read;
}
