// The columns of a document kind in the table exports (CSV, SQLite), read from its JSON Schema: one column per field,
// in the document's order and with its name; a list is one cell, its items joined by a space as the data files join them.
import { jsonSchemaOf } from '../api/json-schemas.ts';
import type { DocumentKind } from '../api/schemas.ts';

export type ColumnType = 'text' | 'integer' | 'real' | 'boolean' | 'list';

export interface Column {
  name: string;
  type: ColumnType;
  nullable: boolean;
}

/** The exported kinds: one table (SQLite) or file (CSV) each. */
export type TableKind = Extract<DocumentKind, 'vehicle' | 'charger' | 'source' | 'edge'>;

interface PropertySchema {
  type?: string;
  anyOf?: PropertySchema[];
}

const TYPES: Record<string, ColumnType> = {
  string: 'text',
  integer: 'integer',
  number: 'real',
  boolean: 'boolean',
  array: 'list',
};

export function columnsOf(kind: TableKind): Column[] {
  const schema = jsonSchemaOf(kind) as { properties: Record<string, PropertySchema> };
  return Object.entries(schema.properties).map(([name, property]) => {
    const variants = property.anyOf ?? [property];
    const value = variants.find((variant) => variant.type !== 'null');
    const type = value?.type === undefined ? undefined : TYPES[value.type];
    if (!type) throw new Error(`${kind}.${name}: no column type for ${JSON.stringify(property)}`);
    return { name, type, nullable: variants.some((variant) => variant.type === 'null') };
  });
}

/** A field of an exported document: a scalar, or a list of strings or of sources (named by their id). */
export type FieldValue = string | number | boolean | null | readonly (string | { id: string })[];

/** The fields of a document, by name. */
export const fieldsOf = (document: object) => document as Record<string, FieldValue | undefined>;

/** A list cell: its items joined by a space. */
export const joinList = (items: readonly (string | { id: string })[]): string =>
  items.map((item) => (typeof item === 'string' ? item : item.id)).join(' ');
