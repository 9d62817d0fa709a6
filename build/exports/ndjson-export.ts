// edges.ndjson: one edge per line (the edge document, its sources named by id), in the API's order; sources.ndjson:
// one cited source per line, sorted by id.
import path from 'node:path';
import type { Source } from '../api/schemas.ts';
import { AppendFile, type ExportWriter } from './export-writer.ts';
import type { ExportedEdge } from './release-tree.ts';

const lines = (items: readonly unknown[]) => items.map((item) => `${JSON.stringify(item)}\n`).join('');

export class NdjsonExport implements ExportWriter {
  private readonly dir: string;
  private readonly edgeFile: AppendFile;

  constructor(dir: string) {
    this.dir = dir;
    this.edgeFile = new AppendFile(path.join(dir, 'edges.ndjson'));
  }

  vehicle(): void {}

  charger(): void {}

  edges(edges: readonly ExportedEdge[]): void {
    this.edgeFile.write(lines(edges));
  }

  finish(sources: readonly Source[]): void {
    this.edgeFile.close();
    const file = new AppendFile(path.join(this.dir, 'sources.ndjson'));
    file.write(lines(sources));
    file.close();
  }
}
