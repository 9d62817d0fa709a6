// Check "unique-keys": slugs, ids and per-region keys appear once per table.
import type { Located } from '../data/load.ts';
import type { Problem } from '../data/problems.ts';
import type { TableCheck } from './check.ts';

function duplicates<T>(rows: Located<T>[], key: (row: T) => string, field: string, what: string): Problem[] {
  const first = new Map<string, Located<T>>();
  const problems: Problem[] = [];
  for (const row of rows) {
    const value = key(row.value);
    const earlier = first.get(value);
    if (earlier) {
      problems.push({
        ...row.at(field),
        check: uniqueKeys.name,
        message: `${what} "${value}" is already defined on line ${earlier.line}`,
      });
    } else {
      first.set(value, row);
    }
  }
  return problems;
}

export const uniqueKeys: TableCheck = {
  name: 'unique-keys',
  severity: 'error',
  description:
    'Each slug or id is defined once; each (vehicle, region), (charger, region, connector), observed pairing, ' +
    '(network, region) and (network, region, charger) once.',
  check: (t) => [
    ...duplicates(t.sources, (r) => r.id, 'id', 'source id'),
    ...duplicates(t.connectors, (r) => r.id, 'id', 'connector id'),
    ...duplicates(t.protocols, (r) => r.id, 'id', 'protocol id'),
    ...duplicates(t.adapters, (r) => r.id, 'id', 'adapter id'),
    ...duplicates(t.vehicles, (r) => r.slug, 'slug', 'vehicle slug'),
    ...duplicates(t.chargers, (r) => r.slug, 'slug', 'charger slug'),
    ...duplicates(t.vehicleRegions, (r) => `${r.vehicle} ${r.region}`, 'region', 'vehicle and region'),
    ...duplicates(
      t.chargerConnectors,
      (r) => `${r.charger} ${r.region} ${r.connector}`,
      'connector',
      'charger, region and connector',
    ),
    ...duplicates(
      t.observations,
      (r) => `${r.vehicle} ${r.charger} ${r.region}`,
      'region',
      'observation of vehicle, charger and region',
    ),
    ...duplicates(t.networks, (r) => r.slug, 'slug', 'network slug'),
    ...duplicates(t.networkRegions, (r) => `${r.network} ${r.region}`, 'region', 'network and region'),
    ...duplicates(
      t.networkChargers,
      (r) => `${r.network} ${r.region} ${r.charger}`,
      'charger',
      'network, region and charger',
    ),
  ],
};
