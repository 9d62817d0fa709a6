// Real-world regression table: documented pairings (tests/regression/real-world.csv, each with its source) checked
// against the shipped build. A row whose `known_wrong_today` cell names why the build gets it wrong is reported, not
// failed, and must keep failing: once the rules or data put it right, its mark has to go.
import { readFileSync } from 'node:fs';
import { parse as parseCsv } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { REGIONS } from '../../build/core/regions.ts';
import { loadDataset } from '../../build/checks/load-dataset.ts';
import { type Dataset } from '../../build/data/dataset.ts';
import { layout } from '../../build/render/layout.ts';
import { PROJECT_ROOT, useShippedSite } from '../helpers/fixture.ts';

const TABLE = new URL('./real-world.csv', import.meta.url);
const MIN_ROWS = 150;

const optionalKw = z.union([z.literal('').transform(() => null), z.coerce.number().nonnegative()]);
const Row = z
  .strictObject({
    vehicle: z.string().min(1),
    charger: z.string().min(1),
    region: z.enum(REGIONS),
    // unk is never a real-world outcome: a source shows what happened.
    expected_state: z.enum(['ok', 'limited', 'adp', 'no']),
    kw_min: optionalKw,
    kw_max: optionalKw,
    source: z
      .string()
      .min(1)
      .transform((cell) => cell.split(' ')),
    note: z.string().min(1),
    known_wrong_today: z.string(),
  })
  .refine((row) => row.kw_min === null || row.kw_max === null || row.kw_min <= row.kw_max, 'kw_min above kw_max');
type Row = z.infer<typeof Row>;

const records: unknown[] = parseCsv(readFileSync(TABLE, 'utf8'), { columns: true });
const rows: Row[] = records.map((record, i) => {
  const parsed = Row.safeParse(record);
  if (!parsed.success) throw new Error(`real-world.csv row ${i + 2}: ${parsed.error.message}`);
  return parsed.data;
});

interface Outcome {
  state: string;
  kw: number;
}

const label = (row: Row) => `${row.vehicle} × ${row.charger} (${row.region})`;
const expectedText = (row: Row) =>
  `${row.expected_state}${row.kw_min === null && row.kw_max === null ? '' : ` ${row.kw_min ?? '…'}-${row.kw_max ?? '…'} kW`}`;
const matches = (row: Row, actual: Outcome) =>
  actual.state === row.expected_state &&
  (row.kw_min === null || actual.kw >= row.kw_min) &&
  (row.kw_max === null || actual.kw <= row.kw_max);

describe('real-world regression table', () => {
  const site = useShippedSite();
  let data: Dataset;
  beforeAll(() => {
    data = loadDataset(PROJECT_ROOT);
  });

  /** The shipped edge of a row; a pairing the build does not publish (404) reads as state "absent". */
  const outcome = (row: Row): Outcome => {
    try {
      const edge = site.json(layout.edge(row.vehicle, row.charger, row.region)) as Outcome;
      return { state: edge.state, kw: edge.kw };
    } catch {
      return { state: 'absent', kw: 0 };
    }
  };

  it(`holds at least ${MIN_ROWS} pairings, one row each, in every region`, () => {
    expect(rows.length).toBeGreaterThanOrEqual(MIN_ROWS);
    expect(new Set(rows.map((row) => row.region))).toEqual(new Set(REGIONS));
    const keys = rows.map(label);
    expect(keys.filter((key, i) => keys.indexOf(key) !== i)).toEqual([]);
  });

  it('names vehicles, chargers and sources of the dataset', () => {
    const vehicles = new Set(data.vehicles.map((v) => v.slug));
    const chargers = new Set(data.chargers.map((c) => c.slug));
    const unknown = rows.flatMap((row) => [
      ...(vehicles.has(row.vehicle) ? [] : [`${label(row)}: vehicle ${row.vehicle}`]),
      ...(chargers.has(row.charger) ? [] : [`${label(row)}: charger ${row.charger}`]),
      ...row.source.filter((id) => !data.sources.has(id)).map((id) => `${label(row)}: source ${id}`),
    ]);
    expect(unknown).toEqual([]);
  });

  it('matches the shipped build on every unmarked row, and still differs on every row marked known wrong', () => {
    const wrong: string[] = [];
    const fixed: string[] = [];
    const known: string[] = [];
    for (const row of rows) {
      const actual = outcome(row);
      const line = `${label(row)}: expected ${expectedText(row)}, shipped ${actual.state} ${actual.kw} kW`;
      const ok = matches(row, actual);
      if (row.known_wrong_today === '' && !ok) wrong.push(line);
      else if (row.known_wrong_today !== '' && ok) fixed.push(`${line} (now right: clear its known_wrong_today)`);
      else if (!ok) known.push(`${line} (known: ${row.known_wrong_today})`);
    }
    if (known.length > 0) console.info(`real-world.csv: ${known.length} row(s) known wrong today\n${known.join('\n')}`);
    expect([...wrong, ...fixed], [...wrong, ...fixed].join('\n')).toEqual([]);
  });
});
