// The importer's rules, one known upstream fault class each, on real records of the fixture release.
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
import { OED_FIXTURE, TEST_MAPPING } from '../helpers/open-ev-data.ts';

let records: Map<string, ExtractRecord>;
const record = (name: string) => {
  const found = [...records.values()].find((r) => r.path.endsWith(`/${name}.json`));
  if (!found) throw new Error(`no record ${name}`);
  return found;
};
const mapping = parseMapping(TEST_MAPPING, 'mapping.yaml');
const proposals = (name: string) => proposeRecord(record(name), mapping);

beforeAll(async () => {
  records = new Map((await extractRelease(OED_FIXTURE)).extract.records.map((r) => [r.path, r]));
});

describe('plug-in hybrids among the cars', () => {
  it('skips a record whose rated range is an electric-only range', () => {
    expect(notABatteryElectricCar(record('range_rover_phev'))).toMatch(/plug-in hybrid/);
    expect(proposals('range_rover_phev')).toEqual({
      proposals: [],
      skipped: [
        { record: record('range_rover_phev').path, market: null, reason: expect.stringMatching(/plug-in hybrid/) },
      ],
    });
    expect(notABatteryElectricCar(record('model_3'))).toBeNull();
  });
});

describe('one charge port for every market', () => {
  it('gives a NACS-port record sold in Europe the European inlets there and the sourced North American ones in NA', () => {
    const {
      proposals: [eu, na],
    } = proposals('model_3_performance');
    expect(eu).toMatchObject({ market: 'EU', slug: 'tesla-model-3-performance-2024-eu' });
    expect(eu!.regions).toEqual([
      { region: 'EU', ac_inlet: 'type2', dc_inlet: 'ccs2', inletSources: [] },
      { region: 'GB', ac_inlet: 'type2', dc_inlet: 'ccs2', inletSources: [] },
    ]);
    expect(na).toMatchObject({ market: 'NA', slug: 'tesla-model-3-performance-2024-na' });
    expect(na!.regions).toEqual([{ region: 'NA', ac_inlet: 'nacs', dc_inlet: 'nacs', inletSources: ['fixture-spec'] }]);
  });

  it('follows the inlet rule, not the record, where they differ (a 2025 Optiq listed with NACS has CCS1)', () => {
    expect(record('optiq').ports).toEqual([expect.objectContaining({ connector: 'nacs' })]);
    expect(proposals('optiq').proposals[0]!.regions).toEqual([
      { region: 'NA', ac_inlet: 'type1', dc_inlet: 'ccs1', inletSources: ['fixture-spec'] },
    ]);
  });

  it('gives CCS1-port records their European inlets in Europe', () => {
    expect(proposals('ariya').proposals[0]!.regions.map((r) => [r.region, r.ac_inlet, r.dc_inlet])).toEqual([
      ['EU', 'type2', 'ccs2'],
      ['GB', 'type2', 'ccs2'],
    ]);
  });

  it('keeps CHAdeMO, a separate inlet, on every market', () => {
    const rows = proposals('leaf').proposals.flatMap((p) => p.regions.map((r) => [r.region, r.ac_inlet, r.dc_inlet]));
    expect(rows).toEqual([
      ['EU', 'type2', 'chademo'],
      ['GB', 'type2', 'chademo'],
      ['NA', 'type1', 'chademo'],
    ]);
  });

  it('does not take the US of a record written for European inlets as a North American sale', () => {
    expect(record('id_3').markets).toContain('US');
    expect(saleRegions(record('id_3'))).toEqual(['EU', 'GB']);
    expect(marketGroups(record('id_3'))).toEqual([{ market: 'EU', regions: ['EU', 'GB'] }]);
  });

  it('proposes no North American variant without a sourced inlet rule', () => {
    expect(proposals('air')).toEqual({
      proposals: [],
      skipped: [
        {
          record: record('air').path,
          market: 'NA',
          reason: 'no sourced North American inlet rule for Lucid Air 2024 (mapping.yaml na_inlets)',
        },
      ],
    });
  });
});

describe('usable and gross capacity mislabelled', () => {
  it('takes the usable capacity only when the record tells it apart from a larger gross one', () => {
    expect(usableCapacity(record('id_3'))).toEqual({ value: 58 });
    expect(usableCapacity(record('ariya'))).toEqual({
      value: null,
      why: 'usable capacity left empty: the record gives 63 kWh as both gross and usable',
    });
    const swapped = { ...record('id_3'), battery: { gross: 58, net: 62, nominal_v: null } };
    expect(usableCapacity(swapped).value).toBeNull();
    expect(usableCapacity({ ...swapped, battery: { gross: null, net: 62, nominal_v: null } }).why).toMatch(/no gross/);
  });
});

describe('voltage class for architecture_voltage_v', () => {
  it('takes a measured nominal voltage, else the class value, and says so', () => {
    expect(packVoltage(record('ioniq_5'))).toEqual({ value: 800, why: "pack voltage is the record's 800v class" });
    // The Lucid record writes 800 as its "nominal" next to the 800v class: the class's name, not a measure.
    expect(packVoltage(record('air'))).toEqual({ value: 800, why: "pack voltage is the record's 800v class" });
    const measured = { ...record('air'), battery: { ...record('air').battery, nominal_v: 924 } };
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
    expect(acFigures(record('id_3'), 'EU')).toEqual({ value: { kw: 11, phases: 3 } });
    expect(acFigures(record('id_3'), 'NA').value).toBeNull();
  });

  it('leaves it out where the record is sold on both sides of the Atlantic and gives no phases', () => {
    expect(acFigures(record('model_3'), 'EU')).toEqual({
      value: null,
      why: expect.stringMatching(/Europe and North America/),
    });
    expect(acFigures(record('model_3'), 'NA').value).toBeNull();
  });

  it('takes a single-phase figure where the record is sold on one side only', () => {
    expect(acFigures(record('optiq'), 'NA')).toEqual({ value: { kw: 11.5, phases: 1 } });
  });

  it('drops a phase count one European phase cannot carry, keeping the power', () => {
    expect(record('ioniq_5').ac).toEqual({ max_kw: 11, phases: 1 });
    expect(acFigures(record('ioniq_5'), 'EU')).toEqual({
      value: { kw: 11, phases: null },
      why: 'AC phases left empty: 11 kW cannot flow on one European phase',
    });
  });
});

describe('names', () => {
  it('names a variant that inherits its trim by the variant, one with its own by both unless one holds the other', () => {
    expect(trimName(record('q4_e_tron_sportback_50'), 'Q4 e-tron')).toBe('50 Sportback');
    expect(trimName(record('model_3_performance'), 'Model 3')).toBe('Performance');
    expect(trimName(record('id_3_gtx'), 'ID.3')).toBe('GTX');
    expect(trimName({ ...record('id_3_gtx'), inherited_trim: true, variant: 'Cargo' }, 'ID.3')).toBe('Cargo');
    expect(trimName({ ...record('id_3'), trim: 'iX3' }, 'iX3')).toBe('');
  });

  it('spells brands and families as our rows do, in the slug too', () => {
    const spelled = parseMapping(
      `${TEST_MAPPING}brands: { volkswagen: VW }\nfamilies: { volkswagen/id_3: ID3 }\n`,
      'm',
    );
    expect(proposeRecord(record('id_3_gtx'), spelled).proposals[0]).toMatchObject({
      brand: 'VW',
      family: 'ID3',
      slug: 'vw-id3-gtx-2024-eu',
    });
  });
});
