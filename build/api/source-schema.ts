// The published shape of a source (the objects every edge and network document cites): one definition for both.
import { z } from 'zod';
import { SOURCE_KINDS } from '../core/vocabulary.ts';

/** A calendar date, YYYY-MM-DD (a real day: 2026-02-30 is refused). */
const date = z.iso.date();

export const SourceDocument = z
  .strictObject({
    id: z.string().describe('Source id.'),
    kind: z.enum(SOURCE_KINDS).describe('What kind of source it is.'),
    title: z.string().describe('Title of the document.'),
    url: z.string().nullable().describe('Address of the document, or null.'),
    accessedAt: date.nullable().describe('Date the document was read (YYYY-MM-DD), or null.'),
  })
  .describe('A source behind an edge.');
