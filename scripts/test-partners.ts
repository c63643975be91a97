// npm run test:partners [-- <set-up>…] [-- --keep] [-- --verbose]
// The partner matrix: packs the package once, installs the tarball into a fresh project per set-up in
// test/partners/ (each a partner's package.json and test files, copied as they are; `testsOf` in a set-up's
// package.json brings another set-up's tests) and runs its `npm test`.
// Prints a table of what ran on which versions and closes with "N passed, N failed"; exits 1 when any failed.
import { execFile } from 'node:child_process';
import { cp, mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { REPO, installProject, packPackage } from '../test/support/packed-package.ts';

const run = promisify(execFile);
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const FIXTURES = path.join(REPO, 'test/partners');
/** Packages whose installed versions the table shows, when a set-up has them. */
const SHOWN = ['vitest', 'jest', 'msw'];
/** Two set-ups at a time: installing one is mostly waiting on the disk and the cache, running one is one core. */
const CONCURRENCY = 2;

interface Outcome {
  setup: string;
  node: string;
  packages: string;
  passed: number;
  seconds: number;
  ok: boolean;
  output: string;
}

const { values, positionals } = parseArgs({ allowPositionals: true, options: { keep: { type: 'boolean', default: false }, verbose: { type: 'boolean', default: false } } });
const all = (await readdir(FIXTURES, { withFileTypes: true })).filter((entry) => entry.isDirectory()).map((entry) => entry.name).sort();
const unknown = positionals.filter((name) => !all.includes(name));
if (unknown.length > 0) {
  console.error(`unknown set-up ${unknown.join(', ')}: choose from ${all.join(', ')} (directories of test/partners/)`);
  process.exit(2);
}
const setups = positionals.length > 0 ? positionals : all;

const work = await mkdtemp(path.join(tmpdir(), 'esim-partners-'));
const started = performance.now();
try {
  await packPackage(work);
  console.log(`packed in ${seconds(started)} s into ${work}`);
  const outcomes = await inBatches(setups, CONCURRENCY, runSetup);
  for (const outcome of outcomes.filter((each) => values.verbose || !each.ok)) console.log(`\n--- ${outcome.setup} ${outcome.ok ? 'passed' : 'failed'}:\n${outcome.output}`);
  console.log(`\n| set-up | Node | packages | tests passed | time |\n|---|---|---|---|---|`);
  for (const o of outcomes) console.log(`| ${o.setup} | ${o.node} | ${o.packages} | ${o.ok ? o.passed : 'FAILED'} | ${o.seconds} s |`);
  const failed = outcomes.filter((each) => !each.ok).length;
  console.log(`\npartner matrix in ${seconds(started)} s`);
  console.log(`${outcomes.length - failed} passed, ${failed} failed`);
  process.exitCode = failed > 0 ? 1 : 0;
} finally {
  if (values.keep) console.log(`kept ${work}`);
  else await rm(work, { recursive: true, force: true });
}

/**
 * A set-up that runs another's tests on other versions (Node, msw) names it in its package.json's `testsOf`:
 * that set-up's test files are copied beside its own, so the same tests are written once.
 */
async function copySharedTests(project: string): Promise<void> {
  const { testsOf } = JSON.parse(await readFile(path.join(project, 'package.json'), 'utf8')) as { testsOf?: string };
  if (testsOf === undefined) return;
  const from = path.join(FIXTURES, testsOf);
  const tests = (await readdir(from)).filter((name) => name.endsWith('.test.ts'));
  if (tests.length === 0) throw new Error(`testsOf names ${testsOf}, which has no test files in test/partners/`);
  for (const name of tests) await cp(path.join(from, name), path.join(project, name));
}

async function runSetup(setup: string): Promise<Outcome> {
  const t0 = performance.now();
  const project = path.join(work, setup);
  await cp(path.join(FIXTURES, setup), project, { recursive: true });
  await copySharedTests(project);
  let output = '';
  let ok = false;
  let node = '?';
  try {
    await installProject(project);
    node = (await npmRun(project, 'runtime')).trim();
    output = await npmRun(project, 'test');
    ok = passedCount(output) > 0;
    if (!ok) output += '\n(the run passed no test: a set-up must run at least one)';
  } catch (error) {
    const failure = error as { stdout?: string; stderr?: string; message: string };
    output = [failure.stdout, failure.stderr].filter(Boolean).join('\n') || failure.message;
  }
  const packages = await installedVersions(project);
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${setup} (${seconds(t0)} s)`);
  return { setup, node, packages, passed: passedCount(output), seconds: seconds(t0), ok, output };
}

async function npmRun(project: string, script: string): Promise<string> {
  const { stdout, stderr } = await run(npm, ['run', '--silent', script], { cwd: project, maxBuffer: 16 << 20, env: { ...process.env, CI: 'true', FORCE_COLOR: '0', NO_COLOR: '1' } });
  return `${stdout}\n${stderr}`;
}

/** How many tests the runner said passed: vitest, jest, node's test runner. */
function passedCount(output: string): number {
  const match = /Tests:?\s+(\d+) passed/.exec(output) ?? /^\S+ pass (\d+)$/m.exec(output);
  return match ? Number(match[1]) : 0;
}

async function installedVersions(project: string): Promise<string> {
  const versions: string[] = [];
  for (const name of SHOWN) {
    const manifest = await readFile(path.join(project, 'node_modules', name, 'package.json'), 'utf8').catch(() => null);
    if (manifest) versions.push(`${name} ${(JSON.parse(manifest) as { version: string }).version}`);
  }
  return versions.join(', ') || 'fetch only';
}

async function inBatches<T, R>(items: readonly T[], size: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(size, items.length) }, worker));
  return results;
}

function seconds(since: number): number {
  return Math.round((performance.now() - since) / 100) / 10;
}
