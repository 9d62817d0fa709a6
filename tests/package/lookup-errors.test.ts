// The package's lookups refuse an argument they cannot use with an error that names its type and at most its first 100
// characters (issue 38: a 50 MB region was repeated whole in the RangeError, a Symbol slug gave a bare TypeError).
import { describe, expect, it } from 'vitest';
import { describeArgument, documentLookup, edgeLookups, networkLookups } from '../../build/package/runtime/lookups.ts';

const lookups = edgeLookups({
  vehicles: [{ slug: 'volt-a' }],
  chargers: [{ slug: 'amp-hpc' }],
  edges: [],
  sources: [],
  vehicleAliases: {},
  chargerAliases: {},
  regions: ['EU', 'NA'],
});
const vehicle = documentLookup([{ slug: 'volt-a' }], {});
const HUGE = 'x'.repeat(50 * 1024 * 1024);

/** The error a call throws, as its name and message. */
function thrown(call: () => unknown): { name: string; message: string } {
  try {
    call();
  } catch (error) {
    return { name: (error as Error).name, message: (error as Error).message };
  }
  throw new Error('the call did not throw');
}

describe('the lookups refuse what they cannot use, naming it briefly', () => {
  it('a 50 MB region: a RangeError naming its first 100 characters and its length, not the 50 MB', () => {
    const error = thrown(() => lookups.compatibility('volt-a', 'amp-hpc', HUGE as 'EU'));
    expect(error.name).toBe('RangeError');
    expect(error.message).toBe(
      `invalid_region: region must be one of EU, NA, got string "${'x'.repeat(100)}"… (${HUGE.length} characters)`,
    );
  });

  it.each([
    [
      'compatibility',
      () => lookups.compatibility(Symbol('volt') as unknown as string, 'amp-hpc'),
      'vehicle',
      'symbol Symbol("volt")',
    ],
    ['compatibility', () => lookups.compatibility('volt-a', 42 as unknown as string), 'charger', 'number 42'],
    [
      'chargersFor',
      () => lookups.chargersFor({ toString: () => 'volt-a' } as unknown as string),
      'vehicle',
      'an object',
    ],
    ['vehiclesFor', () => lookups.vehiclesFor(null as unknown as string), 'charger', 'null'],
    ['vehicle', () => vehicle(Symbol() as unknown as string), 'slug', 'symbol Symbol()'],
    ['vehicle', () => vehicle(['volt-a'] as unknown as string), 'slug', 'an array'],
  ])('%s with a slug that is not a string: a TypeError naming its type', (_fn, call, name, described) => {
    expect(thrown(call)).toEqual({
      name: 'TypeError',
      message: `${name} must be a slug (a string), got ${described}`,
    });
  });

  it('a region that is not a string (a Symbol) is a TypeError that says what a region is', () => {
    expect(thrown(() => lookups.chargersFor('volt-a', Symbol('EU') as unknown as 'EU'))).toEqual({
      name: 'TypeError',
      message: 'invalid_region: region must be one of EU, NA, got symbol Symbol("EU")',
    });
  });

  it('describes any argument in at most a few hundred characters', () => {
    for (const value of [HUGE, Symbol(HUGE), 10n ** 500n, 1.5, undefined, () => 1, new Map()])
      expect(describeArgument(value).length, typeof value).toBeLessThan(200);
    expect(describeArgument('EU ')).toBe('string "EU "');
  });

  it('still answers 404s with undefined and known regions as before', () => {
    expect(lookups.compatibility('volt-a', 'amp-hpc', 'NA')).toBeUndefined();
    expect(vehicle('no-such')).toBeUndefined();
    expect(lookups.chargersFor('volt-a', 'EU')).toEqual({ slug: 'volt-a', chargers: [] });
  });
});

describe('the network lookups refuse what they cannot use as the others do', () => {
  const networks = networkLookups({
    networks: [],
    vehicleNetworks: [],
    defaultRegions: {},
    vehicleAliases: {},
    regions: ['EU', 'NA'],
  });

  it('a slug that is not a string: a TypeError naming its type', () => {
    expect(thrown(() => networks.network(7 as unknown as string))).toEqual({
      name: 'TypeError',
      message: 'slug must be a slug (a string), got number 7',
    });
    expect(thrown(() => networks.networksFor(null as unknown as string))).toEqual({
      name: 'TypeError',
      message: 'vehicle must be a slug (a string), got null',
    });
  });

  it('a region the API does not know: a RangeError naming at most its first 100 characters', () => {
    const error = thrown(() => networks.networks(HUGE as 'EU'));
    expect(error.name).toBe('RangeError');
    expect(error.message).toBe(
      `invalid_region: region must be one of EU, NA, got string "${'x'.repeat(100)}"… (${HUGE.length} characters)`,
    );
    expect(thrown(() => networks.networksFor('volt-a', 'gb' as 'EU')).name).toBe('RangeError');
  });

  it('answers 404s with undefined and an empty list where nothing is on record', () => {
    expect(networks.network('no-such')).toBeUndefined();
    expect(networks.networksFor('volt-a')).toBeUndefined();
    expect(networks.networks('NA')).toEqual({ count: 0, networks: [] });
  });
});
