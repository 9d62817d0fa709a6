// The checks that need the derivation rules: curated observations against what the rules derive for the same pairing.
import { observationAdapter } from './observation-adapter.ts';
import type { ObservationCheck } from './observation-check.ts';
import { observationKw } from './observation-kw.ts';
import { observationProtocol } from './observation-protocol.ts';

export const OBSERVATION_CHECKS: readonly ObservationCheck[] = [observationAdapter, observationKw, observationProtocol];
