// The OpenEV Data release data/ is imported from (data/imports/open-ev-data/pin.yaml: version, upstream commit, SPDX
// licence id) and where that release is read when no other is given: ../shared/upstream/open-ev-data-dataset/<version>/.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { DATASET } from './extract.ts';

export const PIN_FILE = 'pin.yaml';

const pinFile = z.strictObject({
  version: z.string().regex(/^\d+\.\d+\.\d+$/, 'a version of the form 1.2.3'),
  commit: z.string().regex(/^[0-9a-f]{40}$/, 'the upstream commit, 40 hex digits'),
  /** SPDX id of the release's licence: the one the repository names; a release under another is refused. */
  licence: z.literal(DATASET.licence),
});
export type Pin = z.output<typeof pinFile>;

/** Reads a pin's text; throws a one-line Error naming the file and the first problem. */
export function parsePin(text: string, file: string): Pin {
  const parsed = pinFile.safeParse(parseYaml(text) ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`${file}: ${issue.path.join('.') || 'pin'}: ${issue.message}`);
  }
  return parsed.data;
}

export function readPin(file: string): Pin {
  if (!existsSync(file)) throw new Error(`${file} does not exist; it names the OpenEV Data release to import`);
  return parsePin(readFileSync(file, 'utf8'), file);
}

/** Where the pinned release is read from by default: beside the project, in the shared folder of pinned upstreams. */
export const pinnedReleaseFolder = (root: string, pin: Pin): string =>
  path.resolve(root, '..', 'shared', 'upstream', 'open-ev-data-dataset', pin.version);
