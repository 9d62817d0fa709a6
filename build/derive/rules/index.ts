// The derivation rule set: every rule in the order it runs, and the version of the set that edges carry.
import type { DerivationRule } from '../rule.ts';
import { acPowerRule } from './ac-power.ts';
import { adapterPath } from './adapter-path.ts';
import { availability } from './availability.ts';
import { bestPath } from './best-path.ts';
import { citedSources } from './cited-sources.ts';
import { confidence } from './confidence.ts';
import { connectorMatch } from './connector-match.ts';
import { curatedObservation } from './curated-observation.ts';
import { dcPowerRule } from './dc-power.ts';
import { sharedProtocolsRule } from './shared-protocols.ts';
import { statePrecedenceRule } from './state-precedence.ts';

/** Semver of the rule set: patch = data-only effect, minor = new rule, major = a change that can flip states. */
export const DERIVATION_VERSION = '4.0.0';

/** Every rule, by stage: pairing, paths, path (each path), edge. A new rule is one module plus one line here. */
export const DERIVATION_RULES: readonly DerivationRule[] = [
  availability,
  connectorMatch,
  adapterPath,
  sharedProtocolsRule,
  dcPowerRule,
  acPowerRule,
  statePrecedenceRule,
  bestPath,
  curatedObservation,
  confidence,
  citedSources,
];
