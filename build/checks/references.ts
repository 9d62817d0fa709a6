// Check "references": every id a row cites (source, vehicle, charger, connector, protocol) exists and fits where it is used.
import type { CurrentKind } from '../core/vocabulary.ts';
import type { Located } from '../data/load.ts';
import type { Location, Problem } from '../data/problems.ts';
import { unknownId } from '../data/suggest.ts';
import type { TableName } from '../data/tables.ts';
import type { TableCheck } from './check.ts';
import { citations } from './citations.ts';

const NAME = 'references';

/** The regions a vehicle or charger does have rows for, beside a region it has none for. */
const hasRegions = (regions: readonly string[] | undefined) =>
  `; it has ${regions && regions.length > 0 ? `rows for ${regions.join(', ')}` : 'none'}`;

export const references: TableCheck = {
  name: NAME,
  severity: 'error',
  description:
    'Every cited source, vehicle, charger, connector and protocol exists; inlets carry the right current; observations name a pairing that exists.',
  check(t) {
    const problems: Problem[] = [];
    const report = (at: Location, message: string) => problems.push({ ...at, check: NAME, message });
    const sources = new Map(t.sources.map((r) => [r.value.id, r.value]));
    const connectors = new Map(t.connectors.map((r) => [r.value.id, r.value]));
    const protocols = new Set(t.protocols.map((r) => r.value.id));
    const vehicles = new Set(t.vehicles.map((r) => r.value.slug));
    const chargers = new Set(t.chargers.map((r) => r.value.slug));
    /** What each table is called in a message, where it is defined, the ids it defines and whether to list them. */
    const defined = {
      sources: { what: 'source', file: 'data/sources.yaml', ids: [...sources.keys()], list: false },
      connectors: { what: 'connector', file: 'data/connectors.yaml', ids: [...connectors.keys()], list: true },
      protocols: { what: 'protocol', file: 'data/protocols.yaml', ids: protocols, list: true },
      vehicles: { what: 'vehicle', file: 'data/vehicles.csv', ids: vehicles, list: false },
      chargers: { what: 'charger', file: 'data/chargers.csv', ids: chargers, list: false },
    } as const;
    /**
     * A reference to a row that does not exist, with the closest id (and every id of a small table); the runner drops
     * it when the schema rejected that row.
     */
    const dangling = (at: Location, table: keyof typeof defined & TableName, key: string) => {
      const { what, file, ids, list } = defined[table];
      problems.push({ ...at, check: NAME, message: unknownId(what, key, file, ids, { list }), about: { table, key } });
    };

    for (const { row, column, ids } of citations(t)) {
      for (const id of ids) {
        const source = sources.get(id);
        if (!source) dangling(row.at(column), 'sources', id);
        else if (source.kind === 'derived')
          report(row.at(column), `source "${id}" has kind "derived", which is reserved for the derivation rules`);
      }
    }
    const connectorFor = (at: Location, id: string, current: CurrentKind) => {
      const connector = connectors.get(id);
      if (!connector) dangling(at, 'connectors', id);
      else if (!connector.currents.includes(current)) report(at, `connector "${id}" does not carry ${current}`);
    };
    const knownProtocols = (row: Located<{ protocols: string[] }>) => {
      for (const id of row.value.protocols) {
        if (!protocols.has(id)) dangling(row.at('protocols'), 'protocols', id);
      }
    };

    for (const row of [...t.vehicles, ...t.chargers]) knownProtocols(row);

    for (const row of t.protocols) {
      for (const id of row.value.implied_by) {
        if (!connectors.has(id)) dangling(row.at('implied_by'), 'connectors', id);
      }
    }
    for (const row of t.adapters) {
      connectorFor(row.at('vehicle_inlet'), row.value.vehicle_inlet, row.value.current);
      connectorFor(row.at('charger_connector'), row.value.charger_connector, row.value.current);
    }
    /** The regions each vehicle and charger has rows for, in the order of their rows. */
    const vehicleRegions = new Map<string, string[]>();
    for (const row of t.vehicleRegions) {
      const { vehicle, region, ac_inlet, dc_inlet } = row.value;
      vehicleRegions.set(vehicle, [...(vehicleRegions.get(vehicle) ?? []), region]);
      if (!vehicles.has(vehicle)) dangling(row.at('vehicle'), 'vehicles', vehicle);
      connectorFor(row.at('ac_inlet'), ac_inlet, 'AC');
      if (dc_inlet !== null) connectorFor(row.at('dc_inlet'), dc_inlet, 'DC');
    }
    const chargerRegions = new Map<string, string[]>();
    const chargerKinds = new Map(t.chargers.map((r) => [r.value.slug, r.value.current_kind]));
    for (const row of t.chargerConnectors) {
      const { charger, region, connector } = row.value;
      const regions = chargerRegions.get(charger) ?? [];
      if (!regions.includes(region)) chargerRegions.set(charger, [...regions, region]);
      const kind = chargerKinds.get(charger);
      if (!kind) dangling(row.at('charger'), 'chargers', charger);
      if (!connectors.has(connector)) dangling(row.at('connector'), 'connectors', connector);
    }
    for (const row of t.observations) {
      const { vehicle, charger, region } = row.value;
      if (!vehicles.has(vehicle)) dangling(row.at('vehicle'), 'vehicles', vehicle);
      else if (!vehicleRegions.get(vehicle)?.includes(region))
        report(
          row.at('region'),
          `vehicle "${vehicle}" has no row for region ${region} in data/vehicle_regions.csv${hasRegions(vehicleRegions.get(vehicle))}`,
        );
      if (!chargers.has(charger)) dangling(row.at('charger'), 'chargers', charger);
      else if (!chargerRegions.get(charger)?.includes(region))
        report(
          row.at('region'),
          `charger "${charger}" has no connector for region ${region} in data/charger_connectors.csv${hasRegions(chargerRegions.get(charger))}`,
        );
    }
    return problems;
  },
};
