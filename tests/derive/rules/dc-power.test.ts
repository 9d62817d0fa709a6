// Rule "dc-power": the voltage window (with the vehicle's boost fact), the caps on record (vehicle, outlet or unit,
// adapter, boost, current × voltage), the published kW, and which missing figure decides the state or only the power.
import { describe, expect, it } from 'vitest';
import type { BoostFact } from '../../../build/derive/boost.ts';
import {
  CLASS_800_V,
  dcPower,
  dcVoltageWindow,
  HIGHEST_PACK_V,
  LOWEST_PACK_V,
} from '../../../build/derive/rules/dc-power.ts';
import type { MissingFigure } from '../../../build/derive/rule.ts';
import { adapter, charger, connectorRow, path, vehicle } from '../../helpers/rows.ts';

/** Each side cites its own document, so a cap's sources show which figure it came from. */
const DC = ['dc-sheet'];
const UNIT = ['unit-sheet'];
const PLUG = ['plug-sheet'];
const car = (o: Parameters<typeof vehicle>[0] = {}) =>
  vehicle({ architecture_voltage_v_source: DC, max_dc_kw_oem_source: DC, boost_dc_kw_source: DC, ...o });
const unit = (o: Parameters<typeof charger>[0] = {}) => charger({ source: UNIT, ...o });
const outletRow = (o: Parameters<typeof connectorRow>[0] = {}) => connectorRow({ source: PLUG, ...o });
const ccsPath = (o: Parameters<typeof connectorRow>[0] = {}) => path({ connector: outletRow(o) });

/** An 800 V car (230 kW peak) with the given boost_dc_kw (empty, 0 = none, yes = power not stated, or its power). */
const car800 = (boost: number | 'yes' | null) =>
  car({ architecture_voltage_v: 800, max_dc_kw_oem: 230, boost_dc_kw: boost });
/** A 300 kW unit that tops out at 500 V. */
const unit500 = unit({ slug: 'test-dc-50', nominal_max_kw: 300, output_voltage_min_v: 150, output_voltage_max_v: 500 });
const noMax = (kw = 350) => unit({ nominal_max_kw: kw, output_voltage_max_v: null });

const power = (v = car(), c = unit(), p = ccsPath(), outlets = [p.connector]) =>
  dcPower({ vehicle: v, charger: c }, p, outlets);

const BOOST_NONE: BoostFact = { exists: false, kw: null, sources: DC };
const BOOST_UNKNOWN: BoostFact = { exists: null, kw: null, sources: [] };
const BOOST_126: BoostFact = { exists: true, kw: 126, sources: DC };
const BOOST_POWER_UNKNOWN: BoostFact = { exists: true, kw: null, sources: DC };
const window = (pack: number | null, c: ReturnType<typeof unit>, boost: BoostFact) =>
  dcVoltageWindow(car({ architecture_voltage_v: pack }), c, boost);

const packMissing = (why: string) => ({ side: 'vehicle', column: 'architecture_voltage_v', why });
const boostMissing = (why = 'whether it has a boost path') => ({ side: 'vehicle', column: 'boost_dc_kw', why });
const unitMaxMissing = (pack: number) => ({
  side: 'charger',
  column: 'output_voltage_max_v',
  why: `an 800 V-class ${pack} V pack may be above it`,
});

/** A missing figure as dcPower reports it (the test car's row, the test unit's rows). */
const missing = (
  file: MissingFigure['figure']['file'],
  row: string,
  column: string,
  o: Partial<MissingFigure>,
): MissingFigure => ({
  figure: { file, row, column },
  decides: 'power',
  why: expect.any(String),
  kwMin: null,
  kwMax: null,
  ...o,
});
const CAR = 'test-car-2024-eu';

