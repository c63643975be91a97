import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BUILD_INPUTS, DIGEST_FILE, sourceDigest } from '../../scripts/source-digest.ts';
import { checkFreshBuild } from '../support/built-package.js';

describe('tests that run dist/ run the current sources', () => {
  let root: string | undefined;
  afterEach(() => root && rmSync(root, { recursive: true, force: true }));

  /** A package with the build inputs and a dist/ built from them. */
  function builtPackage(): string {
    root = mkdtempSync(path.join(tmpdir(), 'esim-fresh-build-'));
    mkdirSync(path.join(root, 'src/api'), { recursive: true });
    mkdirSync(path.join(root, 'scripts'));
    mkdirSync(path.join(root, 'dist'));
    writeFileSync(path.join(root, 'src/api/route.ts'), 'export const answer = 1;\n');
    for (const input of BUILD_INPUTS.filter((file) => file !== 'src')) writeFileSync(path.join(root, input), '{}\n');
    writeFileSync(path.join(root, DIGEST_FILE), `${sourceDigest(root)}\n`);
    return root;
  }

  it('holds for this checkout: the suite builds before it runs, and the build stamps dist/ with its sources', () => {
    expect(() => checkFreshBuild()).not.toThrow();
  });

  it('takes a dist/ built from the sources as they are', () => {
    expect(() => checkFreshBuild(builtPackage())).not.toThrow();
  });

  it('refuses a dist/ once a file of src/ is edited, saying to build', () => {
    const built = builtPackage();
    writeFileSync(path.join(built, 'src/api/route.ts'), 'export const answer = 2;\n');
    expect(() => checkFreshBuild(built)).toThrow('dist/ is older than src/: run npm run build');
  });

  it('refuses a dist/ once a file is added to src/, or a build script changes', () => {
    const built = builtPackage();
    writeFileSync(path.join(built, 'src/new-route.ts'), 'export {};\n');
    expect(() => checkFreshBuild(built)).toThrow('dist/ is older than src/: run npm run build');
    rmSync(path.join(built, 'src/new-route.ts'));
    expect(() => checkFreshBuild(built)).not.toThrow();
    writeFileSync(path.join(built, 'scripts/bundle-cli.ts'), '// changed\n');
    expect(() => checkFreshBuild(built)).toThrow('dist/ is older than src/: run npm run build');
  });

  it('refuses a dist/ without its digest, saying to build', () => {
    const built = builtPackage();
    rmSync(path.join(built, DIGEST_FILE));
    expect(() => checkFreshBuild(built)).toThrow('run npm run build');
  });
});
