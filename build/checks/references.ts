// Check "references": every id a row cites (source, vehicle, charger, connector, protocol) exists and fits where it is used.
import type { CurrentKind } from '../core/vocabulary.ts';
import type { Located } from '../data/load.ts';
import type { Location, Problem } from '../data/problems.ts';
import type { TableName } from '../data/tables.ts';
import type { TableCheck } from './check.ts';
import { citations } from './citations.ts';

const NAME = 'references';

export const references: TableCheck = {
  name: NAME,
  severity: 'error',
  description:
    'Every cited source, vehicle, charger, connector and protocol exists; inlets carry the right current; observations name a pairing that exists.',
  check(t) {
    const problems: Problem[] = [];
    const report = (at: Location, message: string) => problems.push({ ...at, check: NAME, message });
    /** A reference to a row that does not exist (the runner drops it when the schema rejected that row). */
    const dangling = (at: Location, table: TableName, key: string, message: string) =>
      problems.push({ ...at, check: NAME, message, about: { table, key } });

    const sources = new Map(t.sources.map((r) => [r.value.id, r.value]));
    const connectors = new Map(t.connectors.map((r) => [r.value.id, r.value]));
    const protocols = new Set(t.protocols.map((r) => r.value.id));
    const vehicles = new Set(t.vehicles.map((r) => r.value.slug));
    const chargers = new Set(t.chargers.map((r) => r.value.slug));

    for (const { row, column, ids } of citations(t)) {
      for (const id of ids) {
        const source = sources.get(id);
        if (!source) dangling(row.at(column), 'sources', id, `source "${id}" is not defined in data/sources.yaml`);
        else if (source.kind === 'derived')
          report(row.at(column), `source "${id}" has kind "derived", which is reserved for the derivation rules`);
      }
    }
    const connectorFor = (at: Location, id: string, current: CurrentKind) => {
      const connector = connectors.get(id);
      if (!connector) dangling(at, 'connectors', id, `connector "${id}" is not defined in data/connectors.yaml`);
      else if (!connector.currents.includes(current)) report(at, `connector "${id}" does not carry ${current}`);
    };
    const knownProtocols = (row: Located<{ protocols: string[] }>) => {
      for (const id of row.value.protocols) {
        if (!protocols.has(id))
          dangling(row.at('protocols'), 'protocols', id, `protocol "${id}" is not defined in data/protocols.yaml`);
      }
    };

    for (const row of [...t.vehicles, ...t.chargers]) knownProtocols(row);

    for (const row of t.protocols) {
      for (const id of row.value.implied_by) {
        if (!connectors.has(id))
          dangling(row.at('implied_by'), 'connectors', id, `connector "${id}" is not defined in data/connectors.yaml`);
      }
    }
    for (const row of t.adapters) {
      connectorFor(row.at('vehicle_inlet'), row.value.vehicle_inlet, row.value.current);
      connectorFor(row.at('charger_connector'), row.value.charger_connector, row.value.current);
    }
    const vehicleRegions = new Set<string>();
    for (const row of t.vehicleRegions) {
      const { vehicle, region, ac_inlet, dc_inlet } = row.value;
      vehicleRegions.add(`${vehicle} ${region}`);
      if (!vehicles.has(vehicle))
        dangling(row.at('vehicle'), 'vehicles', vehicle, `vehicle "${vehicle}" is not defined in data/vehicles.csv`);
      connectorFor(row.at('ac_inlet'), ac_inlet, 'AC');
      if (dc_inlet !== null) connectorFor(row.at('dc_inlet'), dc_inlet, 'DC');
    }
    const chargerRegions = new Set<string>();
    const chargerKinds = new Map(t.chargers.map((r) => [r.value.slug, r.value.current_kind]));
    for (const row of t.chargerConnectors) {
      const { charger, region, connector } = row.value;
      chargerRegions.add(`${charger} ${region}`);
      const kind = chargerKinds.get(charger);
      if (!kind)
        dangling(row.at('charger'), 'chargers', charger, `charger "${charger}" is not defined in data/chargers.csv`);
      if (!connectors.has(connector))
        dangling(
          row.at('connector'),
          'connectors',
          connector,
          `connector "${connector}" is not defined in data/connectors.yaml`,
        );
    }
    for (const row of t.observations) {
      const { vehicle, charger, region } = row.value;
      if (!vehicles.has(vehicle))
        dangling(row.at('vehicle'), 'vehicles', vehicle, `vehicle "${vehicle}" is not defined in data/vehicles.csv`);
      else if (!vehicleRegions.has(`${vehicle} ${region}`))
        report(row.at('region'), `vehicle "${vehicle}" has no row for region ${region} in data/vehicle_regions.csv`);
      if (!chargers.has(charger))
        dangling(row.at('charger'), 'chargers', charger, `charger "${charger}" is not defined in data/chargers.csv`);
      else if (!chargerRegions.has(`${charger} ${region}`))
        report(
          row.at('region'),
          `charger "${charger}" has no connector for region ${region} in data/charger_connectors.csv`,
        );
    }
    return problems;
  },
};
