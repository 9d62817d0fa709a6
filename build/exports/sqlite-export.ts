// dataset.sqlite: one table per document kind (columns named and ordered as the document's fields), the edges' sources
// in edge_sources, their reasoning and the wanted list (sqlite-explain.ts), the networks (sqlite-networks.ts), foreign keys, indexes on the slugs and on
// (vehicle, charger, region), and the release's versions in metadata. Written with Node's own SQLite (node:sqlite);
// byte-identical for the same data and SQLite version: a fixed page size, no timestamps, rows inserted in key order,
// and VACUUM last.
import { DatabaseSync, type StatementSync } from 'node:sqlite';
import type { Wanted } from '../api/explain-schemas.ts';
import type { Charger, Source, Vehicle } from '../api/schemas.ts';
import type { ExportName } from '../core/export-files.ts';
import { columnsOf, fieldsOf, joinList, type Column, type FieldValue, type TableKind } from './columns.ts';
import { exportPath, type ExportWriter } from './export-writer.ts';
import type { ExportedEdge, ExportedExplanation, ExportedNetwork } from './release-tree.ts';
import { EXPLAIN_SCHEMA, ExplainTables } from './sqlite-explain.ts';
import { insertNetworks, NETWORK_SCHEMA } from './sqlite-networks.ts';

const SQLITE_FILE: ExportName = 'dataset.sqlite';
const PAGE_SIZE = 4096;

const SQL_TYPES = { text: 'TEXT', integer: 'INTEGER', real: 'REAL', boolean: 'INTEGER', list: 'TEXT' } as const;
const quoted = (name: string) => `"${name}"`;

const columnsOfTable = (kind: TableKind): Column[] =>
  columnsOf(kind).filter((column) => !(kind === 'edge' && column.name === 'sources'));

const columnsSql = (kind: TableKind) =>
  columnsOfTable(kind)
    .map((column) => `${quoted(column.name)} ${SQL_TYPES[column.type]}${column.nullable ? '' : ' NOT NULL'}`)
    .join(', ');

/**
 * Every table, in the order of sqlite_schema (which the file's bytes follow). Keyed tables are stored in key order
 * (WITHOUT ROWID); edges are numbered in the API's order, so that edge_sources names an edge by a small integer.
 */
export const SCHEMA_SQL = [
  'CREATE TABLE metadata (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID',
  `CREATE TABLE vehicles (${columnsSql('vehicle')}, PRIMARY KEY (slug)) WITHOUT ROWID`,
  `CREATE TABLE chargers (${columnsSql('charger')}, PRIMARY KEY (slug)) WITHOUT ROWID`,
  `CREATE TABLE sources (${columnsSql('source')}, PRIMARY KEY (id)) WITHOUT ROWID`,
  `CREATE TABLE edges (id INTEGER PRIMARY KEY, ${columnsSql('edge')}, ` +
    'FOREIGN KEY (vehicle) REFERENCES vehicles(slug), FOREIGN KEY (charger) REFERENCES chargers(slug))',
  'CREATE TABLE edge_sources (edge INTEGER NOT NULL REFERENCES edges(id), source TEXT NOT NULL REFERENCES sources(id), ' +
    'PRIMARY KEY (edge, source)) WITHOUT ROWID',
  ...EXPLAIN_SCHEMA,
  ...NETWORK_SCHEMA,
]
  .map((statement) => `${statement};\n`)
  .join('');

/** Built after the rows are in (faster than keeping them up to date row by row). */
const INDEXES = [
  'CREATE UNIQUE INDEX edges_by_pair ON edges(vehicle, charger, region)',
  'CREATE INDEX edges_by_charger ON edges(charger, vehicle)',
];

/** A value as SQLite stores it: lists joined by a space, booleans as 1 and 0. */
function sqlValue(value: FieldValue | undefined): string | number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'object') return joinList(value);
  if (typeof value === 'boolean') return value ? 1 : 0;
  return value;
}

class Inserter {
  private readonly columns: Column[];
  private readonly statement: StatementSync;

