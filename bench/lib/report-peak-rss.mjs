// Loaded with --import: writes to $PEAK_RSS_FILE, as the process exits, its peak resident set size in bytes from
// its first outgoing request on. Loading the command peaks first (its program and code cache), higher than a
// bounded read adds: so the high-water mark is reset (Linux: /proc/self/clear_refs) when the first request
// starts, and read from /proc/self/status (VmHWM) at exit. Elsewhere the peak of the whole run is written.
import { subscribe } from 'node:diagnostics_channel';
import { readFileSync, writeFileSync } from 'node:fs';

let reset = false;
const resetPeak = () => {
  if (reset) return;
  reset = true;
  try {
    writeFileSync('/proc/self/clear_refs', '5');
  } catch {
    // Not Linux, or not allowed: the peak of the whole run.
  }
};
subscribe('undici:request:create', resetPeak);
subscribe('http.client.request.start', resetPeak);

const peakBytes = () => {
  try {
    const kib = /^VmHWM:\s+(\d+) kB/m.exec(readFileSync('/proc/self/status', 'utf8'));
    if (kib) return Number(kib[1]) * 1024;
  } catch {
    // Falls back to the run's peak.
  }
  return process.resourceUsage().maxRSS * 1024;
};

process.on('exit', () => writeFileSync(process.env.PEAK_RSS_FILE, String(peakBytes())));
