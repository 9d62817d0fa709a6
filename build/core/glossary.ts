// The words that explain each edge state and field to people: shared by the reference page and the explorer (no Node APIs).
import { REGION_TABLE } from './regions.ts';
import type { SourceKind, State } from './vocabulary.ts';

export interface StateWords {
  /** A short name, for headings and badges. */
  name: string;
  /** What the state means, in a sentence or two. */
  meaning: string;
}

/** Every state, in the published order (ok, adp, limited, no, unk). */
export const STATE_WORDS: Record<State, StateWords> = {
  ok: {
    name: 'compatible',
    meaning:
      'The vehicle plugs straight into the charger and charges at its own maximum for that current: the charger does not hold it back.',
  },
  adp: {
    name: 'adapter required',
    meaning:
      'The pairing only works with an adapter between the charger’s connector and the vehicle’s inlet (for example ' +
      'NACS to CCS1 in North America). The adapter, and the network’s programme for it, may cap the power.',
  },
  limited: {
    name: 'charger-limited',
    meaning:
      'The pairing works without an adapter, but the charger side (its rated output, the connector’s current or its ' +
      'voltage window) caps the power below what the vehicle can take.',
  },
  no: {
    name: 'incompatible',
    meaning:
      'No working connection: no connector fits, even with an adapter, or a published limit rules it out (the ' +
      'charger’s voltage window, no boost path, no shared protocol), or an observation records that it fails. kW is 0.',
  },
  unk: {
    name: 'unknown',
    meaning: 'A figure needed to decide is missing from the dataset, so no verdict is given. kW is 0.',
  },
};

/** The edge fields a reader needs explained, beyond their one-line schema descriptions. */
export const FIELD_WORDS = {
  kw:
    'Expected peak power of the pairing in kilowatts: the lowest of what the vehicle accepts on that current, what ' +
    'the charger (and its connector) delivers, and any adapter’s cap. 0 means no figure: the state is no or unk, or ' +
    'an observed pairing has no measured peak.',
  confidence:
    'How sure the dataset is of the edge, from 0 (a guess) to 1 (certain). Pairings decided by a curated observation ' +
    'score highest, by the strength of its best source (a test, the manufacturer, a regulator, the press, the ' +
    'community); pairings derived from specifications by the rules score lower, and lower still with an adapter, ' +
    'with inputs that could not be checked or with vehicle figures that only an imported dataset gives (a little ' +
    'higher where our own sources and that dataset agree); unk scores lowest.',
  adapterRequired:
    'Whether an adapter is needed between the charger’s connector and the vehicle’s inlet: true exactly when the state is adp.',
  protocols:
    'The charging communication protocols both sides share for this pairing (for example DIN70121, ISO15118-2, CHAdeMO, IEC61851-1 for AC).',
  sources:
    'The documents the edge rests on: the specifications of both sides, the adapter programme, an observation, and ' +
    'the rules’ own marker (kind derived) when the edge was derived rather than observed.',
  region:
    `The market the pairing is for: ${REGION_TABLE.map(({ id, name }) => `${id} (${name})`).join(', ')}. Connectors, ` +
    `adapters and vehicle variants differ by region, so the same vehicle and charger can pair differently in two regions.`,
} as const;

/** What each kind of source is. */
export const SOURCE_KIND_WORDS: Record<SourceKind, string> = {
  oem: 'the manufacturer’s own specification or manual',
  regulatory: 'a regulator’s or standards body’s publication',
  press: 'a press article or review',
  community: 'an owners’ forum, club or dealer report',
  testing: 'a measurement by a testing organisation',
  dataset:
    'a record of an open dataset the project imports (its version and record path in the title), or a document only ' +
    'such a record cites, which the project did not open itself',
  derived: 'the build’s compatibility rules (the edge was derived from the other sources)',
};