describe('dcVoltageWindow with the pack voltage on record', () => {
  it('is direct when the unit maximum reaches the pack (boundary included) or its minimum is not stated', () => {
    expect(window(400, unit(), BOOST_UNKNOWN)).toEqual({ mode: 'direct', unchecked: null });
    expect(window(500, unit500, BOOST_NONE)).toEqual({ mode: 'direct', unchecked: null });
    expect(window(400, unit({ output_voltage_min_v: null }), BOOST_NONE)).toEqual({ mode: 'direct', unchecked: null });
  });

  it('is impossible when the unit minimum is above the pack, whatever the maximum and the boost path', () => {
    const highMin = unit({ output_voltage_min_v: 500, output_voltage_max_v: null });
    for (const boost of [BOOST_UNKNOWN, BOOST_126])
      expect(window(400, highMin, boost)).toEqual({
        mode: 'impossible',
        reason: "the unit's minimum 500 V is above the 400 V pack",
      });
    expect(window(500, highMin, BOOST_NONE)).toMatchObject({ mode: 'direct' });
  });

  it('above the unit maximum: boosted at the boost power, ruled out without a boost path, unk when none is on record', () => {
    expect(window(800, unit500, BOOST_126)).toEqual({ mode: 'boost', capKw: 126 });
    expect(window(800, unit500, BOOST_POWER_UNKNOWN)).toEqual({ mode: 'boost', capKw: null });
    expect(window(800, unit500, BOOST_NONE)).toEqual({
      mode: 'impossible',
      reason: "the unit's maximum 500 V is below the 800 V pack and the vehicle has no boost path",
    });
    expect(window(800, unit500, BOOST_UNKNOWN)).toEqual({
      mode: 'unknown',
      missing: [boostMissing("the 800 V pack is above the unit's maximum 500 V")],
    });
    expect(window(501, unit500, BOOST_UNKNOWN)).toMatchObject({ mode: 'unknown' });
  });

  it('leaves an unstated unit maximum unchecked below the 800 V class, and asks the boost fact from it on', () => {
    expect(window(CLASS_800_V - 1, noMax(), BOOST_UNKNOWN)).toEqual({
      mode: 'direct',
      unchecked: 'charger output voltage range',
    });
    // A boost path on record: the car charges either way, only how fast is open.
    expect(window(CLASS_800_V, noMax(), BOOST_126)).toEqual({
      mode: 'direct-or-boost',
      capKw: 126,
      missingColumn: 'output_voltage_max_v',
    });
    expect(window(CLASS_800_V, noMax(), BOOST_POWER_UNKNOWN)).toEqual({
      mode: 'direct-or-boost',
      capKw: null,
      missingColumn: 'output_voltage_max_v',
    });
    // No boost path: the unit's maximum decides; neither on record: both do.
    expect(window(CLASS_800_V, noMax(), BOOST_NONE)).toEqual({ mode: 'unknown', missing: [unitMaxMissing(600)] });
    expect(window(800, noMax(), BOOST_UNKNOWN)).toEqual({
      mode: 'unknown',
      missing: [unitMaxMissing(800), boostMissing()],
    });
  });
});

describe('dcVoltageWindow with the pack voltage not on record', () => {
  it('is direct (pack voltage unchecked) at a unit spanning every pack a row may state, or stating neither bound', () => {
    const spansAll = unit({ output_voltage_min_v: LOWEST_PACK_V, output_voltage_max_v: HIGHEST_PACK_V });
    const unchecked = { mode: 'direct', unchecked: 'vehicle pack voltage' };
    for (const boost of [BOOST_UNKNOWN, BOOST_NONE, BOOST_126]) {
      expect(window(null, spansAll, boost)).toEqual(unchecked);
      expect(window(null, unit({ output_voltage_min_v: null, output_voltage_max_v: null }), boost)).toEqual(unchecked);
    }
  });

  it('needs the pack where the unit minimum is above the lowest pack, a boost path notwithstanding', () => {
    const highMin = unit({ output_voltage_min_v: LOWEST_PACK_V + 1, output_voltage_max_v: HIGHEST_PACK_V });
    for (const boost of [BOOST_UNKNOWN, BOOST_126])
      expect(window(null, highMin, boost)).toEqual({
        mode: 'unknown',
        missing: [packMissing("the unit's minimum is 201 V")],
      });
  });

  it('at a unit below the highest pack: direct or boosted with a boost path, else unk for want of the pack (a boost fact matters only once the pack is known above the unit)', () => {
    const below = unit({ output_voltage_max_v: HIGHEST_PACK_V - 1 });
    expect(window(null, below, BOOST_126)).toEqual({
      mode: 'direct-or-boost',
      capKw: 126,
      missingColumn: 'architecture_voltage_v',
    });
    expect(window(null, below, BOOST_NONE)).toEqual({
      mode: 'unknown',
      missing: [packMissing("the unit's maximum is 999 V")],
    });
    expect(window(null, unit500, BOOST_UNKNOWN)).toEqual({
      mode: 'unknown',
      missing: [packMissing("the unit's maximum is 500 V")],
    });
  });

  it('names the pack once with both reasons when the unit range is narrower at both ends', () => {
    const narrow = unit({ output_voltage_min_v: 250, output_voltage_max_v: 500 });
    expect(window(null, narrow, BOOST_126)).toEqual({
      mode: 'unknown',
      missing: [packMissing("the unit's minimum is 250 V and the unit's maximum is 500 V")],
    });
  });
});

