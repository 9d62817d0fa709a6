// An edge's reasoning and the wanted list as flat rows (explain.csv, wanted.csv): the path, the caps and the missing
// figures each in one cell a spreadsheet shows whole, and a wanted figure's counts one column per region.
import { pathText, rangeText } from '../api/explain-phrases.ts';
import type { Wanted } from '../api/explain-schemas.ts';
import { REGIONS } from '../core/regions.ts';
import type { ExportedExplanation } from './release-tree.ts';

type Cap = ExportedExplanation['caps'][number];
type Missing = ExportedExplanation['missing'][number];

/** "vehicle 190 kW (source-a source-b); outlet 360 kW (source-c)". */
export const capsText = (caps: readonly Cap[]): string =>
  caps.map(({ cap, kw, sources }) => `${cap} ${kw} kW${sources.length ? ` (${sources.join(' ')})` : ''}`).join('; ');

/** "vehicles.csv kia-ev6-… max_dc_kw_oem (power, up to 250 kW): the car's own DC peak; …". */
export const missingText = (missing: readonly Missing[]): string =>
  missing
    .map(({ file, row, column, decides, why, kwMin, kwMax }) => {
      const range = rangeText(kwMin, kwMax);
      return `${file} ${row} ${column} (${decides}${range ? `, ${range}` : ''}): ${why}`;
    })
    .join('; ');

/** The columns of explain.csv, and a row of it. */
export const EXPLAIN_COLUMNS = ['vehicle', 'charger', 'region', 'path', 'caps', 'missing', 'decidedBy'] as const;
export const explainRow = (entry: ExportedExplanation): string[] => [
  entry.vehicle,
  entry.charger,
  entry.region,
  pathText(entry.path),
  capsText(entry.caps),
  missingText(entry.missing),
  entry.decidedBy,
];

type Figure = Wanted['figures'][number];

/** The columns of wanted.csv (and of the SQLite wanted table): the figure, its edges, then each region's counts. */
export const WANTED_COLUMNS = [
  'file',
  'row',
  'column',
  'edges',
  ...REGIONS.map((region) => `settles${region}`),
  ...REGIONS.map((region) => `sharpens${region}`),
] as const;
export const wantedRow = (figure: Figure): (string | number)[] => [
  figure.file,
  figure.row,
  figure.column,
  figure.edges,
  ...REGIONS.map((region) => figure.settles[region]),
  ...REGIONS.map((region) => figure.sharpens[region]),
];
