// The writer of each export format (build/core/export-files.ts lists the formats and their files) and where it runs:
// on the publishing build's thread, the formats sharing one pass over the tree, or on a thread of its own
// (format-thread.ts) that reads the tree for itself. Each writer is loaded when it is used.
import type { ExportFormat } from '../core/export-files.ts';
import type { ExportWriter } from './export-writer.ts';

/** What a writer is opened with: the folder it writes its files into and the release's versions and licences. */
export interface ExportContext {
  outDir: string;
  metadata: Record<string, string>;
}

export interface FormatWriter {
  /** Loads the writer's module; the writer then opens its files in `outDir`. */
  load(): Promise<(context: ExportContext) => ExportWriter>;
  /** Written on a thread of its own, beside the pass of the other formats. */
  ownThread: boolean;
}

/** Every format's writer: a format without one is a type error here. */
export const FORMAT_WRITERS: Record<ExportFormat, FormatWriter> = {
  ndjson: {
    load: async () => {
      const { NdjsonExport } = await import('./ndjson-export.ts');
      return ({ outDir }) => new NdjsonExport(outDir);
    },
    ownThread: false,
  },
  csv: {
    load: async () => {
      const { CsvExport } = await import('./csv-export.ts');
      return ({ outDir }) => new CsvExport(outDir);
    },
    ownThread: false,
  },
  sqlite: {
    load: async () => {
      const { SqliteExport } = await import('./sqlite-export.ts');
      return ({ outDir, metadata }) => new SqliteExport(outDir, metadata);
    },
    ownThread: true,
  },
};
