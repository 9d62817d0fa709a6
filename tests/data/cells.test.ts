import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { SLUG_MAX_LENGTH } from '../../build/core/vocabulary.ts';
import {
  list,
  oneOf,
  optionalNumber,
  optionalNumberOr,
  optionalText,
  requiredNumber,
  slug,
  text,
} from '../../build/data/cells.ts';
import { BIDIRECTIONAL_MODES } from '../../build/core/vocabulary.ts';

/** The parsed value, or the list of issue messages. */
function parse(schema: z.ZodType, raw: unknown): { ok: unknown } | { errors: string[] } {
  const result = schema.safeParse(raw);
  return result.success ? { ok: result.data } : { errors: result.error.issues.map((issue) => issue.message) };
}

const SLUG_MESSAGE =
  'must be a slug: lowercase letters a-z, digits and single hyphens between them, e.g. "kia-ev6-gt-2023"';

describe('slug()', () => {
  it.each(['kia-ev6-gt-2023', 'a', '0', 'ev9-2024'])('accepts %s', (value) => {
    expect(parse(slug(), value)).toEqual({ ok: value });
  });

  it.each([
    ['uppercase', 'Kia-ev6'],
    ['a path climbing out', '../etc'],
    ['a slash', 'kia/ev6'],
    ['a double hyphen', 'kia--ev6'],
    ['a leading hyphen', '-kia'],
    ['a trailing hyphen', 'kia-'],
    ['a space', 'kia ev6'],
    ['an underscore', 'kia_ev6'],
    ['a non-ASCII letter', 'škoda'],
  ])('rejects %s', (_why, value) => {
    expect(parse(slug(), value)).toEqual({ errors: [SLUG_MESSAGE] });
  });

  it(`accepts ${SLUG_MAX_LENGTH} characters and rejects ${SLUG_MAX_LENGTH + 1}`, () => {
    expect(SLUG_MAX_LENGTH).toBe(96);
    expect(parse(slug(), 'a'.repeat(96))).toEqual({ ok: 'a'.repeat(96) });
    expect(parse(slug(), 'a'.repeat(97))).toEqual({ errors: ['must be at most 96 characters'] });
  });

  it('reports an empty or missing slug as required', () => {
    expect(parse(slug(), '')).toEqual({ errors: ['is required'] });
    expect(parse(slug(), null)).toEqual({ errors: ['is required'] });
  });
});

describe('text() and optionalText()', () => {
  it('trims text and requires something besides spaces', () => {
    expect(parse(text(), '  Kia ')).toEqual({ ok: 'Kia' });
    expect(parse(text(), '   ')).toEqual({ errors: ['is required'] });
  });

  it('turns empty optional text into null', () => {
    expect(parse(optionalText(), '')).toEqual({ ok: null });
    expect(parse(optionalText(), '  ')).toEqual({ ok: null });
    expect(parse(optionalText(), ' GT ')).toEqual({ ok: 'GT' });
  });
});

describe('requiredNumber() and optionalNumber()', () => {
  const year = requiredNumber({ min: 2010, max: 2030, integer: true });
  const kw = optionalNumber({ min: 1, max: 1000, unit: 'kW' });

  it('parses numbers from text or YAML numbers, trimming spaces', () => {
    expect(parse(year, '2024')).toEqual({ ok: 2024 });
    expect(parse(year, ' 2024 ')).toEqual({ ok: 2024 });
    expect(parse(year, 2024)).toEqual({ ok: 2024 });
    expect(parse(kw, '150.5')).toEqual({ ok: 150.5 });
  });

  it('rejects non-numeric text, naming the kind of number and the value', () => {
    expect(parse(kw, 'fast')).toEqual({ errors: ['must be a number, got "fast"'] });
    expect(parse(kw, '.5')).toEqual({ errors: ['must be a number, got ".5"'] });
    expect(parse(kw, '1e3')).toEqual({ errors: ['must be a number, got "1e3"'] });
    expect(parse(year, '2024.5')).toEqual({ errors: ['must be a whole number, got "2024.5"'] });
  });

  it('rejects values out of range, with the unit when there is one', () => {
    expect(parse(kw, '0')).toEqual({ errors: ['must be between 1 and 1000 kW, got 0'] });
    expect(parse(kw, '1001')).toEqual({ errors: ['must be between 1 and 1000 kW, got 1001'] });
    expect(parse(year, '2040')).toEqual({ errors: ['must be between 2010 and 2030, got 2040'] });
    expect(parse(year, '-5')).toEqual({ errors: ['must be between 2010 and 2030, got -5'] });
  });

  it('accepts the bounds themselves', () => {
    expect(parse(kw, '1')).toEqual({ ok: 1 });
    expect(parse(kw, '1000')).toEqual({ ok: 1000 });
  });

  it('turns an empty optional cell into null', () => {
    expect(parse(kw, '')).toEqual({ ok: null });
    expect(parse(kw, '   ')).toEqual({ ok: null });
    expect(parse(kw, null)).toEqual({ ok: null });
  });

  it('reports an empty required cell as required, naming the kind of number', () => {
    expect(parse(year, '')).toEqual({ errors: ['is required (a whole number)'] });
    expect(parse(requiredNumber({ min: 1, max: 5 }), null)).toEqual({ errors: ['is required (a number)'] });
  });
});

