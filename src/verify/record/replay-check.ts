import type { ScenarioFile } from '../../scenarios/scenario-schema.js';
import { asRecord, type ReceivedAnswer, type ProbeRequest } from '../exchange.js';
import { sandboxTarget } from '../targets.js';

/** How the recorded sandbox answers one read next to what the service answered. */
export interface ReplayCheck {
  read: string;
  result: 'identical' | 'same data' | 'same but for the eSIM secrets' | 'differs';
  /** Where it differs: `data[2].processingFeeThb: 730 from the service, 700 from the recording`. */
  differences: string[];
}

/** The eSIM fields `record` issues anew without --keep-secrets. */
const SECRET_FIELDS: ReadonlySet<string> = new Set(['id', 'iccid', 'phone', 'activationCode', 'qrCode', 'qrBase64Url']);
const MAX_DIFFERENCES = 8;

/** Sends the recorded scenario, in-process, the reads the service answered, in the same order. */
export async function replayCheck(
  scenario: ScenarioFile,
  apiKey: string,
  reads: readonly { request: ProbeRequest; answer: ReceivedAnswer }[],
  keepSecrets: boolean,
): Promise<ReplayCheck[]> {
  const target = sandboxTarget(scenario, apiKey);
  const checks: ReplayCheck[] = [];
  for (const { request, answer } of reads) {
    const replayed = await target.send(request);
    const read = request.path.slice(1);
    if (replayed.status === answer.status && replayed.body === answer.body) {
      checks.push({ read, result: 'identical', differences: [] });
      continue;
    }
    const all: string[] = [];
    if (replayed.status !== answer.status) all.push(`status: ${answer.status} from the service, ${replayed.status} from the recording`);
    let secrets = 0;
    compare(answer.json, replayed.json, '', (path, ours, theirs, secret) => {
      if (secret && !keepSecrets) secrets++;
      else all.push(`${path || 'the body'}: ${show(ours)} from the service, ${show(theirs)} from the recording`);
    });
    const differences = all.length > MAX_DIFFERENCES ? [...all.slice(0, MAX_DIFFERENCES), `and ${all.length - MAX_DIFFERENCES} more`] : all;
    const result = all.length > 0 ? 'differs' : secrets > 0 ? 'same but for the eSIM secrets' : 'same data';
    checks.push({ read, result, differences });
  }
  return checks;
}

type Report = (path: string, service: unknown, recording: unknown, secret: boolean) => void;

function compare(service: unknown, recording: unknown, path: string, report: Report, inItem = false): void {
  if (Array.isArray(service) && Array.isArray(recording)) {
    if (service.length !== recording.length) report(`${path}.length`, service.length, recording.length, false);
    for (let index = 0; index < Math.min(service.length, recording.length); index++) {
      compare(service[index], recording[index], `${path}[${index}]`, report, inItem || path.endsWith('items'));
    }
    return;
  }
  const [ours, theirs] = [asRecord(service), asRecord(recording)];
  if (ours && theirs) {
    for (const key of new Set([...Object.keys(ours), ...Object.keys(theirs)])) {
      const child = path ? `${path}.${key}` : key;
      if (inItem && SECRET_FIELDS.has(key) && (key in ours) === (key in theirs)) {
        if (JSON.stringify(ours[key]) !== JSON.stringify(theirs[key])) report(child, ours[key], theirs[key], true);
        continue;
      }
      compare(ours[key], theirs[key], child, report, inItem);
    }
    return;
  }
  if (JSON.stringify(service) !== JSON.stringify(recording)) report(path, service, recording, false);
}

function show(value: unknown): string {
  if (value === undefined) return 'nothing';
  const text = JSON.stringify(value);
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
}
