// Check "similar-variants" (a warning): a new vehicle row that looks like a published variant under another slug,
// the same brand, family, model year and usable battery, sold in a region they share.
import type { Problem } from '../data/problems.ts';
import { likenessKey, LIKENESS_TEXT } from '../data/variant-likeness.ts';
import type { TableCheck } from './check.ts';

const NAME = 'similar-variants';

export const similarVariants: TableCheck = {
  name: NAME,
  severity: 'warning',
  description:
    `A vehicle not yet published that has the same ${LIKENESS_TEXT} as a published one, in a region both are sold ` +
    'in, may be that variant under a second slug: the warning names both rows.',
  check(t, context) {
    const regions = new Map<string, Set<string>>();
    for (const { value } of t.vehicleRegions)
      regions.set(value.vehicle, (regions.get(value.vehicle) ?? new Set()).add(value.region));
    // Published variants by their likeness key: a new row is compared with these only, so that the trims of a new
    // model year, added together, do not warn about each other (they are new, and differ by their trims).
    const published = new Map<string, (typeof t.vehicles)[number][]>();
    for (const row of t.vehicles) {
      const key = likenessKey(row.value);
      if (key === null || !context.published.vehicles.has(row.value.slug)) continue;
      published.set(key, [...(published.get(key) ?? []), row]);
    }
    const problems: Problem[] = [];
    for (const row of t.vehicles) {
      const key = likenessKey(row.value);
      if (key === null || context.published.vehicles.has(row.value.slug)) continue;
      const own = regions.get(row.value.slug) ?? new Set<string>();
      for (const other of published.get(key) ?? []) {
        const shared = [...(regions.get(other.value.slug) ?? [])].filter((region) => own.has(region));
        if (shared.length === 0) continue;
        const at = other.at('slug');
        const { model_year: year, battery_kwh_usable: battery } = row.value;
        problems.push({
          ...row.at('slug'),
          check: NAME,
          message:
            `vehicle "${row.value.slug}" looks like the published "${other.value.slug}" at ` +
            `${at.file}:${at.line}:${at.column} (same ${LIKENESS_TEXT}: ${row.value.brand} ${row.value.family} ` +
            `${year}, ${battery} kWh; both sold in ${shared.join(', ')})`,
          hint: 'if it is the same car, put its facts on that row and drop this one; if not, let its trim say how it differs',
        });
      }
    }
    return problems;
  },
};
