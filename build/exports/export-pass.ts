// One pass over a release's tree for some of the export formats: vehicles, chargers, each vehicle's edges with their
// explanations, the wanted list, the networks, then the sources they cite, each handed to every format's writer; the counts read are checked against /api/v1.
import type { ExportFormat as Format } from '../core/export-files.ts';
import type { ExportWriter } from './export-writer.ts';
import type { ReleaseTree } from './release-tree.ts';

/** Milliseconds each format spent writing, by format; `read`: reading the tree (on the thread of the other formats). */
export type ExportTimes = Record<Format | 'read', number>;

/**
 * Writes the formats `open` makes in one pass over `tree` (vehicles, chargers, each vehicle's edges and explanations,
 * the wanted list, the networks, then the sources they cite); each format's milliseconds, and the reading's. Counts
 * are checked against /api/v1 before anything is kept.
 */
export function writeFormats(
  tree: ReleaseTree,
  open: Partial<Record<Format, () => ExportWriter>>,
): Partial<ExportTimes> & { read: number } {
  const started = performance.now();
  const ms: Partial<ExportTimes> = {};
  const timed = <T>(format: Format, task: () => T): T => {
    const begun = performance.now();
    try {
      return task();
    } finally {
      ms[format] = (ms[format] ?? 0) + performance.now() - begun;
    }
  };
  const writers = (Object.keys(open) as Format[]).map((format) => [format, timed(format, open[format]!)] as const);
  const each = (task: (writer: ExportWriter) => void) => {
    for (const [format, writer] of writers) timed(format, () => task(writer));
  };
  const counts = { vehicles: 0, chargers: 0, edges: 0 };
  for (const vehicle of tree.vehicles()) {
    counts.vehicles += 1;
    each((writer) => writer.vehicle(vehicle));
  }
  for (const charger of tree.chargers()) {
    counts.chargers += 1;
    each((writer) => writer.charger(charger));
  }
  for (const { edges, explanations } of tree.edgesByVehicle()) {
    counts.edges += edges.length;
    each((writer) => {
      writer.edges(edges);
      writer.explanations(explanations);
    });
  }
  const wanted = tree.wanted();
  each((writer) => writer.wanted(wanted));
  const networks = tree.networks();
  each((writer) => writer.networks(networks));
  const sources = tree.sources();
  each((writer) => writer.finish(sources));
  for (const key of ['vehicles', 'chargers', 'edges'] as const)
    if (counts[key] !== tree.index.counts[key])
      throw new Error(`exports: ${counts[key]} ${key} read from the tree, /api/v1 counts ${tree.index.counts[key]}`);
  // What the formats did not spend was spent reading the tree.
  const spent = writers.reduce((sum, [format]) => sum + ms[format]!, 0);
  return { ...ms, read: performance.now() - started - spent };
}
