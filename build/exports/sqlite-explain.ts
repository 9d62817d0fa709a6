// dataset.sqlite's tables of the reasoning behind each edge (edge_explain: path and deciding rule; edge_caps;
// edge_missing), keyed by the edge's id as edge_sources is, and the wanted list (wanted, ranked as /api/v1/wanted).
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import type { Wanted } from '../api/explain-schemas.ts';
import { WANTED_COLUMNS, wantedRow } from './explain-text.ts';
import type { ExportedExplanation } from './release-tree.ts';

/** The tables, in the order of sqlite_schema (after edge_sources). */
export const EXPLAIN_SCHEMA = [
  'CREATE TABLE edge_explain (edge INTEGER PRIMARY KEY REFERENCES edges(id), pathCurrent TEXT, pathConnector TEXT, ' +
    'pathInlet TEXT, pathAdapter TEXT, decidedBy TEXT NOT NULL)',
  'CREATE TABLE edge_caps (edge INTEGER NOT NULL REFERENCES edges(id), cap TEXT NOT NULL, kw REAL NOT NULL, ' +
    'sources TEXT NOT NULL, PRIMARY KEY (edge, cap)) WITHOUT ROWID',
  'CREATE TABLE edge_missing (edge INTEGER NOT NULL REFERENCES edges(id), file TEXT NOT NULL, row TEXT NOT NULL, ' +
    'column TEXT NOT NULL, decides TEXT NOT NULL, why TEXT NOT NULL, kwMin REAL, kwMax REAL, ' +
    'PRIMARY KEY (edge, file, row, column)) WITHOUT ROWID',
  `CREATE TABLE wanted (rank INTEGER PRIMARY KEY, ${WANTED_COLUMNS.map(
    (name, i) => `${name} ${i < 3 ? 'TEXT' : 'INTEGER'} NOT NULL`,
  ).join(', ')})`,
];

const insert = (db: DatabaseSync, table: string, columns: readonly string[]): StatementSync =>
  db.prepare(`INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`);

export class ExplainTables {
  private readonly db: DatabaseSync;
  private readonly explain: StatementSync;
  private readonly caps: StatementSync;
  private readonly missing: StatementSync;

  constructor(db: DatabaseSync) {
    this.db = db;
    this.explain = insert(db, 'edge_explain', [
      'edge',
      'pathCurrent',
      'pathConnector',
      'pathInlet',
      'pathAdapter',
      'decidedBy',
    ]);
    this.caps = insert(db, 'edge_caps', ['edge', 'cap', 'kw', 'sources']);
    this.missing = insert(db, 'edge_missing', ['edge', 'file', 'row', 'column', 'decides', 'why', 'kwMin', 'kwMax']);
  }

  /** The explanation of the edge numbered `edge`. */
  add(edge: number, { path, caps, missing, decidedBy }: ExportedExplanation): void {
    this.explain.run(
      edge,
      path?.current ?? null,
      path?.connector ?? null,
      path?.inlet ?? null,
      path?.adapter ?? null,
      decidedBy,
    );
    for (const { cap, kw, sources } of caps) this.caps.run(edge, cap, kw, sources.join(' '));
    for (const m of missing) this.missing.run(edge, m.file, m.row, m.column, m.decides, m.why, m.kwMin, m.kwMax);
  }

  wanted(wanted: Wanted): void {
    const statement = insert(this.db, 'wanted', ['rank', ...WANTED_COLUMNS]);
    wanted.figures.forEach((figure, i) => statement.run(i + 1, ...wantedRow(figure)));
  }
}
