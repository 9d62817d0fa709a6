// Rule "cited-sources": edges of the shipped dataset cite only what decided them: a sample of published edges, each
// cited source checked against the rows whose facts that edge could have used (no Kia article on a Ford edge).
import { beforeAll, describe, expect, it } from 'vitest';
import type { Region } from '../../../build/core/regions.ts';
import { loadDataset } from '../../../build/checks/load-dataset.ts';
import { observationKey, type Dataset } from '../../../build/data/dataset.ts';
import { chargerSourceIds, currentFigureSourceIds, outletSourceIds } from '../../../build/data/figure-sources.ts';
import { deriveEdge } from '../../../build/derive/derive-edge.ts';
import { IMPLIED_AC_PHASES } from '../../../build/derive/implied-facts.ts';
import { DERIVED_SOURCE_ID } from '../../../build/derive/rules/cited-sources.ts';
import { listFiles, PROJECT_ROOT, useShippedSite } from '../../helpers/fixture.ts';
import { charger, connectorRow, dataset, source, vehicle, vehicleRegion } from '../../helpers/rows.ts';

interface PublishedEdge {
  vehicle: string;
  charger: string;
  region: Region;
  protocols: string[];
  sources: { id: string }[];
}

/** Every source id a fact of this pairing carries, by the fact it backs. */
function factsOf(data: Dataset, edge: PublishedEdge): Map<string, Set<string>> {
  const vehicle = data.vehicles.find((v) => v.slug === edge.vehicle)!;
  const charger = data.chargers.find((c) => c.slug === edge.charger)!;
  const facts = new Map<string, Set<string>>();
  const add = (fact: string, ids: readonly string[]) =>
    ids.forEach((id) => facts.set(id, (facts.get(id) ?? new Set()).add(fact)));
  add('inlets', data.vehicleRegions.get(vehicle.slug)?.get(edge.region)?.source ?? []);
  for (const row of data.chargerConnectors.get(charger.slug)?.get(edge.region) ?? [])
    add(`connector ${row.connector}`, outletSourceIds(row));
  add('charger', chargerSourceIds(charger));
  // A NACS unit carries both currents; otherwise the unit's kind says which of the vehicle's figures apply.
  add('DC figures', currentFigureSourceIds(vehicle, 'DC'));
  add('AC figures', currentFigureSourceIds(vehicle, 'AC'));
  // A platform's boost path stands in for the vehicle's own boost figure.
  add('DC figures', vehicle.inheritedBoost?.sources ?? []);
  // The implied phases stand in for an AC figure (a `derived` source named after the rule).
  add('AC figures', [IMPLIED_AC_PHASES.id]);
  if (edge.protocols.some((id) => vehicle.protocols.includes(id))) add('vehicle protocols', vehicle.source);
  // An unk edge may still have gone through an adapter (unk takes precedence over adp): the programme is a fact it used.
  for (const adapter of data.adapters.filter(
    (a) => a.regions.includes(edge.region) && a.brands.includes(vehicle.brand),
  ))
    add(`adapter ${adapter.id}`, adapter.source);
  add('observation', data.observations.get(observationKey(edge.vehicle, edge.charger, edge.region))?.source ?? []);
  add('rules', [DERIVED_SOURCE_ID]);
  return facts;
}

