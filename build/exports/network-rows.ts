// networks.csv's rows: one per network × region × charger model it runs there, or one per network × region where no
// model is on record (the model's cells empty); sources as their ids joined by a space, as the data files join them.
import type { ExportedNetwork } from './release-tree.ts';

/** The columns of networks.csv. */
export const NETWORK_COLUMNS = [
  'network',
  'name',
  'region',
  'dc_sites',
  'dc_sites_as_of',
  'dc_sites_sources',
  'access',
  'access_brands',
  'access_sources',
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
    network.dc_sites ?? '',
    network.dc_sites_as_of ?? '',
    network.dc_sites_sources.join(' '),
    network.access,
    network.access_brands.join(' '),
    network.access_sources.join(' '),
    String(network.hardware_known),
  ];
  if (network.models.length === 0) return [[...head, '', '', '', '']];
  return network.models.map((model) => [...head, model.charger, model.name, model.sources.join(' '), model.note ?? '']);
}
