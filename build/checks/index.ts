// Every data check, in the order they run: the file checks while data/ is read, the checks over all rows, then (once
// every row is sound) the checks of curated observations against the rules. A new check is one module plus one line
// here, and a test file named after its module (tests/checks/registry.test.ts holds all three together).
import type { CheckInfo, ObservationCheck, TableCheck } from './check.ts';
import { consistency } from './consistency.ts';
import { factSources } from './fact-sources.ts';
import { format } from './format.ts';
import { homeMarket } from './home-market.ts';
import { networkLinks } from './network-links.ts';
import { networkTerms } from './network-terms.ts';
import { observationAdapter } from './observation-adapter.ts';
import { observationKw } from './observation-kw.ts';
import { observationProtocol } from './observation-protocol.ts';
import { importNotes } from './import-notes.ts';
import { plainText } from './plain-text.ts';
import { plausibility } from './plausibility.ts';
import { platformFacts } from './platform-facts.ts';
import { publishedSlugs } from './published-slugs.ts';
import { references } from './references.ts';
import { reservedSlugs } from './reserved-slugs.ts';
import { schema } from './schema.ts';
import { similarVariants } from './similar-variants.ts';
import { slugConventions } from './slug-conventions.ts';
import { sortedRows } from './sorted-rows.ts';
import { sourcesCited } from './sources-cited.ts';
import { uniqueKeys } from './unique-keys.ts';

/** Run by the loader on each file as it is read. */
export const FILE_CHECKS: readonly CheckInfo[] = [format, schema, plainText];

/** Run over every row once all files are read. */
export const TABLE_CHECKS: readonly TableCheck[] = [
  uniqueKeys,
  reservedSlugs,
  references,
  consistency,
  factSources,
  importNotes,
  platformFacts,
  networkLinks,
  networkTerms,
  plausibility,
  homeMarket,
  slugConventions,
  publishedSlugs,
  sortedRows,
  sourcesCited,
  similarVariants,
];

/** Run over the observed pairings once every table check passed (they derive edges from the tables). */
export const OBSERVATION_CHECKS: readonly ObservationCheck[] = [observationAdapter, observationKw, observationProtocol];

/** Every check, in the order they run and CONTRIBUTING.md lists them. */
export const DATA_CHECKS: readonly CheckInfo[] = [...FILE_CHECKS, ...TABLE_CHECKS, ...OBSERVATION_CHECKS];
