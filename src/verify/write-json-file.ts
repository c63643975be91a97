import { writePrivateFile, type OutputFile } from './private-file.js';

/** Writes `value` as indented JSON with a final newline, readable by its owner only. */
export async function writeJsonFile(output: OutputFile, value: unknown): Promise<void> {
  await writePrivateFile(output, `${JSON.stringify(value, null, 2)}\n`);
}
