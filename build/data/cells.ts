// Zod schemas that turn one raw cell (a CSV string or a YAML scalar) into a typed value, with plain-sentence errors.
import { z } from 'zod';
import { SLUG_MAX_LENGTH, SLUG_PATTERN } from '../core/vocabulary.ts';
import { suggestion } from './suggest.ts';

const describe = (raw: unknown): string =>
  typeof raw === 'string' ? `"${raw}"` : (JSON.stringify(raw) ?? String(raw));

/** A raw cell as text: CSV cells are strings already; YAML scalars are stringified; null/undefined become "". */
const asText = (raw: unknown): unknown =>
  raw === null || raw === undefined ? '' : typeof raw === 'number' || typeof raw === 'boolean' ? String(raw) : raw;
const textCell = z.preprocess(asText, z.string({ error: (i) => `must be text, got ${describe(i.input)}` }));

export const slug = () =>
  textCell.pipe(
    z
      .string()
      .min(1, { error: 'is required', abort: true })
      .max(SLUG_MAX_LENGTH, `must be at most ${SLUG_MAX_LENGTH} characters`)
      .regex(
        SLUG_PATTERN,
        'must be a slug: lowercase letters a-z, digits and single hyphens between them, e.g. "kia-ev6-gt-2023"',
      ),
  );

export const text = () => textCell.pipe(z.string().trim().min(1, 'is required'));

export const optionalText = () => textCell.transform((value) => (value.trim() === '' ? null : value.trim()));

/**
 * The number a text writes, when it writes it exactly as the API publishes it: 2024, 77.4, -3; never 02024, 190.0,
 * +5, 1e3, or more digits than a number holds (190.00000000000000000001 would be published as 190). Null otherwise.
 */
export function canonicalNumber(text: string): number | null {
  if (!/^-?\d+(?:\.\d+)?$/.test(text)) return null;
  const value = Number(text);
  return String(value) === text ? value : null;
}

interface NumberOptions {
  min: number;
  max: number;
  integer?: boolean;
  unit?: string;
}

function numberCell(options: NumberOptions, optional: boolean) {
  const kind = options.integer ? 'a whole number' : 'a number';
  const unit = options.unit ? ` ${options.unit}` : '';
  return textCell.transform((raw, ctx) => {
    const value = raw.trim();
    if (value === '') {
      if (optional) return null;
      ctx.addIssue({ code: 'custom', message: `is required (${kind})` });
      return z.NEVER;
    }
    const pattern = options.integer ? /^-?\d+$/ : /^-?\d+(?:\.\d+)?$/;
    if (!pattern.test(value)) {
      ctx.addIssue({ code: 'custom', message: `must be ${kind}, got ${describe(raw)}` });
      return z.NEVER;
    }
    const parsed = canonicalNumber(value);
    if (parsed === null) {
      ctx.addIssue({
        code: 'custom',
        message: `must be written as it is published, ${String(Number(value))}, got ${describe(raw)}`,
      });
      return z.NEVER;
    }
    if (parsed < options.min || parsed > options.max) {
      ctx.addIssue({
        code: 'custom',
        message: `must be between ${options.min} and ${options.max}${unit}, got ${value}`,
      });
      return z.NEVER;
    }
    return parsed;
  });
}

/**
 * Empty (null), `word` (a fact whose figure no source states, e.g. boost_dc_kw "yes": has a boost path, power not
 * stated), or a number as optionalNumber reads it.
 */
export function optionalNumberOr<const W extends string>(word: W, options: NumberOptions) {
  const number = numberCell(options, true);
  return textCell.transform((raw, ctx): number | W | null => {
    if (raw.trim() === word) return word;
    const parsed = number.safeParse(raw);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: `${issue.message} (or ${word})` });
    return z.NEVER;
  });
}

export const requiredNumber = (options: NumberOptions) => numberCell(options, false).pipe(z.number());
export const optionalNumber = (options: NumberOptions) => numberCell(options, true);

export const oneOf = <const T extends readonly [string, ...string[]]>(values: T) =>
  textCell.pipe(
    z.string().refine((v): v is T[number] => (values as readonly string[]).includes(v), {
      error: (i) =>
        `must be one of ${values.join(', ')}, got ${describe(i.input)}${suggestion(String(i.input), values, { list: false })}`,
    }),
  ) as unknown as z.ZodType<T[number], unknown>;

/** One of `values`, or empty (null). */
export const optionalOneOf = <const T extends readonly [string, ...string[]]>(values: T) =>
  textCell.pipe(
    z
      .string()
      .refine((v) => v.trim() === '' || (values as readonly string[]).includes(v), {
        error: (i) =>
          `must be empty or one of ${values.join(', ')}, got ${describe(i.input)}` +
          suggestion(String(i.input), values, { list: false }),
      })
      .transform((v) => (v.trim() === '' ? null : (v as T[number]))),
  );

/** A space-separated list in one cell; `allowed` (when given) restricts and orders the values, and types them. */
export function list<const T extends string = string>(
  options: { allowed?: readonly T[]; required?: boolean; itemPattern?: RegExp } = {},
) {
  return textCell.transform((raw, ctx): T[] => {
    const items = raw.split(/\s+/).filter((item) => item !== '');
    if (options.required && items.length === 0) {
      ctx.addIssue({ code: 'custom', message: 'is required (one or more values separated by spaces)' });
      return z.NEVER;
    }
    const seen = new Set<T>();
    for (const item of items as T[]) {
      if (options.allowed && !options.allowed.includes(item)) {
        const hint = suggestion(item, options.allowed, { list: false });
        ctx.addIssue({ code: 'custom', message: `"${item}" is not one of ${options.allowed.join(', ')}${hint}` });
      } else if (options.itemPattern && !options.itemPattern.test(item)) {
        ctx.addIssue({ code: 'custom', message: `"${item}" is not a valid id (lowercase slug)` });
      } else if (seen.has(item)) {
        ctx.addIssue({ code: 'custom', message: `"${item}" is listed twice` });
      }
      seen.add(item);
    }
    const allowed = options.allowed;
    return allowed ? [...seen].sort((a, b) => allowed.indexOf(a) - allowed.indexOf(b)) : [...seen];
  });
}

/** A YAML list of values (or a single value), each checked by `item`. */
export const yamlList = <T>(item: z.ZodType<T, unknown>) =>
  z.preprocess(
    (raw): unknown[] => (raw === null || raw === undefined ? [] : Array.isArray(raw) ? (raw as unknown[]) : [raw]),
    z.array(item),
  );

/** A CSV cell holding a day written YYYY-MM-DD (a real calendar day), or empty (null). */
export const optionalDate = () =>
  textCell.transform((raw, ctx) => {
    const value = raw.trim();
    if (value === '') return null;
    const day = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00Z`) : null;
    if (!day || Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== value) {
      ctx.addIssue({ code: 'custom', message: `must be a date written YYYY-MM-DD, got ${describe(raw)}` });
      return z.NEVER;
    }
    return value;
  });

export const isoDate = () =>
  z.preprocess(
    (raw) => (raw instanceof Date ? raw.toISOString().slice(0, 10) : raw),
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date written YYYY-MM-DD')
      .nullable()
      .default(null),
  );
