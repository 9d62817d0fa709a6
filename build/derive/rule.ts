// The shape of a derivation rule (a named unit, registered in rules/index.ts) and the records rules read and fill in.
import type { Region } from '../core/regions.ts';
import type { State } from '../core/vocabulary.ts';
import type { Dataset } from '../data/dataset.ts';
import type {
  AdapterEntry,
  ChargerConnectorRow,
  ChargerRow,
  ObservationRow,
  VehicleRegionRow,
  VehicleRow,
} from '../data/tables.ts';
import type { CurrentKind } from '../core/vocabulary.ts';

/** One vehicle × charger × region pairing, with the rows that make both sides available there. */
export interface Pairing {
  data: Dataset;
  vehicle: VehicleRow;
  charger: ChargerRow;
  region: Region;
  vehicleRegion: VehicleRegionRow;
  connectorRows: readonly ChargerConnectorRow[];
}

/** One physical way to connect: a charger connector, the vehicle inlet it meets, maybe an adapter. */
export interface ConnectionPath {
  current: CurrentKind;
  connector: ChargerConnectorRow;
  vehicleInlet: string;
  adapter: AdapterEntry | null;
}

/** What a power rule concludes for one path. */
export interface PowerEstimate {
  /** Expected peak kW (the smaller of the vehicle's and the charger side's caps); null when a needed figure is missing. */
  kw: number | null;
  /** The charger side (connector, current, voltage, adapter) caps below what the vehicle takes. */
  chargerLimited: boolean;
  /** A physical limit makes charging impossible (e.g. voltage window); the reason. */
  impossible: string | null;
  /** Figures the rule needed and did not have: makes the state unk. */
  missing: string[];
  /** Figures the rule could not check (estimate still made): lowers confidence. */
  unchecked: string[];
  /** When kw is null: the most the path could give, from the caps that are known (Infinity when none bounds it). */
  upperKw?: number;
}

/** Why a path has no protocol both sides speak: a known incompatibility (rules it out) or a gap in what is on record. */
export interface ProtocolGap {
  /** True when the sides are known not to share one (a unit speaking only another brand's own protocol). */
  incompatible: boolean;
  reason: string;
}

/** The judgement of one path, filled in by the path rules in order. */
export interface PathVerdict {
  path: ConnectionPath;
  power: PowerEstimate | null;
  /** Protocols both sides speak over the path; a usable path always names at least one. */
  protocols: string[];
  /** Null when a protocol is shared; else why none is. */
  protocolGap: ProtocolGap | null;
  state: State;
  kw: number;
  /** For `no` and `unk`: the known limit or the missing figure that decided it; null for a usable path. */
  reason: string | null;
}

/** The edge as the edge rules build it up. */
export interface EdgeDraft {
  pairing: Pairing;
  /** Every path's verdict, best first once the best-path rule ran. */
  verdicts: PathVerdict[];
  best: PathVerdict | null;
  state: State;
  /** For `no` and `unk`: why (the best path's reason, no physical path, or the observation); null when usable. */
  reason: string | null;
  kw: number;
  confidence: number;
  protocols: string[];
  observation: ObservationRow | null;
  /** Ids of data/sources.yaml entries behind the edge, plus DERIVED_SOURCE_ID while rules (not an observation) decide it. */
  sourceIds: Set<string>;
}

interface RuleDoc {
  /** Kebab-case name, as data/README.md's table and the tests call it. */
  name: string;
  /** What the rule reads. */
  input: string;
  /** What it concludes. */
  conclusion: string;
}

/**
 * Rules run by stage, in registry order: `pairing` decides whether the edge exists, `paths` lists the physical
 * connection paths, `path` judges each path, `edge` picks and finishes the edge.
 */
export type DerivationRule =
  | (RuleDoc & {
      stage: 'pairing';
      pairing(data: Dataset, vehicle: VehicleRow, charger: ChargerRow, region: Region): Pairing | null;
    })
  | (RuleDoc & { stage: 'paths'; paths(pairing: Pairing): ConnectionPath[] })
  | (RuleDoc & { stage: 'path'; judge(pairing: Pairing, verdict: PathVerdict): void })
  | (RuleDoc & { stage: 'edge'; decide(draft: EdgeDraft): void });
