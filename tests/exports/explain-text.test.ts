// The reasoning behind an edge as explain.csv's cells spell it: the path, the caps and the missing figures.
import { expect, it } from 'vitest';
import { pathText, rangeText } from '../../build/api/explain-phrases.ts';
import { capsText, missingText } from '../../build/exports/explain-text.ts';

it('spells a path as current, connector → inlet, and the adapter it goes through', () => {
  expect(pathText({ current: 'DC', connector: 'ccs2', inlet: 'ccs2', adapter: null })).toBe('DC ccs2→ccs2');
  expect(pathText({ current: 'DC', connector: 'nacs', inlet: 'ccs1', adapter: 'gm-nacs-dc-adapter' })).toBe(
    'DC nacs→ccs1 via gm-nacs-dc-adapter',
  );
  expect(pathText(null)).toBe('');
});

it('lists each cap with its kW and its sources, a cap with none without brackets', () => {
  expect(
    capsText([
      { cap: 'vehicle', kw: 190, sources: ['a', 'b'] },
      { cap: 'outlet', kw: 7.2, sources: [] },
    ]),
  ).toBe('vehicle 190 kW (a b); outlet 7.2 kW');
});

it('gives the power a missing figure leaves open, bounded on either side or both', () => {
  expect(rangeText(0, 180)).toBe('0–180 kW');
  expect(rangeText(50, 50)).toBe('50 kW');
  expect(rangeText(null, 50)).toBe('up to 50 kW');
  expect(rangeText(126, null)).toBe('from 126 kW');
  expect(rangeText(null, null)).toBe('');
});

it('names each missing figure by file, row and column, with what it decides and why', () => {
  expect(
    missingText([
      {
        file: 'chargers.csv',
        row: 'abb-terra-360',
        column: 'output_voltage_max_v',
        decides: 'state',
        why: 'an 800 V pack may be above it',
        kwMin: 0,
        kwMax: 270,
      },
      { file: 'vehicles.csv', row: 'x', column: 'max_dc_kw_oem', decides: 'power', why: 'w', kwMin: null, kwMax: null },
    ]),
  ).toBe(
    'chargers.csv abb-terra-360 output_voltage_max_v (state, 0–270 kW): an 800 V pack may be above it; ' +
      'vehicles.csv x max_dc_kw_oem (power): w',
  );
});
