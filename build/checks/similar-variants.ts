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
      const alike = (published.get(key) ?? [])
        .map((other) => ({
          other,
          shared: [...(regions.get(other.value.slug) ?? [])].filter((region) => own.has(region)),
        }))
        .filter(({ shared }) => shared.length > 0);
      if (alike.length === 0) continue;
      const named = alike.map(({ other }) => {
        const at = other.at('slug');
        return `"${other.value.slug}" at ${at.file}:${at.line}:${at.column}`;
      });
      const shared = [...new Set(alike.flatMap((a) => a.shared))];
      const { brand, family, model_year: year, battery_kwh_usable: battery } = row.value;
      problems.push({
        ...row.at('slug'),
        check: NAME,
        message:
          `vehicle "${row.value.slug}" looks like the published ${named.length === 1 ? '' : 'variants '}` +
          `${named.join(', ')} (same ${LIKENESS_TEXT}: ${brand} ${family} ${year}, ${battery} kWh; sold in ` +
          `${shared.join(', ')} too)`,
        hint: 'if it is the same car, put its facts on that row and drop this one; if not, let its trim say how it differs',
      });
    }
    return problems;
  },
};
