import { execFile, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from 'esim-wholesale-sandbox/server';
import { DOC_FILES, docsOnDisk } from '../support/doc-files.js';
import { differences, elidedText, parseElidedJson } from '../support/elided-json.js';

/**
 * Every block of the README and of docs/ whose info string is `sh runnable`, `ts runnable` or `python runnable` runs here, in the order
 * of `DOC_FILES`, against one fresh server (scenario `default`, seed 1) on a free port; `http://127.0.0.1:4010`
 * in a block means that server. A curl block runs with `bash -e`; the JSON a block shows as output (`# {...}`
 * comment lines after a command) must match what the command printed, `…` eliding. A TypeScript block runs on
 * this Node (24, which strips types) as a `.ts` file inside the project, so it imports the package by name; it
 * must exit 0 and print what its `console.log(...); // shown` lines show. A Python block runs with `python3`
 * (skipped, saying so, where there is none) from one folder for all of them, so that a block marked
 * `file=<name>.py` is a module the later ones import; it must exit 0 and print what its `print(...)  # shown`
 * lines show, `…` eliding (in JSON as for curl, else any run of characters).
 */

const root = path.resolve(import.meta.dirname, '../..');
const README_URL = 'http://127.0.0.1:4010';
const run = promisify(execFile);

type Lang = 'sh' | 'ts' | 'python';
const LANGS: readonly string[] = ['sh', 'ts', 'python'] satisfies Lang[];

interface Block {
  /** The file it stands in (`docs/python.md`), and its line there. */
  doc: string;
  lang: Lang;
  line: number;
  code: string;
  /** `file=<name>`: the name it is saved under, for the blocks after it to import. */
  file?: string;
}

function runnableBlocks(doc: string, markdown: string): Block[] {
  const blocks: Block[] = [];
  const lines = markdown.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(\S*)(.*)$/.exec(lines[i]!);
    if (!open) continue;
    const end = lines.findIndex((line, j) => j > i && line.startsWith('```'));
    const info = `${open[1]}${open[2]}`.trim().split(/\s+/);
    if (info.includes('runnable') && LANGS.includes(info[0]!)) {
      const file = info.find((word) => word.startsWith('file='))?.slice('file='.length);
      blocks.push({ doc, lang: info[0] as Lang, line: i + 1, code: lines.slice(i + 1, end).join('\n'), ...(file && { file }) });
    }
    i = end;
  }
  return blocks;
}

interface Command {
  text: string;
  /** The output the README shows for it, if any. */
  shown?: string;
}

