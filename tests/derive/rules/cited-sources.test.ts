// Rule "cited-sources": edges of the shipped dataset cite only what decided them: a sample of published edges, each
// cited source checked against the rows whose facts that edge could have used (no Kia article on a Ford edge).
import { beforeAll, describe, expect, it } from 'vitest';
import type { Region } from '../../../build/core/regions.ts';
import { loadDataset } from '../../../build/checks/load-dataset.ts';
import { observationKey, type Dataset } from '../../../build/data/dataset.ts';
import { VEHICLE_FIGURES, figureSourceIds } from '../../../build/data/figure-sources.ts';
import { DERIVED_SOURCE_ID } from '../../../build/derive/rules/cited-sources.ts';
import { listFiles, PROJECT_ROOT, useShippedSite } from '../../helpers/fixture.ts';

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
    add(`connector ${row.connector}`, row.source);
  add('charger', charger.source);
  // A NACS unit carries both currents; otherwise the unit's kind says which of the vehicle's figures apply.
  for (const figure of VEHICLE_FIGURES) add(figure, figureSourceIds(vehicle, figure));
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
