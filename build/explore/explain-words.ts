// How the explorer words the reasoning behind an edge (its entry in the vehicle's explain document): the answer in
// plain words first ("charges; power not on record: the car's DC peak is missing"), then the path, the caps on record
// and each figure not on record with the file, row and column that would hold it.
import { rangeText } from '../api/explain-phrases.ts';
import type { ExplainEntry } from '../api/explain-schemas.ts';
import type { Edge, Vehicle } from '../api/schemas.ts';

type Cap = ExplainEntry['caps'][number];
type Missing = ExplainEntry['missing'][number];

/** What a missing figure is, in words, by file and column; another column is named as it is. */
const FIGURE_WORDS: Record<string, string> = {
  'vehicles.csv max_dc_kw_oem': "the car's DC peak",
  'vehicles.csv max_ac_kw_oem': "the car's AC peak (its on-board charger)",
  'vehicles.csv ac_one_phase_a': 'the current the car takes on one phase',
  'vehicles.csv ac_phases': "how many phases the car's on-board charger uses",
  'vehicles.csv boost_dc_kw': 'whether the car can boost a lower voltage',
  'vehicles.csv architecture_voltage_v': "the car's pack voltage",
  'chargers.csv output_voltage_max_v': "the unit's maximum voltage",
  'charger_connectors.csv max_kw': "the outlet's own power",
};
export const figureWords = (m: Pick<Missing, 'file' | 'column'>): string =>
  FIGURE_WORDS[`${m.file} ${m.column}`] ?? `${m.column} in ${m.file}`;

/** Where a missing figure would go: "chargers.csv abb-terra-360 output_voltage_max_v". */
export const figurePlace = (m: Pick<Missing, 'file' | 'row' | 'column'>): string => `${m.file} ${m.row} ${m.column}`;

/** What caps the power, in words. */
const CAP_WORDS: Record<Cap['cap'], string> = {
  vehicle: 'the car',
  outlet: 'the outlet',
  unit: 'the unit',
  adapter: 'the adapter',
  boost: "the car's boost",
  current: "the outlet's current",
  supply: 'the supply',
  phases: "the car's phases",
};
export const capWords = (cap: Cap['cap']): string => CAP_WORDS[cap];

/** Why an edge is `no`, by the rule that decided it. */
const NO_WORDS: Record<string, string> = {
  'connector-match': "no connector of the unit meets the car's inlets, even through an adapter",
  'shared-protocols': 'the connectors meet, but the two share no charging protocol',
  'curated-observation': 'a tested observation says so',
  'adapter-path': 'no adapter programme makes a path',
};

const list = (items: readonly string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)!}`;

/** The answer in plain words: whether it charges, then what sets (or would tell) its power. */
export function answerWords(edge: Pick<Edge, 'state' | 'kw'>, entry: ExplainEntry): string {
  if (edge.state === 'unk') {
    const deciding = entry.missing.filter((m) => m.decides === 'state');
    const figures = deciding.map((m) => `${figureWords(m)} (${figurePlace(m)})`);
    return figures.length === 0
      ? 'unknown: whether it charges is not on record'
      : `unknown: whether it charges depends on ${list(figures)}, not on record`;
  }
  if (edge.state === 'no')
    return `no: ${NO_WORDS[entry.decidedBy] ?? `the rule ${entry.decidedBy} rules every path out`}`;
  const how = edge.state === 'adp' && entry.path?.adapter ? `charges through ${entry.path.adapter}` : 'charges';
  if (edge.kw === 0) {
    const own = entry.missing.filter(
      (m) => m.file === 'vehicles.csv' && (m.column === 'max_dc_kw_oem' || m.column === 'max_ac_kw_oem'),
    );
    if (own.length === 0) return `${how}; power not on record`;
    return `${how}; power not on record: ${list(own.map((m) => `${figureWords(m)} is missing (${figurePlace(m)})`))}`;
  }
  const binding = entry.caps.filter((cap) => cap.kw === edge.kw).map((cap) => capWords(cap.cap));
  // A figure no cap gives (a tested observation's measured peak).
  if (binding.length === 0) return `${how}; ${edge.kw} kW`;
  if (edge.state === 'limited') return `${how}; limited by ${list(binding)}: ${edge.kw} kW`;
  if (binding.includes('the car')) return `${how}; the car's own maximum: ${edge.kw} kW`;
  return `${how}; ${edge.kw} kW, set by ${list(binding)}`;
}

/** "the car 190 kW · the outlet 360 kW". */
export const capsWords = (caps: readonly Cap[]): string =>
  caps.map((cap) => `${capWords(cap.cap)} ${cap.kw} kW`).join(' · ');

/** A missing figure in a line: where it would go, why it matters here, what it decides and the power it leaves open. */
export function missingWords(m: Missing): string {
  const range = rangeText(m.kwMin, m.kwMax);
  const decides = m.decides === 'state' ? 'whether it charges' : 'only the power';
  return `${figurePlace(m)}: ${m.why}; it decides ${decides}${range ? ` (${range})` : ''}`;
}

/** The car's own maxima, as the top of a vehicle's results shows them: "DC 240 kW · AC 11 kW" (or not on record). */
export function ownMaximaWords(vehicle: Pick<Vehicle, 'max_dc_kw_oem' | 'max_ac_kw_oem'>): string {
  const figure = (kind: string, kw: number | null) => `${kind} ${kw === null ? 'not on record' : `${kw} kW`}`;
  return `${figure('DC', vehicle.max_dc_kw_oem)} · ${figure('AC', vehicle.max_ac_kw_oem)}`;
}