describe('dcPower: the caps on record and the published kW', () => {
  it("takes the vehicle's peak when every charger-side cap is above it (not limited), citing each cap's sources", () => {
    expect(power(car({ max_dc_kw_oem: 150 }))).toEqual({
      kw: 150,
      lowKw: 150,
      highKw: 150,
      caps: [
        { cap: 'vehicle', kw: 150, sources: DC },
        { cap: 'outlet', kw: 350, sources: UNIT },
      ],
      chargerLimited: false,
      impossible: null,
      missing: [],
      unchecked: ['connector current limit'],
      implied: [],
    });
  });

  it("caps at the unit's nominal power where its one outlet type has no cap of its own, and at the outlet's own first", () => {
    expect(power(car({ max_dc_kw_oem: 400 }), unit({ nominal_max_kw: 350 }))).toMatchObject({
      kw: 350,
      chargerLimited: true,
    });
    const p = power(car({ max_dc_kw_oem: 150 }), unit({ nominal_max_kw: 350 }), ccsPath({ max_kw: 100 }));
    expect(p).toMatchObject({ kw: 100, chargerLimited: true });
    expect(p.caps).toContainEqual({ cap: 'outlet', kw: 100, sources: PLUG });
  });

  it("on a multi-standard unit, bounds an outlet without its own cap by the unit's nominal and asks for the outlet's", () => {
    const leaf = car({ max_dc_kw_oem: 100 });
    const chademo = outletRow({ connector: 'chademo' });
    const chademoPath = path({ connector: chademo, vehicleInlet: 'chademo' });
    const outlets = [outletRow({ max_kw: 180 }), chademo];
    // The unit's 180 kW is a cap (nothing at the unit gives more) but not the outlet's: the figure decides only power.
    expect(power(leaf, unit({ nominal_max_kw: 180 }), chademoPath, outlets)).toEqual({
      kw: 100,
      lowKw: null,
      highKw: 100,
      caps: [
        { cap: 'vehicle', kw: 100, sources: DC },
        { cap: 'unit', kw: 180, sources: UNIT },
      ],
      chargerLimited: false,
      impossible: null,
      missing: [missing('charger_connectors.csv', 'test-hpc-350 EU chademo', 'max_kw', { kwMax: 100 })],
      unchecked: ['connector current limit'],
      implied: [],
    });
    // Below the car's peak, the unit's nominal binds: limited, as far as the record goes.
    expect(power(car({ max_dc_kw_oem: 200 }), unit({ nominal_max_kw: 180 }), chademoPath, outlets)).toMatchObject({
      kw: 180,
      chargerLimited: true,
    });
    const capped = outletRow({ connector: 'chademo', max_kw: 50 });
    const cappedPath = path({ connector: capped, vehicleInlet: 'chademo' });
    expect(power(leaf, unit({ nominal_max_kw: 180 }), cappedPath, [outlets[0]!, capped])).toMatchObject({
      kw: 50,
      chargerLimited: true,
      missing: [],
    });
  });

  it("caps at the adapter's max_kw, and not at all when the adapter cap is unknown", () => {
    const big = car({ max_dc_kw_oem: 250 });
    const through = adapter({ max_kw: 150 });
    const p = power(big, unit(), path({ connector: outletRow(), adapter: through }));
    expect(p).toMatchObject({ kw: 150, chargerLimited: true });
    expect(p.caps).toContainEqual({ cap: 'adapter', kw: 150, sources: through.source });
    const open = power(big, unit(), path({ connector: outletRow(), adapter: adapter({ max_kw: null }) }));
    expect(open).toMatchObject({ kw: 250, chargerLimited: false });
    expect(open.caps.map((c) => c.cap)).toEqual(['vehicle', 'outlet']);
  });

  it('caps at max_current_a × pack voltage, rounded to 0.1 kW, citing the outlet and the pack voltage', () => {
    expect(power(car({ max_dc_kw_oem: 150 }), unit(), ccsPath({ max_current_a: 200 }))).toEqual({
      kw: 80,
      lowKw: 80,
      highKw: 80,
      caps: [
        { cap: 'vehicle', kw: 150, sources: DC },
        { cap: 'outlet', kw: 350, sources: UNIT },
        { cap: 'current', kw: 80, sources: [...DC, ...PLUG] },
      ],
      chargerLimited: true,
      impossible: null,
      missing: [],
      unchecked: [],
      implied: [],
    });
    expect(power(car({ architecture_voltage_v: 397 }), unit(), ccsPath({ max_current_a: 125 })).kw).toBe(49.6);
  });

  it('is not limited when the vehicle is the cap, even where a charger-side cap equals it', () => {
    expect(power(car({ max_dc_kw_oem: 50 }), unit(), ccsPath({ max_kw: 50, max_current_a: 500 }))).toMatchObject({
      kw: 50,
      chargerLimited: false,
    });
  });

  it("on boost, caps at the boost power and takes current × the unit's maximum voltage (not the pack's)", () => {
    const at300A = ccsPath({ max_current_a: 300 });
    expect(power(car800(50), unit500, at300A)).toEqual({
      kw: 50,
      lowKw: 50,
      highKw: 50,
      caps: [
        { cap: 'vehicle', kw: 230, sources: DC },
        { cap: 'outlet', kw: 300, sources: UNIT },
        { cap: 'boost', kw: 50, sources: DC },
        { cap: 'current', kw: 150, sources: [...PLUG, ...UNIT].sort() },
      ],
      chargerLimited: true,
      impossible: null,
      missing: [],
      unchecked: [],
      implied: [],
    });
    // 300 A × 500 V = 150 kW, below a 200 kW boost path (300 A × 800 V would wrongly give 240 kW).
    expect(power(car800(200), unit500, at300A).kw).toBe(150);
  });

  it("cites for each cap the sources of the figure it is, not the whole row's: the outlet's max_kw, the unit's nominal, its maximum voltage", () => {
    const outletPress = ['outlet-press'];
    const at300A = ccsPath({
      max_kw: 300,
      max_kw_source: outletPress,
      max_current_a: 300,
      max_current_a_source: ['amps-sheet'],
    });
    const caps = power(car800(50), { ...unit500, output_voltage_max_v_source: ['volts-sheet'] }, at300A).caps;
    expect(caps).toContainEqual({ cap: 'outlet', kw: 300, sources: outletPress });
    expect(caps).toContainEqual({ cap: 'current', kw: 150, sources: ['amps-sheet', 'volts-sheet'] });
    const nominal = power(
      car(),
      unit({ nominal_max_kw_source: ['nominal-sheet'] }),
      ccsPath({ connector: 'chademo' }),
      [outletRow(), outletRow({ connector: 'chademo' })],
    ).caps;
    expect(nominal).toContainEqual({ cap: 'unit', kw: 350, sources: ['nominal-sheet'] });
  });

  it('gives kW 0, no caps and the reason when the voltage window rules charging out', () => {
    expect(power(car800(0), unit500)).toEqual({
      kw: 0,
      lowKw: 0,
      highKw: null,
      caps: [],
      chargerLimited: false,
      impossible: "the unit's maximum 500 V is below the 800 V pack and the vehicle has no boost path",
      missing: [],
      unchecked: [],
      implied: [],
    });
  });
});

