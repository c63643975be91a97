// Loaded with --import: writes the process's peak resident set size, in bytes, to $PEAK_RSS_FILE as it exits.
import { writeFileSync } from 'node:fs';

process.on('exit', () => writeFileSync(process.env.PEAK_RSS_FILE, String(process.resourceUsage().maxRSS * 1024)));
