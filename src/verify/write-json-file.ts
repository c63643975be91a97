import { writeFile } from 'node:fs/promises';

/** Writes `value` as indented JSON with a final newline. */
export async function writeJsonFile(file: string, value: unknown): Promise<void> {
  await writeFile(file, `${JSON.stringify(value, null, 2)}\n`);
}
