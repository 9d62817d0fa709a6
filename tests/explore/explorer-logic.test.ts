// The explorer's pure parts, without a browser: the view in the URL, search, the wait after a 429, labels.
import { describe, expect, it } from 'vitest';
import type { ExplainEntry } from '../../build/api/explain-schemas.ts';
import { retryAfterSeconds } from '../../build/explore/api-client.ts';
import { answerWords, missingWords, ownMaximaWords } from '../../build/explore/explain-words.ts';
import { formatKw, safeUrl, vehicleLabel } from '../../build/explore/labels.ts';
import { chargerCandidates, findMatches, fold, vehicleCandidates } from '../../build/explore/search.ts';
import { compatibilityPath, parseView, viewSearch, type ViewState } from '../../build/explore/view-state.ts';

describe('the view in the URL', () => {
  it('round-trips every kind of view', () => {
    const views: ViewState[] = [
      { side: 'vehicle', slug: 'kia-ev6-2022-eu', region: 'EU' },
      { side: 'charger', slug: 'tesla-supercharger-v3', region: 'NA' },
      { side: 'vehicle', slug: null, region: 'GB' },
      { side: 'charger', slug: null, region: 'TR' },
    ];
    for (const view of views) expect(parseView(viewSearch(view))).toEqual({ view, problems: [] });
    expect(viewSearch(views[0]!)).toBe('?vehicle=kia-ev6-2022-eu&region=EU');
    expect(viewSearch(views[1]!)).toBe('?charger=tesla-supercharger-v3&region=NA');
  });

  it('defaults to EU and a vehicle, and replaces what it does not understand (with a notice)', () => {
    expect(parseView('')).toEqual({ view: { side: 'vehicle', slug: null, region: 'EU' }, problems: [] });
    expect(parseView('?charger=abb-terra-360')).toEqual({
      view: { side: 'charger', slug: 'abb-terra-360', region: 'EU' },
      problems: [],
    });
    const odd = parseView('?vehicle=../../etc&region=eu');
    expect(odd.view).toEqual({ side: 'vehicle', slug: null, region: 'EU' });
    expect(odd.problems).toHaveLength(2);
  });

  it('asks the per-region list endpoint: one request per pick and region', () => {
    expect(compatibilityPath('vehicle', 'a-b', 'NA')).toBe('/api/v1/vehicles/a-b/compatibility?region=NA');
    expect(compatibilityPath('charger', 'c', 'EU')).toBe('/api/v1/chargers/c/compatibility?region=EU');
  });
});

describe('search', () => {
  const vehicles = vehicleCandidates({
    count: 3,
    vehicles: [
      {
        slug: 'citroen-e-c4-2021-eu',
        brand: 'Citroën',
        family: 'ë-C4',
        trim: null,
        model_year: 2021,
        regions: ['EU', 'GB'],
      },
      {
        slug: 'kia-ev6-lr-awd-2022-eu',
        brand: 'Kia',
        family: 'EV6',
        trim: 'Long Range AWD',
        model_year: 2022,
        regions: ['EU'],
      },
      {
        slug: 'kia-ev6-lr-awd-2022-na',
        brand: 'Kia',
        family: 'EV6',
        trim: 'Long Range AWD',
        model_year: 2022,
        regions: ['NA'],
      },
    ],
  });

  it('needs every word, in any order, without accents or case, and puts the region first', () => {
    expect(fold('Citroën ë-C4')).toBe('citroen e-c4');
    expect(findMatches(vehicles, 'citroen', 'EU').shown.map((c) => c.slug)).toEqual(['citroen-e-c4-2021-eu']);
    expect(findMatches(vehicles, '2022 ev6 KIA', 'NA').shown.map((c) => c.slug)).toEqual([
      'kia-ev6-lr-awd-2022-na',
      'kia-ev6-lr-awd-2022-eu',
    ]);
    expect(findMatches(vehicles, '2022 ev6 KIA', 'NA')).toMatchObject({ total: 2, inRegion: 1 });
    expect(findMatches(vehicles, 'kia 2021', 'EU').total).toBe(0);
    expect(findMatches(vehicles, '   ', 'EU').total).toBe(0);
    expect(findMatches(vehicles, 'kia', 'EU', 1).shown).toHaveLength(1);
  });

  it('finds chargers by brand, model, slug words and current, and names them by brand and model', () => {
    const chargers = chargerCandidates({
      count: 2,
      chargers: [
        {
          slug: 'esarj-titan',
          brand: 'Eşarj',
          model: 'Titan 180',
          current_kind: 'DC',
          nominal_max_kw: 180,
          regions: ['TR'],
        },
        {
          slug: 'abb-terra-360',
          brand: 'ABB',
          model: 'Terra 360',
          current_kind: 'DC',
          nominal_max_kw: 360,
          regions: [],
        },
      ],
    });
    expect(findMatches(chargers, 'esarj dc', 'TR').shown.map((c) => c.slug)).toEqual(['esarj-titan']);
    expect(findMatches(chargers, 'titan 180', 'TR').total).toBe(1);
    expect(findMatches(chargers, 'terra 360', 'TR').shown.map((c) => c.label)).toEqual(['ABB Terra 360']);
    expect(chargers[0]!.label).toBe('Eşarj Titan 180');
  });
});

