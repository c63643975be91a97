import path from 'node:path';
import { startServer, type RunningServer } from 'esim-wholesale-sandbox/server';

/**
 * The "real service" of the fidelity tests: a second sandbox on a loopback port with a catalogue, an account
 * and switches of its own (test/verify/fixtures/stand-in.json): limits clamped, minimal replays, a key
 * re-used with another body refused, unknown query parameters and body fields ignored.
 */
export const STAND_IN_SCENARIO = path.resolve(import.meta.dirname, 'fixtures/stand-in.json');
export const STAND_IN_KEY = 'sk_live_standin_a1b2c3d4';
/** The same account, without payments:read and orders:write. */
export const STAND_IN_READER_KEY = 'sk_live_standin_reader';
export const STAND_IN_SWITCHES = {
  limitOutOfRange: 'clamp',
  reusedResponse: 'minimal',
  idempotencyMismatch: 'reject',
  unknownQueryParameter: 'ignore',
  unknownBodyField: 'ignore',
} as const;

export function startStandIn(): Promise<RunningServer> {
  return startServer({ port: 0, host: '127.0.0.1', scenario: STAND_IN_SCENARIO });
}

/** Fast enough for tests; the default (4 a second) is for real deployments. */
export const TEST_RATE = 50;

/** A GET to a running server with a key, as text. */
export async function read(baseUrl: string, pathAndQuery: string, key: string): Promise<{ status: number; text: string }> {
  const response = await fetch(`${baseUrl}${pathAndQuery}`, { headers: { 'x-api-key': key } });
  return { status: response.status, text: await response.text() };
}

export { closedPort } from '../../bench/lib/hostile-servers.ts';
