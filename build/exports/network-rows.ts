// A network's cells in one region, as networks.csv and dataset.sqlite's network_regions write them (lists joined by a
// space), and networks.csv's rows: one per network × region × charger model it runs there, or one per network × region
// where no model is on record (the model's cells empty).
import type { ExportedNetwork } from './release-tree.ts';

/** The terms of a network in one region, by column: the one list both exports take their columns from. */
export const NETWORK_REGION_CELLS = {
  dc_sites: (network: ExportedNetwork) => network.dc_sites,
  dc_sites_as_of: (network: ExportedNetwork) => network.dc_sites_as_of,
  dc_sites_sources: (network: ExportedNetwork) => network.dc_sites_sources.join(' '),
  access: (network: ExportedNetwork) => network.access,
  access_brands: (network: ExportedNetwork) => network.access_brands.join(' '),
  access_sources: (network: ExportedNetwork) => network.access_sources.join(' '),
} as const;

const REGION_COLUMNS = Object.keys(NETWORK_REGION_CELLS) as (keyof typeof NETWORK_REGION_CELLS)[];

/** A network's terms in one region, in REGION_COLUMNS' order (null where a figure is not on record). */
export const networkRegionCells = (network: ExportedNetwork): (string | number | null)[] =>
  REGION_COLUMNS.map((column) => NETWORK_REGION_CELLS[column](network));

/** The columns of networks.csv. */
export const NETWORK_COLUMNS = [
  'network',
  'name',
  'region',
  ...REGION_COLUMNS,
  'hardware_known',
  'charger',
  'charger_name',
  'charger_sources',
  'charger_note',
] as const;

/** The rows of one network in one region. */
export function networkRows(network: ExportedNetwork): (string | number)[][] {
  const head = [
    network.network,
    network.name,
    network.region,
    ...networkRegionCells(network).map((cell) => cell ?? ''),
    String(network.hardware_known),
  ];
  if (network.models.length === 0) return [[...head, '', '', '', '']];
  return network.models.map((model) => [...head, model.charger, model.name, model.sources.join(' '), model.note ?? '']);
}