/** A shell block as commands (continuation lines joined) each followed by the JSON output it shows, if any. */
function commandsOf(code: string): Command[] {
  const commands: Command[] = [];
  let pending: string[] = [];
  let shown: string[] | undefined;
  for (const line of code.split('\n')) {
    const comment = /^\s*#\s?(.*)$/.exec(line);
    if (comment && pending.length === 0 && commands.length > 0) {
      const text = comment[1]!.trim();
      if (shown || /^[{[]/.test(text)) {
        shown ??= [];
        shown.push(text);
        commands.at(-1)!.shown = shown.join('');
      }
      continue;
    }
    shown = undefined;
    if (line.trim() === '' || comment) continue;
    pending.push(line);
    if (!line.trimEnd().endsWith('\\')) {
      commands.push({ text: pending.join('\n') });
      pending = [];
    }
  }
  if (pending.length > 0) commands.push({ text: pending.join('\n') });
  return commands;
}

const MARK = '<<<readme-command-done>>>';

/** What a line printed against what the README shows for it: elided JSON when both are JSON, else text in which `…` is any run of characters. */
function shownDifferences(shown: string, printed: string): string[] {
  try {
    return differences(parseElidedJson(shown), JSON.parse(printed));
  } catch {
    return elidedText(shown).test(printed) ? [] : [`expected ${JSON.stringify(shown)}, got ${JSON.stringify(printed)}`];
  }
}

/** `python3 --version`, or why there is none: the Python blocks are skipped then. */
const python = spawnSync('python3', ['--version'], { encoding: 'utf8' });
const noPython = python.status === 0 ? undefined : `python3 is not installed (${python.error?.message ?? python.stderr.trim()})`;

describe('the examples of the README and docs/', () => {
  const blocks = DOC_FILES.flatMap((doc) => runnableBlocks(doc, readFileSync(path.join(root, doc), 'utf8')));
  let server: RunningServer;
  let tmp: string;

  beforeAll(async () => {
    server = await startServer({ port: 0, scenario: 'default', seed: 1 });
    // Inside the project, so that a block imports `esim-wholesale-sandbox` (and msw) by name.
    tmp = mkdtempSync(path.join(root, 'test/docs/.readme-run-'));
  });
  afterAll(async () => {
    await server?.close();
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  });

  it('runs the blocks of every file of docs/', () => {
    expect(docsOnDisk().filter((doc) => !DOC_FILES.includes(doc))).toEqual([]);
  });

  it('has runnable blocks, curl, TypeScript and Python', () => {
    expect(blocks.filter((block) => block.lang === 'sh').length).toBeGreaterThan(3);
    expect(blocks.filter((block) => block.lang === 'ts').length).toBeGreaterThan(0);
    expect(blocks.filter((block) => block.lang === 'python').length).toBeGreaterThan(0);
  });

  // One test per block, run in order: later blocks see what earlier ones did (an order, then its status).
  for (const block of blocks) {
    const first = block.file ?? block.code.split('\n').find((line) => line.trim() && !/^(import|from) /.test(line))!.trim().slice(0, 70);
    const skipped = block.lang === 'python' && noPython !== undefined;
    const title = `${block.doc}:${block.line} (${block.lang}): ${first}${skipped ? ` (skipped: ${noPython})` : ''}`;
    it.skipIf(skipped)(title, async () => {
      const code = block.code.replaceAll(README_URL, server.origin);
      if (block.lang === 'ts') {
        const file = path.join(tmp, `readme-${block.doc.replace(/\W/g, '-')}-${block.line}.ts`);
        writeFileSync(file, code);
        const result = await run(process.execPath, [file], { cwd: root, timeout: 60_000 }).catch((error) => error);
        expect(result.code ?? 0, `${block.doc}:${block.line} failed:\n${result.stderr}`).toBe(0);
        // `console.log(...); // 200 114060` shows what that line prints.
        const shown = [...code.matchAll(/^\s*console\.log\(.*\);\s*\/\/\s*(.+)$/gm)].map((match) => match[1]!.trim());
        expect(String(result.stdout).trim().split('\n').filter(Boolean), `${block.doc}:${block.line}: what it printed`).toEqual(shown);
        return;
      }
      if (block.lang === 'python') {
        const file = path.join(tmp, block.file ?? `readme_${block.doc.replace(/\W/g, '_')}_${block.line}.py`);
        writeFileSync(file, code);
        const env = { ...process.env, PYTHONDONTWRITEBYTECODE: '1' };
        const result = await run('python3', [file], { cwd: tmp, env, timeout: 60_000 }).catch((error) => error);
        expect(result.code ?? 0, `${block.doc}:${block.line} failed:\n${result.stderr}`).toBe(0);
        // `print(...)  # 200 114060` shows what that line prints.
        const shown = [...code.matchAll(/^\s*print\(.*\)\s*#\s*(.+)$/gm)].map((match) => match[1]!.trim());
        const printed = String(result.stdout).trim().split('\n').filter(Boolean);
        expect(printed.length, `${block.doc}:${block.line}: printed ${JSON.stringify(printed)}, shows ${JSON.stringify(shown)}`).toBe(shown.length);
        const wrong = shown.flatMap((text, index) => shownDifferences(text, printed[index]!).map((problem) => `line ${index + 1}: ${problem}`));
        expect(wrong, `${block.doc}:${block.line}: what it printed`).toEqual([]);
        return;
      }
      const commands = commandsOf(code);
      const script = commands.map(({ text }) => `${text}\nprintf '\\n${MARK}\\n'`).join('\n');
      const result = await run('bash', ['-e', '-c', script], { cwd: root, timeout: 60_000, maxBuffer: 16 * 1024 * 1024 }).catch((error) => error);
      expect(result.code ?? 0, `${block.doc}:${block.line}: bash -e failed:\n${result.stderr}`).toBe(0);
      const outputs = String(result.stdout).split(`\n${MARK}\n`);
      commands.forEach((command, index) => {
        const printed = outputs[index]!;
        const where = `${block.doc}:${block.line}, command ${index + 1}: ${command.text.slice(0, 80)}`;
        let actual: unknown;
        expect(() => (actual = JSON.parse(printed)), `${where} printed no JSON: ${printed.slice(0, 200)}`).not.toThrow();
        if (command.shown !== undefined) {
          expect(differences(parseElidedJson(command.shown), actual), `${where}\nprinted: ${printed.slice(0, 600)}`).toEqual([]);
        }
      });
    });
  }
});
