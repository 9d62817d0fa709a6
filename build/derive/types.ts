// Types shared by the derivation rules: a physical connection path and the facts a rule returns.
import type { AdapterEntry, ChargerConnectorRow, CurrentKind, State } from '../data/tables.ts';

/** One physical way to connect a vehicle to a charger: a charger connector, the vehicle inlet it meets, maybe an adapter. */
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
}

export interface PathVerdict {
  path: ConnectionPath;
  state: State;
  kw: number;
  protocols: string[];
  protocolsKnown: boolean;
  unchecked: string[];
}
