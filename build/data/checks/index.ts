// The list of every data check, in the order they run.
import type { DataCheck } from './check.ts';
import { consistency } from './consistency.ts';
import { plausibility } from './plausibility.ts';
import { references } from './references.ts';
import { reservedSlugs } from './reserved-slugs.ts';
import { sortedRows } from './sorted-rows.ts';
import { sourcesCited } from './sources-cited.ts';
import { uniqueKeys } from './unique-keys.ts';

export const DATA_CHECKS: readonly DataCheck[] = [uniqueKeys, reservedSlugs, references, consistency, plausibility, sortedRows, sourcesCited];
