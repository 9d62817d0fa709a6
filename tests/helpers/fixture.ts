// Test helpers: copies of the mini fixture project in temp folders, and digests of whole trees.
import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fg from 'fast-glob';

export const MINI_FIXTURE = fileURLToPath(new URL('../fixtures/mini', import.meta.url));
/** This repository: its own data/ is the shipped dataset. */
export const PROJECT_ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** A fresh copy of the mini fixture project (its data/ folder) in a temp folder; returns the project root. */
export function copyFixture(source = MINI_FIXTURE): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'ev-fixture-'));
  cpSync(path.join(source, 'data'), path.join(root, 'data'), { recursive: true });
  return root;
}

/** Path → sha256 of every file under `dir` (dotfiles included), to compare whole trees byte for byte. */
export function treeDigest(dir: string): Record<string, string> {
  const files = fg.sync('**/*', { cwd: dir, dot: true, onlyFiles: true }).sort();
  return Object.fromEntries(files.map((file) => [file, createHash('sha256').update(readFileSync(path.join(dir, file))).digest('hex')]));
}