describe('dcPower: missing figures', () => {
  it("publishes kW 0 when the car's DC peak is not on record (never the charger's figure), with the caps that remain", () => {
    expect(power(car({ max_dc_kw_oem: null }), unit(), ccsPath({ max_current_a: 500 }))).toEqual({
      kw: 0,
      lowKw: null,
      highKw: 200,
      caps: [
        { cap: 'outlet', kw: 350, sources: UNIT },
        { cap: 'current', kw: 200, sources: [...DC, ...PLUG] },
      ],
      chargerLimited: false,
      impossible: null,
      missing: [missing('vehicles.csv', CAR, 'max_dc_kw_oem', { kwMax: 200 })],
      unchecked: [],
      implied: [],
    });
  });

  it('names a voltage or boost fact that could rule the path out as deciding the state, the peak as deciding power', () => {
    const p = power(car({ architecture_voltage_v: null, max_dc_kw_oem: null }), unit500);
    expect(p.missing).toEqual([
      missing('vehicles.csv', CAR, 'architecture_voltage_v', {
        decides: 'state',
        why: "the unit's maximum is 500 V",
        kwMin: 0,
        kwMax: 300,
      }),
      missing('vehicles.csv', CAR, 'max_dc_kw_oem', { kwMax: 300 }),
    ]);
    expect(p.impossible).toBeNull();
  });

  it('a 2026 Taycan of unknown pack voltage at a 500 V Supercharger: unk without a boost fact, usable with one', () => {
    const supercharger = unit({ nominal_max_kw: 250, output_voltage_max_v: 500 });
    const unknownBoost = power(car({ architecture_voltage_v: null, max_dc_kw_oem: 320 }), supercharger);
    expect(unknownBoost.missing.filter((m) => m.decides === 'state').map((m) => m.figure.column)).toEqual([
      'architecture_voltage_v',
    ]);
    const boosts = power(car({ architecture_voltage_v: null, max_dc_kw_oem: 320, boost_dc_kw: 50 }), supercharger);
    expect(boosts).toMatchObject({ kw: 50, chargerLimited: true, lowKw: 50, highKw: 250 });
    expect(boosts.missing).toEqual([missing('vehicles.csv', CAR, 'architecture_voltage_v', { kwMin: 50, kwMax: 250 })]);
  });

  it("at a unit whose maximum is not stated, an 800 V car with a boost path charges: the boost is a cap, the unit's maximum decides power", () => {
    // At a 350 kW unit it gets 230 kW direct or 126 kW boosted: the smallest cap on record is published.
    const at350 = power(car800(126), noMax(350));
    expect(at350).toMatchObject({ kw: 126, lowKw: 126, highKw: 230, chargerLimited: true });
    expect(at350.caps).toContainEqual({ cap: 'boost', kw: 126, sources: DC });
    expect(at350.missing).toEqual([
      missing('chargers.csv', 'test-hpc-350', 'output_voltage_max_v', { kwMin: 126, kwMax: 230 }),
    ]);
    // At a 50 kW unit it gets 50 kW either way: the range is closed.
    expect(power(car800(126), noMax(50))).toMatchObject({ kw: 50, lowKw: 50, highKw: 50 });
  });

  it("with a current limit, bounds the power by current × pack either way and leaves it open below (boosted at the unit's unknown voltage)", () => {
    const p = power(car800(126), noMax(350), ccsPath({ max_current_a: 125 }));
    // 125 A × 800 V = 100 kW bounds direct charging and boosted charging (at a lower voltage) alike.
    expect(p).toMatchObject({ kw: 100, lowKw: null, highKw: 100, chargerLimited: true });
    expect(p.missing).toEqual([
      missing('chargers.csv', 'test-hpc-350', 'output_voltage_max_v', { kwMin: null, kwMax: 100 }),
    ]);
  });

  it('at a unit whose maximum is not stated, an 800 V car with no boost path, or none on record, is unk', () => {
    const state = (v: ReturnType<typeof car>) =>
      power(v, noMax())
        .missing.filter((m) => m.decides === 'state')
        .map((m) => m.figure.column);
    expect(state(car800(0))).toEqual(['output_voltage_max_v']);
    expect(state(car800(null))).toEqual(['output_voltage_max_v', 'boost_dc_kw']);
  });

  it('at a unit whose maximum is not stated, an 800 V car with a boost path of unstated power charges at the smallest cap on record', () => {
    const p = power(car800('yes'), noMax(350));
    expect(p.missing.filter((m) => m.decides === 'state')).toEqual([]);
    // Direct at up to 230 kW, or boosted at a power not on record: 230 kW is a cap, nothing below it is.
    expect(p).toMatchObject({ kw: 230, lowKw: null, highKw: 230 });
    expect(p.caps.map((c) => c.cap)).not.toContain('boost');
  });

  it('records an unchecked voltage (not a missing figure) where no value of it could change state or power', () => {
    expect(power(car(), unit({ output_voltage_max_v: null }), ccsPath({ max_current_a: 200 }))).toMatchObject({
      kw: 80,
      chargerLimited: true,
      missing: [],
      unchecked: ['charger output voltage range'],
    });
    expect(power(car({ architecture_voltage_v: null }), unit({ output_voltage_max_v: HIGHEST_PACK_V }))).toMatchObject({
      kw: 150,
      missing: [],
      unchecked: ['vehicle pack voltage', 'connector current limit'],
    });
  });
});
