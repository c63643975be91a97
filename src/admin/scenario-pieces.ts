import { receiveMessageOnPort, type MessagePort } from 'node:worker_threads';
import { nextTurn } from '../lib/next-turn.js';
import type { ResolvedScenario } from '../scenarios/scenario-schema.js';

/**
 * Entities of a resolved scenario sent in one message: a message is copied onto the receiving thread in one
 * piece (~60 ms for the 13,400 products of a 7.6 MB scenario, ~150 ms on a busy machine, every other request
 * waiting); 500 products take a few ms.
 */
const ITEMS_PER_PIECE = 500;

type Shell = Record<string, unknown>;

/**
 * Posts the long lists of `scenario` to `port` in pieces, and returns the rest: the scenario with those lists
 * empty, for `receivePieces` to fill.
 */
export function sendInPieces(scenario: ResolvedScenario, port: MessagePort): ResolvedScenario {
  const shell: Shell = { ...scenario };
  for (const [key, value] of Object.entries(scenario)) {
    if (!Array.isArray(value) || value.length <= ITEMS_PER_PIECE) continue;
    shell[key] = [];
    for (let start = 0; start < value.length; start += ITEMS_PER_PIECE) {
      port.postMessage({ key, items: value.slice(start, start + ITEMS_PER_PIECE) });
    }
  }
  return shell as unknown as ResolvedScenario;
}

/**
 * Fills the lists `sendInPieces` emptied, one piece a turn of the event loop, from a port whose pieces were all
 * posted; then closes it.
 */
export async function receivePieces(shell: ResolvedScenario, port: MessagePort): Promise<ResolvedScenario> {
  const lists = shell as unknown as Record<string, unknown[]>;
  for (let received = receiveMessageOnPort(port); received; received = receiveMessageOnPort(port)) {
    const { key, items } = received.message as { key: string; items: unknown[] };
    lists[key]!.push(...items);
    await nextTurn();
  }
  port.close();
  return shell;
}
