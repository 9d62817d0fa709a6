// The "similar-variants" warning (build/checks/similar-variants.ts): a new row like a published variant, at the new
// row's slug, naming the published row at file:line:column.
import { describe, expect, it } from 'vitest';
import { similarVariants } from '../../build/checks/similar-variants.ts';
import type { Region } from '../../build/core/regions.ts';
import { published } from '../helpers/check-tables.ts';
import { located, tables, vehicle, vehicleRegion } from '../helpers/rows.ts';

const OLD = 'test-car-2024-eu';
const NEW = 'test-car-long-range-2024-eu';

/** The published test car and a new row (with the given cells) sold in the given regions. */
function withNewRow(cells: Parameters<typeof vehicle>[0], regions: Region[] = ['EU']) {
  return tables({
    vehicles: [located('vehicles', 2, vehicle()), located('vehicles', 3, vehicle({ slug: NEW, ...cells }))],
    vehicleRegions: [
      located('vehicleRegions', 2, vehicleRegion()),
      ...regions.map((region, i) => located('vehicleRegions', 3 + i, vehicleRegion({ vehicle: NEW, region }))),
    ],
  });
}

describe('similar-variants', () => {
  it('is a warning', () => {
    expect(similarVariants.severity).toBe('warning');
  });

  it('warns at a new row with the brand, family, year and battery of a published one, naming both rows', () => {
    const problems = similarVariants.check(withNewRow({ trim: 'Long Range' }), published([OLD]));
    expect(problems).toEqual([
      {
        file: 'data/vehicles.csv',
        line: 3,
        column: 1,
        check: 'similar-variants',
        message:
          `vehicle "${NEW}" looks like the published "${OLD}" at data/vehicles.csv:2:1 (same brand, family, model ` +
          'year and usable battery: Test Car 2024, 60 kWh; sold in EU too)',
        hint: 'if it is the same car, put its facts on that row and drop this one; if not, let its trim say how it differs',
      },
    ]);
  });

  it('names every published variant a new row looks like in one warning', () => {
    const t = withNewRow({});
    t.vehicles.push(located('vehicles', 4, vehicle({ slug: 'test-car-sport-2024-eu', trim: 'Sport' })));
    t.vehicleRegions.push(
      located('vehicleRegions', 5, vehicleRegion({ vehicle: 'test-car-sport-2024-eu', region: 'GB' })),
      located('vehicleRegions', 6, vehicleRegion({ vehicle: NEW, region: 'GB' })),
    );
    const problems = similarVariants.check(t, published([OLD, 'test-car-sport-2024-eu']));
    expect(problems.map((p) => [p.line, p.message])).toEqual([
      [
        3,
        `vehicle "${NEW}" looks like the published variants "${OLD}" at data/vehicles.csv:2:1, ` +
          '"test-car-sport-2024-eu" at data/vehicles.csv:4:1 (same brand, family, model year and usable battery: ' +
          'Test Car 2024, 60 kWh; sold in EU, GB too)',
      ],
    ]);
  });

  it('compares names ignoring case and spacing, and the battery as a number', () => {
    const problems = similarVariants.check(withNewRow({ brand: 'TEST', family: ' car ' }), published([OLD]));
    expect(problems).toHaveLength(1);
  });

  it('stays silent when a figure differs, the battery is unknown, or they share no region', () => {
    expect(similarVariants.check(withNewRow({ battery_kwh_usable: 77 }), published([OLD]))).toEqual([]);
    expect(similarVariants.check(withNewRow({ model_year: 2025 }), published([OLD]))).toEqual([]);
    expect(similarVariants.check(withNewRow({ family: 'Car Sport' }), published([OLD]))).toEqual([]);
    expect(similarVariants.check(withNewRow({ battery_kwh_usable: null }), published([OLD]))).toEqual([]);
    expect(similarVariants.check(withNewRow({}, ['NA']), published([OLD]))).toEqual([]);
  });

  it('compares a new row with published rows only: two published rows, or two new ones, do not warn', () => {
    expect(similarVariants.check(withNewRow({}), published([OLD, NEW]))).toEqual([]);
    expect(similarVariants.check(withNewRow({}), published([]))).toEqual([]);
  });
});
