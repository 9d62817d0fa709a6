// Check "network-links": every network row names a network of networks.csv, and every charger link a charger model of
// chargers.csv that is installed in that region, for a network and region that network_regions.csv holds.
import type { Location, Problem } from '../data/problems.ts';
import type { TableName } from '../data/tables.ts';
import type { TableCheck } from './check.ts';

const NAME = 'network-links';

export const networkLinks: TableCheck = {
  name: NAME,
  severity: 'error',
  description:
    'network_regions.csv and network_chargers.csv name networks of networks.csv; a charger link names a charger of ' +
    'chargers.csv with a connector row in that region, for a (network, region) of network_regions.csv.',
  check(t) {
    const problems: Problem[] = [];
    const report = (at: Location, message: string) => problems.push({ ...at, check: NAME, message });
    /** A reference to a row that does not exist (the runner drops it when the schema rejected that row). */
    const dangling = (at: Location, table: TableName, key: string, message: string) =>
      problems.push({ ...at, check: NAME, message, about: { table, key } });
    const networks = new Set(t.networks.map((row) => row.value.slug));
    const unknownNetwork = (network: string) => `network "${network}" is not defined in data/networks.csv`;
    const regions = new Set<string>();
    for (const row of t.networkRegions) {
      regions.add(`${row.value.network} ${row.value.region}`);
      if (!networks.has(row.value.network))
        dangling(row.at('network'), 'networks', row.value.network, unknownNetwork(row.value.network));
    }
    const chargers = new Set(t.chargers.map((row) => row.value.slug));
    const installed = new Set(t.chargerConnectors.map((row) => `${row.value.charger} ${row.value.region}`));
    for (const row of t.networkChargers) {
      const { network, region, charger } = row.value;
      if (!networks.has(network)) dangling(row.at('network'), 'networks', network, unknownNetwork(network));
      else if (!regions.has(`${network} ${region}`))
        report(
          row.at('region'),
          `network "${network}" has no row for region ${region} in data/network_regions.csv (its access terms there)`,
        );
      if (!chargers.has(charger))
        dangling(row.at('charger'), 'chargers', charger, `charger "${charger}" is not defined in data/chargers.csv`);
      else if (!installed.has(`${charger} ${region}`))
        report(
          row.at('region'),
          `charger "${charger}" has no connector for region ${region} in data/charger_connectors.csv, so it has no ` +
            'edges there',
        );
    }
    return problems;
  },
};
