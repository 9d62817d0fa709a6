// The files of /api/v1/exports/ (a publishing build writes them, build/exports/): each one's name and media type, the
// one list that the writers, the edge policy, the OpenAPI document and netlify.toml's header rules (tested) follow.

export const EXPORT_FILES = [
  { name: 'edges.ndjson', mediaType: 'application/x-ndjson' },
  { name: 'explain.ndjson', mediaType: 'application/x-ndjson' },
  { name: 'wanted.ndjson', mediaType: 'application/x-ndjson' },
  { name: 'sources.ndjson', mediaType: 'application/x-ndjson' },
  { name: 'vehicles.csv', mediaType: 'text/csv; charset=utf-8' },
  { name: 'chargers.csv', mediaType: 'text/csv; charset=utf-8' },
  { name: 'sources.csv', mediaType: 'text/csv; charset=utf-8' },
  { name: 'edges.csv', mediaType: 'text/csv; charset=utf-8' },
  { name: 'explain.csv', mediaType: 'text/csv; charset=utf-8' },
  { name: 'wanted.csv', mediaType: 'text/csv; charset=utf-8' },
  { name: 'dataset.sqlite', mediaType: 'application/vnd.sqlite3' },
] as const;

export type ExportName = (typeof EXPORT_FILES)[number]['name'];

/** Where the exports are served. */
export const EXPORTS_PATH = '/api/v1/exports/';