describe('sources on the published edges of the shipped dataset', () => {
  const site = useShippedSite();
  let data: Dataset;
  let sample: PublishedEdge[];
  beforeAll(async () => {
    data = loadDataset(PROJECT_ROOT);
    const files = listFiles(site.publicDir).filter((file) => file.startsWith('api/v1/_data/edges/'));
    // Every 23rd edge file: a few hundred edges spread over every region, vehicle and charger kind.
    sample = files.filter((_, i) => i % 23 === 0).map((file) => site.json(file) as PublishedEdge);
  });

  it('samples enough edges to mean something', () => {
    expect(sample.length).toBeGreaterThan(200);
    expect(new Set(sample.map((edge) => edge.region)).size).toBe(4);
  });

  it('cite only sources that back a fact of their own pairing', () => {
    const strangers = sample.flatMap((edge) => {
      const facts = factsOf(data, edge);
      return edge.sources
        .filter((source) => !facts.has(source.id))
        .map((source) => `${edge.vehicle} × ${edge.charger} (${edge.region}): ${source.id}`);
    });
    expect(strangers).toEqual([]);
  });

  it("never cite the vehicle's AC figures where only DC connectors are offered, or its DC figures where only AC ones are, unless another used fact cites the same document", () => {
    const misplaced = sample.flatMap((edge) => {
      // Only units whose connectors in the region carry one current (a DC unit with a Type 2 outlet may decide on AC).
      const currents = new Set(
        (data.chargerConnectors.get(edge.charger)?.get(edge.region) ?? []).flatMap(
          (row) => data.connectors.get(row.connector)?.currents ?? [],
        ),
      );
      if (currents.size !== 1) return [];
      const other = currents.has('DC') ? 'AC figures' : 'DC figures';
      const facts = factsOf(data, edge);
      return edge.sources
        .filter((source) => [...facts.get(source.id)!].every((fact) => fact === other))
        .map((source) => `${edge.vehicle} × ${edge.charger}: ${source.id}`);
    });
    expect(misplaced).toEqual([]);
  });
});

describe('rule cited-sources on the implied facts', () => {
  // An 11 kW on-board charger whose phases are not on record, at a 16 A three-phase wallbox in the EU.
  const box = charger({ slug: 'box', current_kind: 'AC', nominal_max_kw: 11, output_voltage_max_v: null });
  const socket = connectorRow({ charger: 'box', connector: 'type2', max_current_a: 16, phases: 3, source: ['plug'] });
  const sourceIds = (car: ReturnType<typeof vehicle>) =>
    deriveEdge(
      dataset({
        vehicles: [car],
        vehicleRegions: [vehicleRegion()],
        chargers: [box],
        chargerConnectors: [socket],
        sources: [source(), source({ id: 'plug' })],
      }),
      car,
      box,
      'EU',
    )!.sourceIds;

  it('cites implied-ac-phases where the AC power rested on it', () => {
    expect(sourceIds(vehicle({ max_ac_kw_oem: 11, ac_phases: null }))).toEqual([
      DERIVED_SOURCE_ID,
      IMPLIED_AC_PHASES.id,
      'plug',
      'spec-sheet',
    ]);
  });

  it("does not cite it where the car's phases are on record, or its power does not imply them", () => {
    expect(sourceIds(vehicle({ max_ac_kw_oem: 11, ac_phases: 3 }))).not.toContain(IMPLIED_AC_PHASES.id);
    expect(sourceIds(vehicle({ max_ac_kw_oem: 7.4, ac_phases: null }))).not.toContain(IMPLIED_AC_PHASES.id);
  });
});

describe('rule cited-sources on the figures of the outlet and the unit', () => {
  it("cites the sources of each figure of the chosen outlet and of the unit, beside their rows' own", () => {
    const box = charger({
      nominal_max_kw_source: ['nominal-sheet'],
      slug: 'box',
      current_kind: 'AC',
      nominal_max_kw: 22,
      output_voltage_max_v: null,
      output_voltage_min_v: null,
    });
    const socket = connectorRow({
      charger: 'box',
      connector: 'type2',
      max_current_a: 32,
      max_current_a_source: ['amps-sheet'],
      phases: 3,
      source: ['plug'],
    });
    const car = vehicle();
    const edge = deriveEdge(
      dataset({
        vehicles: [car],
        vehicleRegions: [vehicleRegion()],
        chargers: [box],
        chargerConnectors: [socket],
        sources: [source(), source({ id: 'plug' }), source({ id: 'amps-sheet' }), source({ id: 'nominal-sheet' })],
      }),
      car,
      box,
      'EU',
    )!;
    expect(edge.sourceIds).toEqual(expect.arrayContaining(['amps-sheet', 'nominal-sheet', 'plug']));
  });
});
