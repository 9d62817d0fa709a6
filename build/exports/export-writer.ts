// What each export format implements, and a file written in appends that counts its bytes as they go.
import { closeSync, openSync, writeSync } from 'node:fs';
import path from 'node:path';
import type { Charger, Source, Vehicle } from '../api/schemas.ts';
import type { ExportName } from '../core/export-files.ts';
import type { Wanted } from '../api/explain-schemas.ts';
import type { ExportedEdge, ExportedExplanation, ExportedNetwork } from './release-tree.ts';

/**
 * One format: fed the release once, in order (vehicles, chargers, each vehicle's edges and then their explanations,
 * the wanted list, the networks per region), then finished.
 */
export interface ExportWriter {
  vehicle(vehicle: Vehicle): void;
  charger(charger: Charger): void;
  edges(edges: readonly ExportedEdge[]): void;
  /** The reasoning behind the edges just given, one entry each, in the same order. */
  explanations(entries: readonly ExportedExplanation[]): void;
  wanted(wanted: Wanted): void;
  /** Every network in each region it operates in, by network then region. */
  networks(networks: readonly ExportedNetwork[]): void;
  /** Writes what only the whole release gives (the sources the edges and networks cite, sorted by id) and closes the files. */
  finish(sources: readonly Source[]): void;
}

/** Where a writer writes one of its exports (a name build/core/export-files.ts does not list is a type error). */
export const exportPath = (dir: string, name: ExportName): string => path.join(dir, name);

/** A file written in appends (no stream to wait on: one synchronous write per vehicle's batch). */
export class AppendFile {
  private readonly fd: number;

  constructor(file: string) {
    this.fd = openSync(file, 'w');
  }

  write(text: string): void {
    writeSync(this.fd, text);
  }

  close(): void {
    closeSync(this.fd);
  }
}
