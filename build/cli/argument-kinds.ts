// The kinds of value a command-line argument can take: how the usage shows each, what it must be, and its parsing.
// A kind answers `undefined` for a text it refuses; the command mechanism (command.ts) turns that into one line.
import { statSync } from 'node:fs';
import { isCalendarDate } from '../core/calendar.ts';

export interface ValueKind<T> {
  /** How the usage line shows the value, e.g. `<1-20>` or `<folder>`. */
  placeholder: string;
  /** What the value must be, for the refusal: "… must be <expected>, got "…"". */
  expected: string;
  parse(text: string): T | undefined;
}

/** Any text, e.g. a host name or a git ref (checked by the work that uses it). */
export const text = (placeholder: string): ValueKind<string> => ({
  placeholder: `<${placeholder}>`,
  expected: `a non-empty ${placeholder}`,
  parse: (value) => (value === '' ? undefined : value),
});

export const wholeNumber = (min: number, max: number): ValueKind<number> => ({
  placeholder: `<${min}-${max}>`,
  expected: `a whole number from ${min} to ${max}`,
  parse: (value) => (/^\d+$/.test(value) && Number(value) >= min && Number(value) <= max ? Number(value) : undefined),
});

export const port: ValueKind<number> = { ...wholeNumber(1, 65_535), expected: 'a port number from 1 to 65535' };

/** An existing folder (the work may check what it must hold). */
export const folder: ValueKind<string> = {
  placeholder: '<folder>',
  expected: 'an existing folder',
  parse: (value) => (statSync(value, { throwIfNoEntry: false })?.isDirectory() ? value : undefined),
};

/** A folder that may not exist yet (it is created), but not a file. */
export const targetFolder: ValueKind<string> = {
  placeholder: '<folder>',
  expected: 'a folder (it is created when missing), not a file',
  parse: (value) => (value !== '' && !statSync(value, { throwIfNoEntry: false })?.isFile() ? value : undefined),
};

export const day: ValueKind<string> = {
  placeholder: '<YYYY-MM-DD>',
  expected: 'a real day written YYYY-MM-DD',
  parse: (value) => (isCalendarDate(value) ? value : undefined),
};

export const httpUrl: ValueKind<string> = {
  placeholder: '<base-url>',
  expected: 'an http(s) URL, e.g. https://example.org',
  parse: (value) => {
    try {
      return ['http:', 'https:'].includes(new URL(value).protocol) ? value : undefined;
    } catch {
      return undefined;
    }
  },
};
