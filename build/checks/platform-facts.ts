// Check "platform-facts": a platform's facts and members hold together: each member names a platform that exists and a
// family with variants, no variant is put on two platforms, and a boost power stands only beside a boost path.
import type { Problem } from '../data/problems.ts';
import { membershipOf } from '../data/platforms.ts';
import { unknownId } from '../data/suggest.ts';
import type { TableCheck } from './check.ts';

const NAME = 'platform-facts';

export const platformFacts: TableCheck = {
  name: NAME,
  severity: 'error',
  description:
    'Every platform member names a platform of platforms.csv and a brand and family with variants in vehicles.csv in ' +
    'its years; no variant is on two platforms; boost_dc_kw is filled only where boost is yes; a slug is defined once.',
  check(t) {
    const problems: Problem[] = [];
    const slugs = new Map<string, number>();
    for (const row of t.platforms) {
      const earlier = slugs.get(row.value.slug);
      if (earlier !== undefined)
        problems.push({
          ...row.at('slug'),
          check: NAME,
          message: `platform "${row.value.slug}" is already defined on line ${earlier}`,
        });
      else slugs.set(row.value.slug, row.line);
      if (row.value.boost_dc_kw !== null && row.value.boost !== 'yes')
        problems.push({
          ...row.at('boost_dc_kw'),
          check: NAME,
          message: 'boost_dc_kw is the power of a boost path: set boost to yes, or leave boost_dc_kw empty',
        });
    }
    for (const row of t.platformMembers) {
      if (!slugs.has(row.value.platform))
        problems.push({
          ...row.at('platform'),
          check: NAME,
          message: unknownId('platform', row.value.platform, 'data/platforms.csv', slugs.keys()),
        });
      const { model_year_from: from, model_year_to: to } = row.value;
      if (from !== null && to !== null && from > to)
        problems.push({
          ...row.at('model_year_to'),
          check: NAME,
          message: `model_year_to ${to} is before model_year_from ${from}`,
        });
      const covered = t.vehicles.filter((v) => membershipOf(v.value, [row.value]).length > 0);
      if (covered.length === 0)
        problems.push({
          ...row.at('family'),
          check: NAME,
          message: `no variant of ${row.value.brand} ${row.value.family} in vehicles.csv falls in these model years`,
        });
    }
    for (const vehicle of t.vehicles) {
      const on = membershipOf(
        vehicle.value,
        t.platformMembers.map((m) => m.value),
      );
      if (new Set(on.map((m) => m.platform)).size > 1)
        problems.push({
          ...vehicle.at('family'),
          check: NAME,
          message: `the variant is put on several platforms (${[...new Set(on.map((m) => m.platform))].join(', ')}) by data/platform_members.csv`,
        });
    }
    return problems;
  },
};
