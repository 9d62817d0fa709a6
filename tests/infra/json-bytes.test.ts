// parseJsonBytes: the same value as JSON.parse of the UTF-8 text, for text beyond ASCII, escapes and odd keys.
import { describe, expect, it } from 'vitest';
import { parseJsonBytes } from '../../build/infra/json-bytes.ts';

const bytesOf = (value: unknown) => Buffer.from(JSON.stringify(value), 'utf8');
const viaUtf8 = (bytes: Buffer) => JSON.parse(bytes.toString('utf8')) as unknown;

describe('parseJsonBytes', () => {
  it('gives the value JSON.parse gives the UTF-8 text, for strings beyond ASCII of 2, 3 and 4 bytes a character', () => {
    const value = {
      slug: 'renault-megane',
      title: 'Mégane E-Tech — 220 kW, 10–80 % in 30 min (Automobile Propre, Türkiye: Şarj)',
      list: ['ascii', 'ü', '電気自動車', 'emoji 🚗⚡', ''],
      nested: { deeper: [{ note: 'Ø 1,5 m²' }, 42, null, true, -0.5e3] },
    };
    const bytes = bytesOf(value);
    expect(parseJsonBytes(bytes)).toEqual(viaUtf8(bytes));
    expect(parseJsonBytes(bytes)).toEqual(value);
  });

  it('keeps escaped characters and ASCII-only documents as they are', () => {
    const value = { quote: 'say "hi"\n\tback\\slash /', plain: 'only ascii', control: '\u0001', mixed: 'é\n"ü"' };
    const bytes = bytesOf(value);
    expect(parseJsonBytes(bytes)).toEqual(value);
  });

  it('decodes object keys beyond ASCII, in their order, and a "__proto__" key as a key', () => {
    const bytes = Buffer.from('{"größe":1,"b":{"ключ":"значение"},"__proto__":{"x":"é"}}', 'utf8');
    const parsed = parseJsonBytes(bytes) as Record<string, unknown>;
    expect(parsed).toEqual(viaUtf8(bytes));
    expect(Object.keys(parsed)).toEqual(['größe', 'b', '__proto__']);
    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(parsed, '__proto__')?.value).toEqual({ x: 'é' });
  });

  it('decodes a document holding \\u escapes as UTF-8 whole (an escape may stand for a character above 0xff)', () => {
    const bytes = Buffer.from('{"a":"\\u20ac and €","b":"\\ud83d"}', 'utf8');
    expect(parseJsonBytes(bytes)).toEqual({ a: '€ and €', b: '\ud83d' });
  });

  it('replaces bytes that are not UTF-8 as JSON.parse of the decoded text does', () => {
    const bytes = Buffer.concat([Buffer.from('{"bad":"a'), Buffer.from([0xc3, 0x28, 0xff]), Buffer.from('b"}')]);
    expect(parseJsonBytes(bytes)).toEqual(viaUtf8(bytes));
  });

  it('throws on text that is not JSON, as JSON.parse does', () => {
    expect(() => parseJsonBytes(Buffer.from('{"a":'))).toThrow(SyntaxError);
  });
});
