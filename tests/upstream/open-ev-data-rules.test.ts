// The importer's rules, one known upstream fault class each, on records of the fixture release.
import { beforeAll, describe, expect, it } from 'vitest';
import type { ExtractRecord } from '../../build/upstream/open-ev-data/extract.ts';
import { extractRelease } from '../../build/upstream/open-ev-data/import.ts';
import { parseMapping } from '../../build/upstream/open-ev-data/mapping.ts';
import { proposeRecord, trimName } from '../../build/upstream/open-ev-data/propose.ts';
import {
  acFigures,
  marketGroups,
  notABatteryElectricCar,
  packVoltage,
  saleRegions,
  usableCapacity,
} from '../../build/upstream/open-ev-data/rules.ts';
import { parsePin } from '../../build/upstream/open-ev-data/pin.ts';
import { OED_FIXTURE, TEST_MAPPING, TEST_PIN } from '../helpers/open-ev-data.ts';

let records: Map<string, ExtractRecord>;
const record = (name: string) => {
  const found = [...records.values()].find((r) => r.path.endsWith(`/${name}.json`));
  if (!found) throw new Error(`no record ${name}`);
  return found;
};
const mapping = parseMapping(TEST_MAPPING, 'mapping.yaml');
const proposals = (name: string) => proposeRecord(record(name), mapping);

beforeAll(async () => {
  records = new Map(
    (await extractRelease(OED_FIXTURE, parsePin(TEST_PIN, 'pin.yaml'))).extract.records.map((r) => [r.path, r]),
  );
});

describe('plug-in hybrids among the cars', () => {
  it('skips a record whose rated range is an electric-only range', () => {
    expect(notABatteryElectricCar(record('roamer_phev'))).toMatch(/plug-in hybrid/);
    expect(proposals('roamer_phev')).toEqual({
      proposals: [],
      skipped: [{ record: record('roamer_phev').path, market: null, reason: expect.stringMatching(/plug-in hybrid/) }],
    });
    expect(notABatteryElectricCar(record('arrow'))).toBeNull();
  });
});

describe('one charge port for every market', () => {
  it('gives a NACS-port record sold in Europe the European inlets there and the sourced North American ones in NA', () => {
    const {
      proposals: [eu, na],
    } = proposals('arrow_performance');
    expect(eu).toMatchObject({ market: 'EU', slug: 'fixture-motors-arrow-performance-2024-eu' });
    expect(eu!.regions).toEqual([
      { region: 'EU', ac_inlet: 'type2', dc_inlet: 'ccs2', inletSources: [] },
      { region: 'GB', ac_inlet: 'type2', dc_inlet: 'ccs2', inletSources: [] },
    ]);
    expect(na).toMatchObject({ market: 'NA', slug: 'fixture-motors-arrow-performance-2024-na' });
    expect(na!.regions).toEqual([{ region: 'NA', ac_inlet: 'nacs', dc_inlet: 'nacs', inletSources: ['fixture-spec'] }]);
  });

  it('follows the inlet rule, not the record, where they differ (a 2025 Lumen listed with NACS has CCS1)', () => {
    expect(record('lumen').ports).toEqual([expect.objectContaining({ connector: 'nacs' })]);
    expect(proposals('lumen').proposals[0]!.regions).toEqual([
      { region: 'NA', ac_inlet: 'type1', dc_inlet: 'ccs1', inletSources: ['fixture-spec'] },
    ]);
  });

  it('gives CCS1-port records their European inlets in Europe', () => {
    expect(proposals('breeze').proposals[0]!.regions.map((r) => [r.region, r.ac_inlet, r.dc_inlet])).toEqual([
      ['EU', 'type2', 'ccs2'],
      ['GB', 'type2', 'ccs2'],
    ]);
  });

  it('keeps CHAdeMO, a separate inlet, on every market', () => {
    const rows = proposals('twig').proposals.flatMap((p) => p.regions.map((r) => [r.region, r.ac_inlet, r.dc_inlet]));
    expect(rows).toEqual([
      ['EU', 'type2', 'chademo'],
      ['GB', 'type2', 'chademo'],
      ['NA', 'type1', 'chademo'],
    ]);
  });

  it('does not take the US of a record written for European inlets as a North American sale', () => {
    expect(record('t_3').markets).toContain('US');
    expect(saleRegions(record('t_3'))).toEqual(['EU', 'GB']);
    expect(marketGroups(record('t_3'))).toEqual([{ market: 'EU', regions: ['EU', 'GB'] }]);
  });

  it('proposes no North American variant without a sourced inlet rule', () => {
    expect(proposals('aether')).toEqual({
      proposals: [],
      skipped: [
        {
          record: record('aether').path,
          market: 'NA',
          reason: 'no sourced inlet rule for Lucent Aether 2024 in North America (mapping.yaml na_inlets)',
        },
      ],
    });
  });
});