describe('after a 429', () => {
  const now = 1_700_000_000_000;
  it('waits Retry-After, else until X-RateLimit-Reset, else a whole window', () => {
    expect(retryAfterSeconds(new Headers({ 'Retry-After': '17' }), now)).toBe(17);
    expect(retryAfterSeconds(new Headers({ 'X-RateLimit-Reset': String(now / 1000 + 9) }), now)).toBe(9);
    expect(retryAfterSeconds(new Headers({ 'Retry-After': 'soon' }), now)).toBe(60);
  });
});

describe('labels', () => {
  it('name a vehicle, show kW 0 as no figure, and link only web addresses', () => {
    expect(vehicleLabel({ slug: 'x', brand: 'Kia', family: 'EV6', trim: null, model_year: 2022, regions: [] })).toBe(
      'Kia EV6 2022',
    );
    expect(formatKw(0)).toBe('—');
    expect(formatKw(7.4)).toBe('7.4');
    expect(safeUrl('https://example.org/a')).toBe('https://example.org/a');
    expect(safeUrl('javascript:alert(1)')).toBeNull();
    expect(safeUrl('not a url')).toBeNull();
    expect(safeUrl(null)).toBeNull();
  });
});

describe('the reasoning under an answer, in words', () => {
  const entry = (over: Partial<ExplainEntry>): ExplainEntry => ({
    charger: 'abb-terra-360',
    region: 'EU',
    path: { current: 'DC', connector: 'ccs2', inlet: 'ccs2', adapter: null },
    caps: [],
    missing: [],
    decidedBy: 'dc-power',
    ...over,
  });
  const dcPeak = {
    file: 'vehicles.csv' as const,
    row: 'kia-ev6-eu',
    column: 'max_dc_kw_oem',
    decides: 'power' as const,
    why: "the car's own DC peak",
    kwMin: null,
    kwMax: 360,
  };
  const voltage = {
    file: 'chargers.csv' as const,
    row: 'abb-terra-360',
    column: 'output_voltage_max_v',
    decides: 'state' as const,
    why: 'an 800 V pack may be above it',
    kwMin: 0,
    kwMax: 240,
  };

  it("says a usable answer charges and which of the car's figures its power waits for", () => {
    const caps = [{ cap: 'outlet' as const, kw: 360, sources: ['s'] }];
    expect(answerWords({ state: 'ok', kw: 0 }, entry({ caps, missing: [dcPeak] }))).toBe(
      "charges; power not on record: the car's DC peak is missing (vehicles.csv kia-ev6-eu max_dc_kw_oem)",
    );
    expect(
      answerWords(
        { state: 'adp', kw: 0 },
        entry({
          caps,
          missing: [dcPeak],
          path: { current: 'DC', connector: 'nacs', inlet: 'ccs1', adapter: 'x-adapter' },
        }),
      ),
    ).toMatch(/^charges through x-adapter; power not on record/);
  });

  it('says an unk answer waits for the figures that decide whether it charges, where each would go', () => {
    expect(answerWords({ state: 'unk', kw: 0 }, entry({ missing: [voltage, dcPeak] }))).toBe(
      "unknown: whether it charges depends on the unit's maximum voltage (chargers.csv abb-terra-360 " +
        'output_voltage_max_v), not on record',
    );
    expect(missingWords(voltage)).toBe(
      'chargers.csv abb-terra-360 output_voltage_max_v: an 800 V pack may be above it; it decides whether it charges (0–240 kW)',
    );
    expect(missingWords(dcPeak)).toBe(
      "vehicles.csv kia-ev6-eu max_dc_kw_oem: the car's own DC peak; it decides only the power (up to 360 kW)",
    );
  });

  it('names the cap that binds: the outlet of a limited answer, the car of an ok one', () => {
    const caps = [
      { cap: 'vehicle' as const, kw: 240, sources: ['a'] },
      { cap: 'outlet' as const, kw: 150, sources: ['b'] },
    ];
    expect(answerWords({ state: 'limited', kw: 150 }, entry({ caps }))).toBe('charges; limited by the outlet: 150 kW');
    expect(answerWords({ state: 'ok', kw: 240 }, entry({ caps: [caps[0]!] }))).toBe(
      "charges; the car's own maximum: 240 kW",
    );
    expect(answerWords({ state: 'no', kw: 0 }, entry({ path: null, decidedBy: 'connector-match' }))).toMatch(/^no: /);
    // A power no cap gives (an observation's measured peak) is stated without naming a cap.
    expect(answerWords({ state: 'limited', kw: 120 }, entry({ caps }))).toBe('charges; 120 kW');
  });

  it("shows the car's own maxima, or says one is not on record", () => {
    expect(ownMaximaWords({ max_dc_kw_oem: 240, max_ac_kw_oem: null })).toBe('DC 240 kW · AC not on record');
  });
});
