// One file of the site as the build renders it: its path, its text and, for an API document, the schema it must match.
import type { DocumentKind } from '../api/schemas.ts';

export interface SiteFile {
  path: string;
  body: string;
  /** For API documents: the schema the document must match, and the document itself (validated before writing). */
  schema?: DocumentKind;
  document?: unknown;
}

export const toJson = (document: unknown): string => `${JSON.stringify(document)}\n`;

export const apiFile = (path: string, schema: DocumentKind, document: unknown): SiteFile => ({
  path,
  body: toJson(document),
  schema,
  document,
});