  constructor(db: DatabaseSync, kind: TableKind, table: string, extra: string[] = []) {
    this.columns = columnsOfTable(kind);
    const names = [...extra, ...this.columns.map((column) => quoted(column.name))];
    this.statement = db.prepare(
      `INSERT INTO ${table} (${names.join(', ')}) VALUES (${names.map(() => '?').join(', ')})`,
    );
  }

  insert(document: object, ...extra: (string | number)[]): void {
    const fields = fieldsOf(document);
    this.statement.run(...extra, ...this.columns.map((column) => sqlValue(fields[column.name])));
  }
}

export class SqliteExport implements ExportWriter {
  private readonly db: DatabaseSync;
  private readonly vehicles: Inserter;
  private readonly chargers: Inserter;
  private readonly edgeRows: Inserter;
  private readonly edgeSources: StatementSync;
  private readonly explainTables: ExplainTables;
  private edgeId = 0;

  /** `metadata`: the release's versions and licences, one row each. */
  constructor(dir: string, metadata: Record<string, string>) {
    // References are checked once, when every row is in (check()): sources are only known after the edges.
    this.db = new DatabaseSync(exportPath(dir, SQLITE_FILE), { enableForeignKeyConstraints: false });
    // The file is written once, from scratch: no journal, no syncing until it is closed.
    this.db.exec(`PRAGMA page_size = ${PAGE_SIZE}; PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF;`);
    this.db.exec(SCHEMA_SQL);
    this.db.exec('BEGIN');
    const meta = this.db.prepare('INSERT INTO metadata (key, value) VALUES (?, ?)');
    for (const key of Object.keys(metadata).sort()) meta.run(key, metadata[key]!);
    this.vehicles = new Inserter(this.db, 'vehicle', 'vehicles');
    this.chargers = new Inserter(this.db, 'charger', 'chargers');
    this.edgeRows = new Inserter(this.db, 'edge', 'edges', ['id']);
    this.edgeSources = this.db.prepare('INSERT INTO edge_sources (edge, source) VALUES (?, ?)');
    this.explainTables = new ExplainTables(this.db);
  }

  vehicle(vehicle: Vehicle): void {
    this.vehicles.insert(vehicle);
  }

  charger(charger: Charger): void {
    this.chargers.insert(charger);
  }

  edges(edges: readonly ExportedEdge[]): void {
    for (const edge of edges) {
      this.edgeId += 1;
      this.edgeRows.insert(edge, this.edgeId);
      for (const source of edge.sources) this.edgeSources.run(this.edgeId, source);
    }
  }

  /** The explanations of the edges just inserted (numbered up to edgeId), in the same order. */
  explanations(entries: readonly ExportedExplanation[]): void {
    const first = this.edgeId - entries.length + 1;
    entries.forEach((entry, i) => this.explainTables.add(first + i, entry));
  }

  wanted(wanted: Wanted): void {
    this.explainTables.wanted(wanted);
  }

  networks(networks: readonly ExportedNetwork[]): void {
    insertNetworks(this.db, networks);
  }

  finish(sources: readonly Source[]): void {
    try {
      const inserter = new Inserter(this.db, 'source', 'sources');
      for (const source of sources) inserter.insert(source);
      this.db.exec('COMMIT');
      for (const index of INDEXES) this.db.exec(index);
      this.check();
      this.db.exec('VACUUM');
    } finally {
      this.db.close();
    }
  }

  /** The file is sound and every reference resolves, or the build stops. */
  private check(): void {
    // quick_check: every page and record well-formed, in linear time (integrity_check also matches each index against
    // its table, which costs more than the rest of the export and guards against what a fresh file cannot have).
    const integrity = this.db.prepare('PRAGMA quick_check').all();
    if (integrity.length !== 1 || integrity[0]!.quick_check !== 'ok')
      throw new Error(`${SQLITE_FILE}: integrity check failed: ${JSON.stringify(integrity.slice(0, 5))}`);
    const dangling = this.db.prepare('PRAGMA foreign_key_check').all();
    if (dangling.length > 0)
      throw new Error(`${SQLITE_FILE}: ${dangling.length} row(s) refer to nothing: ${JSON.stringify(dangling[0])}`);
  }
}
