// Coverage: the counts per region match the built tree, and the shipped dataset keeps the coverage issue 4 promises.
import { beforeAll, describe, expect, it } from 'vitest';
import { REGIONS, type Region } from '../../build/core/regions.ts';
import { checkTables, loadDataset, type Dataset } from '../../build/data/dataset.ts';
import { loadTables } from '../../build/data/load.ts';
import { STATES, type State } from '../../build/core/vocabulary.ts';
import { coverageTable, datasetCoverage, type Coverage } from '../../build/report/coverage.ts';
import { listFiles, MINI_FIXTURE, PROJECT_ROOT, sharedSite } from '../helpers/fixture.ts';

describe('datasetCoverage on the mini fixture', () => {
  const site = sharedSite('mini');
  let coverage: Coverage;
  beforeAll(async () => {
      coverage = datasetCoverage(await loadDataset(MINI_FIXTURE));
  });

  it('counts the states of exactly the edge files the build wrote, region by region', async () => {
    for (const region of REGIONS) {
      const fromFiles = Object.fromEntries(STATES.map((state) => [state, 0]));
      const files = listFiles(site.publicDir).filter((file) => file.startsWith(`api/v1/_data/edges/${region}/`));
      for (const file of files) {
        const edge = (site.json(file)) as { state: string };
        fromFiles[edge.state]! += 1;
      }
      expect(coverage.regions[region].states, region).toEqual(fromFiles);
    }
  });

  it('counts the vehicles and the index counts of the built /api/v1 document', async () => {
    const index = (site.json('api/v1/_data/index.json')) as { counts: { vehicles: number; chargers: number; edges: number } };
    expect(coverage.vehicles).toBe(index.counts.vehicles);
    expect(coverage.chargers.AC + coverage.chargers.DC).toBe(index.counts.chargers);
    const edges = REGIONS.flatMap((region) => STATES.map((state) => coverage.regions[region].states[state]));
    expect(edges.reduce((a, b) => a + b, 0)).toBe(index.counts.edges);
  });

  it('prints one table row per region with the state columns in the contract order', () => {
    const table = coverageTable(coverage).split('\n');
    expect(table).toContain('| region | vehicles | DC chargers | AC chargers | ok | adp | limited | no | unk |');
    const eu = coverage.regions.EU;
    expect(table).toContain(`| EU | ${eu.vehicles} | ${eu.chargers.DC} | ${eu.chargers.AC} | ${STATES.map((s) => eu.states[s]).join(' | ')} |`);
  });
});

describe('the shipped dataset', () => {
  let data: Dataset;
  let coverage: Coverage;
  beforeAll(async () => {
    data = await loadDataset(PROJECT_ROOT);
    coverage = datasetCoverage(data);
  });

  it('passes every data check, style checks included', async () => {
    const { tables, problems, rejectedKeys, context } = await loadTables(PROJECT_ROOT);
    expect([...problems, ...checkTables(tables, context, rejectedKeys)]).toEqual([]);
  });

  it('keeps the coverage minimums: 80 variants of model years 2019-2026, 20 brands, 30 charger models (18 DC, 8 AC), 15 observations', () => {
    expect(data.vehicles.filter((vehicle) => vehicle.model_year >= 2019 && vehicle.model_year <= 2026).length).toBeGreaterThanOrEqual(80);
    expect(coverage.brands).toBeGreaterThanOrEqual(20);
    expect(coverage.architectures['400V']).toBeGreaterThan(0);
    expect(coverage.architectures['800V']).toBeGreaterThan(0);
    expect(coverage.chargers.DC).toBeGreaterThanOrEqual(18);
    expect(coverage.chargers.AC).toBeGreaterThanOrEqual(8);
    expect(coverage.observations).toBeGreaterThanOrEqual(15);
  });

  /**
   * What the real world does not offer yet, so the data cannot honestly show it (data/README.md, "Known gaps").
   * Each entry must still be a gap: when a sourced row fills it, this test fails until the entry is removed.
   */
  const KNOWN_GAPS: Partial<Record<Region, State[]>> = {
    TR: ['adp'],
  };

  it.each(REGIONS)('%s: at least 30 variants on sale, DC and AC charger models, every state occurs (known gaps aside)', (region) => {
    const { vehicles, chargers, states } = coverage.regions[region];
    expect(vehicles).toBeGreaterThanOrEqual(30);
    expect(chargers.DC).toBeGreaterThan(0);
    expect(chargers.AC).toBeGreaterThan(0);
    expect(STATES.filter((state) => states[state] === 0)).toEqual(KNOWN_GAPS[region] ?? []);
  });
});
