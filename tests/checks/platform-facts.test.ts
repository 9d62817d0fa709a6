// The "platform-facts" check (build/checks/platform-facts.ts): members, platforms and boost powers, each at its column.
import { describe, expect, it } from 'vitest';
import { NOTHING_PUBLISHED } from '../../build/checks/check.ts';
import { platformFacts } from '../../build/checks/platform-facts.ts';
import type { PlatformMemberRow, PlatformRow } from '../../build/data/tables.ts';
import { column, located, platform, platformMember, tables, vehicle } from '../helpers/rows.ts';

const member = platformMember;

const check = (platforms: PlatformRow[], members: PlatformMemberRow[]) =>
  platformFacts.check(
    tables({
      vehicles: [located('vehicles', 2, vehicle())],
      platforms: platforms.map((p, i) => located('platforms', 2 + i, p)),
      platformMembers: members.map((m, i) => located('platformMembers', 2 + i, m)),
    }),
    NOTHING_PUBLISHED,
  );

describe('platform-facts', () => {
  it('passes a platform whose member family has variants in its years', () => {
    expect(check([platform()], [member({ model_year_from: 2020, model_year_to: 2030 })])).toEqual([]);
  });

  it('reports an unknown platform, naming the defined ones, at the member’s platform column', () => {
    const problems = check([platform()], [member({ platform: 'other' })]);
    expect(problems.map((p) => [p.file, p.line, p.column, p.message])).toEqual([
      [
        'data/platform_members.csv',
        2,
        column('platformMembers', 'platform'),
        'platform "other" is not defined in data/platforms.csv; defined: test-platform',
      ],
    ]);
    expect(check([platform()], [member({ platform: 'test-platfrom' })])[0]?.message).toBe(
      'platform "test-platfrom" is not defined in data/platforms.csv; did you mean "test-platform"? defined: test-platform',
    );
  });

  it('reports a member whose family has no variant in its model years, and years in the wrong order', () => {
    const problems = check([platform()], [member({ model_year_from: 2026, model_year_to: 2025 })]);
    expect(problems.map((p) => [p.column, p.message])).toEqual([
      [column('platformMembers', 'model_year_to'), 'model_year_to 2025 is before model_year_from 2026'],
      [
        column('platformMembers', 'family'),
        `no variant of ${vehicle().brand} ${vehicle().family} in vehicles.csv falls in these model years`,
      ],
    ]);
  });

  it('reports a variant put on two platforms, a boost power without a boost path, and a platform defined twice', () => {
    const problems = check(
      [platform(), platform({ slug: 'second', boost: 'no', boost_dc_kw: 50 }), platform()],
      [member(), member({ platform: 'second' })],
    );
    expect(problems.map((p) => [p.file, p.line, p.message])).toEqual([
      [
        'data/platforms.csv',
        3,
        'boost_dc_kw is the power of a boost path: set boost to yes, or leave boost_dc_kw empty',
      ],
      ['data/platforms.csv', 4, 'platform "test-platform" is already defined on line 2'],
      [
        'data/vehicles.csv',
        2,
        'the variant is put on several platforms (test-platform, second) by data/platform_members.csv',
      ],
    ]);
  });
});
