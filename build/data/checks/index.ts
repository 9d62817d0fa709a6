// Every data check, in the order they run: the file checks while data/ is read, then the checks over all rows.
// A new check is one module plus one line here (edge checks, which need derivation, are in build/derive/checks/).
import type { CheckInfo, TableCheck } from './check.ts';
import { consistency } from './consistency.ts';
import { factSources } from './fact-sources.ts';
import { format } from './format.ts';
import { homeMarket } from './home-market.ts';
import { plausibility } from './plausibility.ts';
import { publishedSlugs } from './published-slugs.ts';
import { references } from './references.ts';
import { reservedSlugs } from './reserved-slugs.ts';
import { schema } from './schema.ts';
import { slugConventions } from './slug-conventions.ts';
import { sortedRows } from './sorted-rows.ts';
import { sourcesCited } from './sources-cited.ts';
import { uniqueKeys } from './unique-keys.ts';

/** Run by the loader on each file as it is read. */
export const FILE_CHECKS: readonly CheckInfo[] = [format, schema];

/** Run over every row once all files are read. */
export const TABLE_CHECKS: readonly TableCheck[] = [
  uniqueKeys,
  reservedSlugs,
  references,
  consistency,
  factSources,
  plausibility,
  homeMarket,
  slugConventions,
  publishedSlugs,
  sortedRows,
  sourcesCited,
];
