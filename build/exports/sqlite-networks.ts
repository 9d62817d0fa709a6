// dataset.sqlite's network tables (extension): networks (one row each), network_regions (its terms and DC site count
// per region) and network_models (the charger models it runs per region), sources as their ids joined by a space.
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { NETWORK_REGION_CELLS, networkRegionCells } from './network-rows.ts';
import type { ExportedNetwork } from './release-tree.ts';

/** The tables, in the order of sqlite_schema (after the explain tables). */
export const NETWORK_SCHEMA = [
  'CREATE TABLE networks (slug TEXT NOT NULL, name TEXT NOT NULL, note TEXT, sources TEXT NOT NULL, ' +
    'PRIMARY KEY (slug)) WITHOUT ROWID',
  'CREATE TABLE network_regions (network TEXT NOT NULL REFERENCES networks(slug), region TEXT NOT NULL, ' +
    'dc_sites INTEGER, dc_sites_as_of TEXT, dc_sites_sources TEXT NOT NULL, access TEXT NOT NULL, ' +
    'access_brands TEXT NOT NULL, access_sources TEXT NOT NULL, hardware_known INTEGER NOT NULL, hardware_note TEXT, ' +
    'PRIMARY KEY (network, region)) WITHOUT ROWID',
  'CREATE TABLE network_models (network TEXT NOT NULL, region TEXT NOT NULL, ' +
    'charger TEXT NOT NULL REFERENCES chargers(slug), sources TEXT NOT NULL, note TEXT, ' +
    'PRIMARY KEY (network, region, charger), ' +
    'FOREIGN KEY (network, region) REFERENCES network_regions(network, region)) WITHOUT ROWID',
];

const insert = (db: DatabaseSync, table: string, columns: readonly string[]): StatementSync =>
  db.prepare(`INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`);

/** Inserts the networks, given in their export order (by network, then region). */
export function insertNetworks(db: DatabaseSync, networks: readonly ExportedNetwork[]): void {
  const network = insert(db, 'networks', ['slug', 'name', 'note', 'sources']);
  const region = insert(db, 'network_regions', [
    'network',
    'region',
    ...Object.keys(NETWORK_REGION_CELLS),
    'hardware_known',
    'hardware_note',
  ]);
  const model = insert(db, 'network_models', ['network', 'region', 'charger', 'sources', 'note']);
  let previous: string | undefined;
  for (const row of networks) {
    if (row.network !== previous) network.run(row.network, row.name, row.note, row.sources.join(' '));
    previous = row.network;
    region.run(row.network, row.region, ...networkRegionCells(row), row.hardware_known ? 1 : 0, row.hardware_note);
    for (const m of row.models) model.run(row.network, row.region, m.charger, m.sources.join(' '), m.note);
  }
}
