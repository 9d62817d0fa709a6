// JSON.parse of UTF-8 bytes without V8's slow UTF-8 decoding of the whole text: the exports read 137 MB of the tree's
// documents, and decoding them as UTF-8 took 1.1 s of the 1.4 s their parsing cost (latin1 and a fix-up: 0.65 s).
//
// Why it is exact: JSON's structure (brackets, commas, colons, numbers, literals) is ASCII, so a byte above 0x7f can
// only sit inside a string. Decoded as latin1, each such byte becomes the character of the same code, and JSON.parse
// leaves it as it is; its escapes (\n, \", \\ …) give ASCII characters, the same single byte in UTF-8. Encoding such a
// string back to latin1 therefore gives exactly the UTF-8 bytes of the original string, which decode to it. Only a
// \u escape breaks this (it can give a character above 0xff): a document that holds one is decoded as UTF-8 whole.
// JSON.stringify writes \u escapes only for control characters and lone surrogates, so the tree's documents have none.
import { Buffer } from 'node:buffer';

const BEYOND_ASCII = /[\x80-\xff]/;
const UNICODE_ESCAPE = Buffer.from('\\u');

/** The string whose UTF-8 bytes `latin1` holds one per character (itself when it is ASCII). */
function utf8Of(latin1: string): string {
  return BEYOND_ASCII.test(latin1) ? Buffer.from(latin1, 'latin1').toString('utf8') : latin1;
}

/** Every string of a value parsed from latin1 text (object keys included) made the string its UTF-8 bytes encode. */
function restore(value: unknown): unknown {
  if (typeof value === 'string') return utf8Of(value);
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i += 1) value[i] = restore(value[i]);
    return value;
  }
  if (value === null || typeof value !== 'object') return value;
  const object = value as Record<string, unknown>;
  const keys = Object.keys(object);
  if (!keys.some((key) => BEYOND_ASCII.test(key))) {
    for (const key of keys)
      if (key === '__proto__') Object.defineProperty(object, key, { value: restore(object[key]), enumerable: true });
      else object[key] = restore(object[key]);
    return object;
  }
  // A key beyond ASCII: the object is made again, its keys in the same order.
  return Object.fromEntries(keys.map((key) => [utf8Of(key), restore(object[key])]));
}

/** JSON.parse(bytes.toString('utf8')), the same value, faster for text beyond ASCII (see above). */
export function parseJsonBytes(bytes: Buffer): unknown {
  if (bytes.includes(UNICODE_ESCAPE)) return JSON.parse(bytes.toString('utf8'));
  return restore(JSON.parse(bytes.toString('latin1')));
}
