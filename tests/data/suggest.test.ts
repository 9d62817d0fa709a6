// "Did you mean" for unknown ids (build/data/suggest.ts): the edit distance, when an id is close enough to suggest,
// and when the valid ids are listed.
import { describe, expect, it } from 'vitest';
import { closest, editDistance, LIST_UP_TO, suggestion, unknownId } from '../../build/data/suggest.ts';

describe('editDistance', () => {
  it('counts insertions, deletions and substitutions', () => {
    expect(editDistance('ccs2', 'ccs2')).toBe(0);
    expect(editDistance('ccs', 'ccs2')).toBe(1);
    expect(editDistance('ccs2', 'ccs')).toBe(1);
    expect(editDistance('type1', 'type2')).toBe(1);
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('', 'nacs')).toBe(4);
    expect(editDistance('2023', '2032')).toBe(2);
  });
});

describe('closest', () => {
  const connectors = ['ccs1', 'ccs2', 'chademo', 'nacs', 'type1', 'type2'];

  it('suggests the nearest id when it is close', () => {
    expect(closest('ccs', connectors)).toBe('ccs1');
    expect(closest('chademo2', connectors)).toBe('chademo');
    expect(closest('kia-ev6-gt-2032-eu', ['kia-ev6-gt-2023-eu', 'kia-ev9-2024-eu'])).toBe('kia-ev6-gt-2023-eu');
  });

  it('finds an id written in another case, however short', () => {
    expect(closest('eu', ['EU', 'NA', 'UK', 'CN'])).toBe('EU');
    expect(closest('Dc', ['AC', 'DC'])).toBe('DC');
  });

  it('suggests nothing when no id is close, nor the id itself', () => {
    expect(closest('US', ['EU', 'NA', 'UK', 'CN'])).toBeNull();
    expect(closest('gbt', connectors)).toBeNull();
    expect(closest('ccs2', ['ccs2'])).toBeNull();
    expect(closest('anything', [])).toBeNull();
  });

  it('breaks a tie by the id that sorts first, whatever the input order', () => {
    expect(closest('type', ['type2', 'type1'])).toBe('type1');
    expect(closest('type', ['type1', 'type2'])).toBe('type1');
  });
});

describe('suggestion', () => {
  it('lists every id of a small set, with the suggestion first', () => {
    expect(suggestion('ccs', ['ccs1', 'ccs2', 'nacs'])).toBe('; did you mean "ccs1"? defined: ccs1, ccs2, nacs');
    expect(suggestion('gbt', ['ccs1', 'ccs2'])).toBe('; defined: ccs1, ccs2');
    expect(suggestion('gbt', [])).toBe('; none is defined');
  });

  it('lists no ids when the set is large, grows with the data, or the message lists them already', () => {
    const many = Array.from({ length: LIST_UP_TO + 1 }, (_, i) => `car-${i}-2024`);
    expect(suggestion('car-3-2042', many)).toBe('; did you mean "car-3-2024"?');
    expect(suggestion('bus', many)).toBe('');
    expect(suggestion('test-car-2042-eu', ['test-car-2024-eu'], { list: false })).toBe(
      '; did you mean "test-car-2024-eu"?',
    );
    expect(suggestion('ghost-car', ['test-car-2024-eu'], { list: false })).toBe('');
    expect(suggestion('dc', ['AC', 'DC'], { list: false })).toBe('; did you mean "DC"?');
    expect(suggestion('HVDC', ['AC', 'DC'], { list: false })).toBe('');
  });
});

describe('unknownId', () => {
  it('says what is missing, where it would be defined, and what is near', () => {
    expect(unknownId('connector', 'ccs', 'data/connectors.yaml', ['ccs1', 'ccs2'])).toBe(
      'connector "ccs" is not defined in data/connectors.yaml; did you mean "ccs1"? defined: ccs1, ccs2',
    );
    expect(unknownId('vehicle', 'ghost', 'data/vehicles.csv', ['test-car-2024-eu'], { list: false })).toBe(
      'vehicle "ghost" is not defined in data/vehicles.csv',
    );
  });
});
