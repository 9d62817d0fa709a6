// The export formats and the files of /api/v1/exports/ (a publishing build writes them, build/exports/): each format's
// name and media type, each file's name and format, the one list that the writers (build/exports/formats.ts), the
// mirror's manifest, the edge policy, the OpenAPI document, docs/contract.md (tested) and netlify.toml's header rules
// (written by npm run docs) follow. A new format is an entry here, its writer, and its line in build/exports/formats.ts.

/** Every format, in the order its files are listed: its name as the docs write it and the media type of its files. */
export const EXPORT_FORMATS = {
  ndjson: { label: 'NDJSON', mediaType: 'application/x-ndjson' },
  csv: { label: 'CSV', mediaType: 'text/csv; charset=utf-8' },
  sqlite: { label: 'SQLite', mediaType: 'application/vnd.sqlite3' },
} as const;

export type ExportFormat = keyof typeof EXPORT_FORMATS;

/** Every export, in the order mirror.json lists them. */
const FILES = [
  { name: 'edges.ndjson', format: 'ndjson' },
  { name: 'explain.ndjson', format: 'ndjson' },
  { name: 'wanted.ndjson', format: 'ndjson' },
  { name: 'networks.ndjson', format: 'ndjson' },
  { name: 'sources.ndjson', format: 'ndjson' },
  { name: 'vehicles.csv', format: 'csv' },
  { name: 'chargers.csv', format: 'csv' },
  { name: 'sources.csv', format: 'csv' },
  { name: 'edges.csv', format: 'csv' },
  { name: 'explain.csv', format: 'csv' },
  { name: 'wanted.csv', format: 'csv' },
  { name: 'networks.csv', format: 'csv' },
  { name: 'dataset.sqlite', format: 'sqlite' },
] as const satisfies readonly { name: string; format: ExportFormat }[];

export type ExportName = (typeof FILES)[number]['name'];

export interface ExportFile {
  name: ExportName;
  format: ExportFormat;
  mediaType: string;
}

/** Every export with its format and media type. */
export const EXPORT_FILES: readonly ExportFile[] = FILES.map(({ name, format }) => ({
  name,
  format,
  mediaType: EXPORT_FORMATS[format].mediaType,
}));

/** The formats, in their order, as a list. */
export const EXPORT_FORMAT_NAMES = Object.keys(EXPORT_FORMATS) as ExportFormat[];

/** "NDJSON, CSV or SQLite": the formats as prose says them. */
export const EXPORT_FORMATS_TEXT = EXPORT_FORMAT_NAMES.map((format) => EXPORT_FORMATS[format].label)
  .join(', ')
  .replace(/, ([^,]*)$/, ' or $1');

/** Where the exports are served. */
export const EXPORTS_PATH = '/api/v1/exports/';
