// edges.ndjson: one edge per line (the edge document, its sources named by id), in the API's order; explain.ndjson:
// the reasoning behind each edge, a line each in the same order (its explain entry with the vehicle first);
// wanted.ndjson: the wanted list's figures, most useful first; networks.ndjson: a network in one region per line (its
// terms, site count and charger models, by network then region); sources.ndjson: one cited source per line, sorted by id.
import type { Wanted } from '../api/explain-schemas.ts';
import type { Source } from '../api/schemas.ts';
import { AppendFile, exportPath, type ExportWriter } from './export-writer.ts';
import type { ExportedEdge, ExportedExplanation, ExportedNetwork } from './release-tree.ts';

const lines = (items: readonly unknown[]) => items.map((item) => `${JSON.stringify(item)}\n`).join('');

export class NdjsonExport implements ExportWriter {
  private readonly dir: string;
  private readonly edgeFile: AppendFile;
  private readonly explainFile: AppendFile;

  constructor(dir: string) {
    this.dir = dir;
    this.edgeFile = new AppendFile(exportPath(dir, 'edges.ndjson'));
    this.explainFile = new AppendFile(exportPath(dir, 'explain.ndjson'));
  }

  vehicle(): void {}

  charger(): void {}

  edges(edges: readonly ExportedEdge[]): void {
    this.edgeFile.write(lines(edges));
  }

  explanations(entries: readonly ExportedExplanation[]): void {
    this.explainFile.write(lines(entries));
  }

  wanted(wanted: Wanted): void {
    const file = new AppendFile(exportPath(this.dir, 'wanted.ndjson'));
    file.write(lines(wanted.figures));
    file.close();
  }

  networks(networks: readonly ExportedNetwork[]): void {
    const file = new AppendFile(exportPath(this.dir, 'networks.ndjson'));
    file.write(lines(networks));
    file.close();
  }

  finish(sources: readonly Source[]): void {
    this.edgeFile.close();
    this.explainFile.close();
    const file = new AppendFile(exportPath(this.dir, 'sources.ndjson'));
    file.write(lines(sources));
    file.close();
  }
}