describe('optionalNumberOr()', () => {
  const boost = optionalNumberOr('yes', { min: 0, max: 1000, unit: 'kW' });

  it('reads empty, the word, or a number', () => {
    expect(parse(boost, '')).toEqual({ ok: null });
    expect(parse(boost, ' yes ')).toEqual({ ok: 'yes' });
    expect(parse(boost, '0')).toEqual({ ok: 0 });
    expect(parse(boost, '135')).toEqual({ ok: 135 });
  });

  it("names the word beside the number's own error", () => {
    expect(parse(boost, 'Yes')).toEqual({ errors: ['must be a number, got "Yes" (or yes)'] });
    expect(parse(boost, '1001')).toEqual({ errors: ['must be between 0 and 1000 kW, got 1001 (or yes)'] });
  });
});

describe('list()', () => {
  const modes = list({ allowed: BIDIRECTIONAL_MODES });

  it('splits on any whitespace and gives [] for an empty cell', () => {
    expect(parse(list(), '  a   b ')).toEqual({ ok: ['a', 'b'] });
    expect(parse(modes, '')).toEqual({ ok: [] });
  });

  it('orders the values by the allowed list', () => {
    expect(parse(modes, 'V2G V2L')).toEqual({ ok: ['V2L', 'V2G'] });
    expect(parse(modes, 'V2G V2H V2L')).toEqual({ ok: ['V2L', 'V2H', 'V2G'] });
  });

  it('keeps the written order without an allowed list', () => {
    expect(parse(list(), 'zeta alpha')).toEqual({ ok: ['zeta', 'alpha'] });
  });

  it('rejects a value outside the allowed list, case-sensitively, suggesting a close one', () => {
    expect(parse(modes, 'V2L V2X')).toEqual({ errors: ['"V2X" is not one of V2L, V2H, V2G; did you mean "V2G"?'] });
    expect(parse(modes, 'v2l')).toEqual({ errors: ['"v2l" is not one of V2L, V2H, V2G; did you mean "V2L"?'] });
    expect(parse(modes, 'bidirectional')).toEqual({ errors: ['"bidirectional" is not one of V2L, V2H, V2G'] });
  });

  it('rejects a value listed twice', () => {
    expect(parse(modes, 'V2L V2G V2L')).toEqual({ errors: ['"V2L" is listed twice'] });
    expect(parse(list(), 'src src')).toEqual({ errors: ['"src" is listed twice'] });
  });

  it('checks each item against itemPattern', () => {
    expect(parse(list({ itemPattern: /^[a-z-]+$/ }), 'ok-id Bad')).toEqual({
      errors: ['"Bad" is not a valid id (lowercase slug)'],
    });
  });

  it('reports an empty required list', () => {
    expect(parse(list({ required: true }), '  ')).toEqual({
      errors: ['is required (one or more values separated by spaces)'],
    });
  });
});

describe('oneOf()', () => {
  const CURRENTS = ['AC', 'DC'] as const;
  const current = oneOf(CURRENTS);

  it.each(CURRENTS)('accepts %s', (value) => {
    expect(parse(current, value)).toEqual({ ok: value });
  });

  it('rejects other values, case-sensitively, listing the allowed ones and suggesting a close one', () => {
    expect(parse(current, 'dc')).toEqual({ errors: ['must be one of AC, DC, got "dc"; did you mean "DC"?'] });
    expect(parse(current, 'HVDC')).toEqual({ errors: ['must be one of AC, DC, got "HVDC"'] });
    expect(parse(current, '')).toEqual({ errors: ['must be one of AC, DC, got ""'] });
  });
});