describe('usable and gross capacity mislabelled', () => {
  it('takes the usable capacity only when the record tells it apart from a larger gross one', () => {
    expect(usableCapacity(record('t_3'))).toEqual({ value: 58 });
    expect(usableCapacity(record('breeze'))).toEqual({
      value: null,
      why: 'usable capacity left empty: the record gives 63 kWh as both gross and usable',
    });
    const swapped = { ...record('t_3'), battery: { gross: 58, net: 62, nominal_v: null } };
    expect(usableCapacity(swapped).value).toBeNull();
    expect(usableCapacity({ ...swapped, battery: { gross: null, net: 62, nominal_v: null } }).why).toMatch(/no gross/);
  });
});

describe('voltage class for architecture_voltage_v', () => {
  it('takes a measured nominal voltage, else the class value, and says so', () => {
    expect(packVoltage(record('ion_5'))).toEqual({ value: 800, why: "pack voltage is the record's 800v class" });
    // The Aether record writes 800 as its "nominal" next to the 800v class: the class's name, not a measure.
    expect(packVoltage(record('aether'))).toEqual({ value: 800, why: "pack voltage is the record's 800v class" });
    const measured = { ...record('aether'), battery: { ...record('aether').battery, nominal_v: 924 } };
    expect(packVoltage(measured)).toEqual({ value: 924 });
    expect(
      packVoltage({
        ...measured,
        battery: { ...measured.battery, nominal_v: null },
        dc: { max_kw: 300, voltage_class: 'other' },
      }),
    ).toEqual({
      value: null,
    });
  });
});

describe('one on-board charger figure for every market', () => {
  it('gives a three-phase figure to Europe only', () => {
    expect(acFigures(record('t_3'), 'EU')).toEqual({ value: { kw: 11, phases: 3 } });
    expect(acFigures(record('t_3'), 'NA').value).toBeNull();
  });

  it('leaves it out where the record is sold on both sides of the Atlantic and gives no phases', () => {
    expect(acFigures(record('arrow'), 'EU')).toEqual({
      value: null,
      why: expect.stringMatching(/Europe and North America/),
    });
    expect(acFigures(record('arrow'), 'NA').value).toBeNull();
  });

  it('takes a single-phase figure where the record is sold on one side only', () => {
    expect(acFigures(record('lumen'), 'NA')).toEqual({ value: { kw: 11.5, phases: 1 } });
  });

  it('drops a phase count one European phase cannot carry, keeping the power', () => {
    expect(record('ion_5').ac).toEqual({ max_kw: 11, phases: 1 });
    expect(acFigures(record('ion_5'), 'EU')).toEqual({
      value: { kw: 11, phases: null },
      why: 'AC phases left empty: 11 kW cannot flow on one European phase',
    });
  });
});

describe('names', () => {
  it('names a variant that inherits its trim by the variant, one with its own by both unless one holds the other', () => {
    expect(trimName(record('p4_e_volt_sportback_50'), 'P4 e-volt')).toBe('50 Sportback');
    expect(trimName(record('arrow_performance'), 'Arrow')).toBe('Performance');
    expect(trimName(record('t_3_gtx'), 'T.3')).toBe('GTX');
    expect(trimName({ ...record('t_3_gtx'), inherited_trim: true, variant: 'Cargo' }, 'T.3')).toBe('Cargo');
    expect(trimName({ ...record('t_3'), trim: 'iX3' }, 'iX3')).toBe('');
  });

  it('spells brands and families as our rows do, in the slug too', () => {
    const spelled = parseMapping(`${TEST_MAPPING}brands: { testwerk: TW }\nfamilies: { testwerk/t_3: T3 }\n`, 'm');
    expect(proposeRecord(record('t_3_gtx'), spelled).proposals[0]).toMatchObject({
      brand: 'TW',
      family: 'T3',
      slug: 'tw-t3-gtx-2024-eu',
    });
  });
});
