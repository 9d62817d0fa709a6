// Coverage: the counts per region match the built tree, and the shipped dataset keeps the coverage issue 4 promises.
import { beforeAll, describe, expect, it } from 'vitest';
import { REGIONS, type Region } from '../../build/core/regions.ts';
import { checkData, loadDataset } from '../../build/checks/load-dataset.ts';
import type { Dataset } from '../../build/data/dataset.ts';
import { STATES, type State } from '../../build/core/vocabulary.ts';
import type { BestSellerRow } from '../../build/data/tables.ts';
import { bestSellerCoverage, coverageTable, datasetCoverage, type Coverage } from '../../build/report/coverage.ts';
import { listFiles, MINI_FIXTURE, PROJECT_ROOT, sharedSite } from '../helpers/fixture.ts';

describe('datasetCoverage on the mini fixture', () => {
  const site = sharedSite('mini');
  let coverage: Coverage;
  beforeAll(async () => {
    coverage = datasetCoverage(loadDataset(MINI_FIXTURE));
  });

  it('counts the states of exactly the edge files the build wrote, region by region', async () => {
    for (const region of REGIONS) {
      const fromFiles = Object.fromEntries(STATES.map((state) => [state, 0]));
      const files = listFiles(site.publicDir).filter((file) => file.startsWith(`api/v1/_data/edges/${region}/`));
      for (const file of files) {
        const edge = site.json(file) as { state: string };
        fromFiles[edge.state]! += 1;
      }
      expect(coverage.regions[region].states, region).toEqual(fromFiles);
    }
  });

  it('counts the vehicles and the index counts of the built /api/v1 document', async () => {
    const index = site.json('api/v1/_data/index.json') as {
      counts: { vehicles: number; chargers: number; edges: number };
    };
    expect(coverage.vehicles).toBe(index.counts.vehicles);
    expect(coverage.chargers.AC + coverage.chargers.DC).toBe(index.counts.chargers);
    const edges = REGIONS.flatMap((region) => STATES.map((state) => coverage.regions[region].states[state]));
    expect(edges.reduce((a, b) => a + b, 0)).toBe(index.counts.edges);
  });

  it('prints one table row per region with the state columns in the contract order', () => {
    const table = coverageTable(coverage).split('\n');
    expect(table).toContain(
      "| region | vehicles | DC chargers | AC chargers | ok | adp | limited | no | unk | unk share | best sellers' unk share |",
    );
    const eu = coverage.regions.EU;
    const edges = STATES.reduce((n, s) => n + eu.states[s], 0);
    expect(table).toContainEqual(
      expect.stringContaining(
        `| EU | ${eu.vehicles} | ${eu.chargers.DC} | ${eu.chargers.AC} | ${STATES.map((s) => eu.states[s]).join(' | ')} | ` +
          `${((100 * eu.states.unk) / edges).toFixed(1)} % |`,
      ),
    );
  });

  it('ranks the missing figures as /api/v1/wanted does and prints the top of the list', () => {
    const { figures } = coverage.wanted;
    for (const [a, b] of figures.slice(1).map((f, i) => [figures[i]!, f] as const))
      expect(a.edges).toBeGreaterThanOrEqual(b.edges);
    const table = coverageTable(coverage);
    for (const figure of figures.slice(0, 3))
      expect(table).toContain(`| ${figure.file} \`${figure.row}\` ${figure.column} | ${figure.edges} |`);
  });
});

describe('bestSellerCoverage', () => {
  const rows = (cells: Partial<BestSellerRow>[]): BestSellerRow[] =>
    cells.map((c, i) => ({
      region: 'EU',
      rank: i + 1,
      brand: 'Kia',
      family: 'EV6',
      units: null,
      period: '2021-2025',
      source: ['s'],
      ...c,
    }));
  const data = (bestSellers: BestSellerRow[]) =>
    ({
      vehicles: [
        { slug: 'kia-e-niro-2020-eu', brand: 'Kia', family: 'e-Niro' },
        { slug: 'kia-ev6-2022-na', brand: 'Kia', family: 'EV6' },
      ],
      vehicleRegions: new Map([
        ['kia-e-niro-2020-eu', new Map([['EU', {}]])],
        ['kia-ev6-2022-na', new Map([['NA', {}]])],
      ]),
      bestSellers,
    }) as unknown as Dataset;

  it('counts a family on sale in the region under any of its names, and a family sold elsewhere as missing, by rank', () => {
    const result = bestSellerCoverage(
      data(
        rows([
          { rank: 2, family: 'EV6' },
          { rank: 1, family: 'Niro EV | e-Niro' },
          { region: 'NA', family: 'EV6' },
          { rank: 3, brand: 'Tesla', family: 'Model Y' },
        ]),
      ),
    );
    expect(result).toEqual({
      EU: { hits: ['Kia Niro EV'], misses: ['Kia EV6', 'Tesla Model Y'] },
      NA: { hits: ['Kia EV6'], misses: [] },
    });
  });
});

describe('the shipped dataset', () => {
  let data: Dataset;
  let coverage: Coverage;
  beforeAll(async () => {
    data = loadDataset(PROJECT_ROOT);
    coverage = datasetCoverage(data);
  });

  it('passes every data check, style checks included', async () => {
    expect(checkData(PROJECT_ROOT).problems).toEqual([]);
  });

  it('keeps the coverage minimums: 300 variants of model years 2019-2026, 20 brands, 60 charger models (18 DC, 8 AC), 15 observations', () => {
    expect(
      data.vehicles.filter((vehicle) => vehicle.model_year >= 2019 && vehicle.model_year <= 2026).length,
    ).toBeGreaterThanOrEqual(300);
    expect(coverage.chargers.DC + coverage.chargers.AC).toBeGreaterThanOrEqual(60);
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

  /**
   * Regions whose best-seller list falls short (data/README.md, "Known gaps"): its length where the published rankings
   * stop before 25, and the families missing where no source says which variant is sold there.
   */
  const BEST_SELLER_GAPS: Partial<Record<Region, { length: number; missing: string[] }>> = {
    TR: { length: 10, missing: ['MINI Countryman Electric', 'Kia EV3'] },
  };

  it.each(REGIONS)(
    '%s: a best-seller list of 25 families from registration statistics, at least 90 %% of it on sale there (known gaps aside)',
    (region) => {
      const list = coverage.bestSellers[region];
      expect(list, `data/best_sellers.csv has no ${region} list`).toBeDefined();
      const gap = BEST_SELLER_GAPS[region];
      const length = list!.hits.length + list!.misses.length;
      expect(length).toBe(gap?.length ?? 25);
      if (gap) {
        expect(list!.hits.length / length).toBeLessThan(0.9);
        expect(list!.misses).toEqual(gap.missing);
      } else expect(list!.hits.length / length).toBeGreaterThanOrEqual(0.9);
    },
  );

  it.each(REGIONS)(
    '%s: at least 30 variants on sale, DC and AC charger models, every state occurs (known gaps aside)',
    (region) => {
      const { vehicles, chargers, states } = coverage.regions[region];
      expect(vehicles).toBeGreaterThanOrEqual(30);
      expect(chargers.DC).toBeGreaterThan(0);
      expect(chargers.AC).toBeGreaterThan(0);
      expect(STATES.filter((state) => states[state] === 0)).toEqual(KNOWN_GAPS[region] ?? []);
    },
  );
});
