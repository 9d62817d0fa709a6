// vehicles.csv, chargers.csv, sources.csv and edges.csv (one row per edge, sources as their ids): a header of the
// document's field names, then one row per document; lists joined by a space, as the data files join them; a text cell
// a spreadsheet would run as a formula neutralised (the plain-text check keeps such cells out of data/ already). Beside
// them explain.csv (the reasoning behind each edge, a row each in edges.csv's order) and wanted.csv (explain-text.ts),
// and networks.csv (a row per network × region × model, network-rows.ts).
import { stringify } from 'csv-stringify/sync';
import type { Wanted } from '../api/explain-schemas.ts';
import type { Charger, Source, Vehicle } from '../api/schemas.ts';
import type { ExportName } from '../core/export-files.ts';
import { FORMULA_LEAD } from '../data/plain-text.ts';
import { columnsOf, fieldsOf, joinList, type Column, type FieldValue, type TableKind } from './columns.ts';
import { EXPLAIN_COLUMNS, explainRow, WANTED_COLUMNS, wantedRow } from './explain-text.ts';
import { AppendFile, exportPath, type ExportWriter } from './export-writer.ts';
import type { ExportedEdge, ExportedExplanation, ExportedNetwork } from './release-tree.ts';
import { NETWORK_COLUMNS, networkRows } from './network-rows.ts';

/** A cell as the data files write it: empty for null, a list joined by a space, true/false, numbers as JSON has them. */
function cell(value: FieldValue | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return joinList(value);
  return String(value);
}

/**
 * A text cell no spreadsheet runs as a formula: one beginning with =, +, -, @, tab or CR gets a leading single quote, as
 * OWASP's CSV-injection guidance says (numbers and booleans are written as they are: they are not text).
 */
export function spreadsheetSafe(text: string): string {
  return FORMULA_LEAD.test(text) ? `'${text}` : text;
}

const columnCell = (column: Column, value: FieldValue | undefined): string =>
  column.type === 'text' || column.type === 'list' ? spreadsheetSafe(cell(value)) : cell(value);

class CsvTable {
  private readonly columns: Column[];
  private readonly file: AppendFile;

  constructor(dir: string, kind: TableKind, name: ExportName) {
    this.columns = columnsOf(kind);
    this.file = new AppendFile(exportPath(dir, name));
    this.file.write(stringify([this.columns.map((column) => column.name)]));
  }

  rows(documents: readonly object[]): void {
    const rows = documents.map((document) =>
      this.columns.map((column) => columnCell(column, fieldsOf(document)[column.name])),
    );
    this.file.write(stringify(rows));
  }

  close(): void {
    this.file.close();
  }
}

/** A CSV file of rows already flat (explain.csv, wanted.csv): its header, then rows as they come. */
class FlatCsv {
  private readonly file: AppendFile;

  constructor(file: string, header: readonly string[]) {
    this.file = new AppendFile(file);
    this.file.write(stringify([header]));
  }

  rows(rows: (string | number)[][]): void {
    const safe = rows.map((row) => row.map((value) => (typeof value === 'string' ? spreadsheetSafe(value) : value)));
    if (safe.length > 0) this.file.write(stringify(safe));
  }

  close(): void {
    this.file.close();
  }
}

export class CsvExport implements ExportWriter {
  private readonly dir: string;
  private readonly vehicles: CsvTable;
  private readonly chargers: CsvTable;
  private readonly edgeTable: CsvTable;
  private readonly explainTable: FlatCsv;

  constructor(dir: string) {
    this.dir = dir;
    this.vehicles = new CsvTable(dir, 'vehicle', 'vehicles.csv');
    this.chargers = new CsvTable(dir, 'charger', 'chargers.csv');
    this.edgeTable = new CsvTable(dir, 'edge', 'edges.csv');
    this.explainTable = new FlatCsv(exportPath(dir, 'explain.csv'), EXPLAIN_COLUMNS);
  }

  vehicle(vehicle: Vehicle): void {
    this.vehicles.rows([vehicle]);
  }

  charger(charger: Charger): void {
    this.chargers.rows([charger]);
  }

  edges(edges: readonly ExportedEdge[]): void {
    this.edgeTable.rows(edges);
  }

  explanations(entries: readonly ExportedExplanation[]): void {
    this.explainTable.rows(entries.map(explainRow));
  }

  wanted(wanted: Wanted): void {
    const table = new FlatCsv(exportPath(this.dir, 'wanted.csv'), WANTED_COLUMNS);
    table.rows(wanted.figures.map(wantedRow));
    table.close();
  }

  networks(networks: readonly ExportedNetwork[]): void {
    const table = new FlatCsv(exportPath(this.dir, 'networks.csv'), NETWORK_COLUMNS);
    table.rows(networks.flatMap(networkRows));
    table.close();
  }

  finish(sources: readonly Source[]): void {
    for (const table of [this.vehicles, this.chargers, this.edgeTable, this.explainTable]) table.close();
    const table = new CsvTable(this.dir, 'source', 'sources.csv');
    table.rows(sources);
    table.close();
  }
}
