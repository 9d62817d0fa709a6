// Platform facts (build/data/platforms.ts): what a variant inherits from its platform, and what its own row keeps.
import { describe, expect, it } from 'vitest';
import { figureSourceIds } from '../../build/data/figure-sources.ts';
import { membershipOf, withPlatformFacts } from '../../build/data/platforms.ts';
import type { PlatformMemberRow, PlatformRow } from '../../build/data/tables.ts';
import { boostFact } from '../../build/derive/boost.ts';
import { platform, platformMember, vehicle } from '../helpers/rows.ts';

const member = platformMember;
const on =
  (p: PlatformRow, m: PlatformMemberRow = member()) =>
  (v: ReturnType<typeof vehicle>) =>
    withPlatformFacts(v, new Map([[p.slug, p]]), [m]);

describe('platform facts', () => {
  it('puts a variant on a platform by brand, family and model years (bounds included)', () => {
    const car = vehicle({ model_year: 2024 });
    expect(membershipOf(car, [member({ model_year_from: 2024, model_year_to: 2024 })])).toHaveLength(1);
    expect(membershipOf(car, [member({ model_year_from: 2025 })])).toEqual([]);
    expect(membershipOf(car, [member({ family: 'Other' })])).toEqual([]);
  });

  it('gives an empty pack voltage the platform class, citing the platform and the membership', () => {
    const car = on(platform())(vehicle({ architecture_voltage_v: null }));
    expect(car.architecture_voltage_v).toBe(800);
    expect(figureSourceIds(car, 'architecture_voltage_v')).toEqual(['member-press', 'platform-press']);
  });

  it("keeps the row's own voltage and boost, and leaves a variant off the platform untouched", () => {
    const own = vehicle({ architecture_voltage_v: 697, boost_dc_kw: 0 });
    const car = on(platform())(own);
    expect(car).toBe(own);
    expect(boostFact(car)).toMatchObject({ exists: false });
    const elsewhere = vehicle({ architecture_voltage_v: null });
    expect(on(platform(), member({ family: 'Other' }))(elsewhere)).toBe(elsewhere);
  });

  it('tells "has a boost path, power not stated" apart from "no boost path" and from a stated power', () => {
    const silent = vehicle({ boost_dc_kw: null });
    expect(boostFact(on(platform({ boost: 'yes', boost_dc_kw: null }))(silent))).toEqual({
      exists: true,
      kw: null,
      sources: ['member-press', 'platform-press'],
    });
    expect(boostFact(on(platform({ boost: 'yes', boost_dc_kw: 150 }))(silent))).toMatchObject({
      exists: true,
      kw: 150,
    });
    expect(boostFact(on(platform({ boost: 'no' }))(silent))).toMatchObject({ exists: false, kw: null });
    expect(boostFact(on(platform({ boost: null }))(silent))).toEqual({ exists: null, kw: null, sources: [] });
  });

  it('reads a row\'s own "yes" as a boost path whose power is not stated, citing the row, whatever the platform says', () => {
    const own = vehicle({ boost_dc_kw: 'yes', boost_dc_kw_source: ['row-press'] });
    expect(boostFact(on(platform({ boost: 'no' }))(own))).toEqual({ exists: true, kw: null, sources: ['row-press'] });
  });
});
