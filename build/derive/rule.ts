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

/** Where a figure lives (or would live) in data/: the file, the row's key as the file's checks name it, the column. */
export interface FigureRef {
  file: 'vehicles.csv' | 'chargers.csv' | 'charger_connectors.csv' | 'adapters.yaml';
  row: string;
  column: string;
}

/** What caps a path's power; `vehicle` is the vehicle's own maximum for the path's current. */
export type CapKind = 'vehicle' | 'outlet' | 'unit' | 'adapter' | 'boost' | 'current' | 'supply' | 'phases';

/** One upper bound on a path's power that is on record, with the sources of the figures it comes from. */
export interface PowerCap {
  cap: CapKind;
  kw: number;
  sources: string[];
}

/**
 * A figure the rules needed and did not have. `decides: 'state'` when some of the values it could take rule the path
 * out and some do not (the path is `unk`); `'power'` when every value leaves the path usable and only its power
 * changes. `kwMin`..`kwMax` is the range of power it leaves open (null: not bounded by anything on record).
 */
export interface MissingFigure {
  figure: FigureRef;
  decides: 'state' | 'power';
  /** Why it matters here, in a few words ("the unit's maximum is 500 V"). */
  why: string;
  kwMin: number | null;
  kwMax: number | null;
}

/** What a power rule concludes for one path. */
export interface PowerEstimate {
  /**
   * The published peak for the path: the smallest cap on record (every cap in `caps`), or 0 when the vehicle's own
   * maximum for the path's current is not on record.
   */
  kw: number;
  /** The lowest the path could give over every value the missing power figures could take (null: not bounded). */
  lowKw: number | null;
  /** The most the path could give from the caps that surely apply (null: nothing on record bounds it). */
  highKw: number | null;
  caps: PowerCap[];
  /** A charger-side cap on record binds below the vehicle's own maximum on record. */
  chargerLimited: boolean;
  /** A physical limit makes charging impossible (e.g. voltage window); the reason. */
  impossible: string | null;
  missing: MissingFigure[];
  /** Figures the rule could not check and that change neither state nor the published kW: lowers confidence. */
  unchecked: string[];
  /** Ids of the implied-fact rules the estimate used (cited on the edge as `derived` sources). */
  implied: string[];
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
  /** The rule whose finding decided the path's state. */
  decidedBy: string;
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
  /** The rule whose finding decided the edge's state (the curated observation's rule when one did). */
  decidedBy: string;
  /** Missing figures behind the answer: the chosen path's, and those of a path of the unit's current left unknown. */
  missing: MissingFigure[];
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
