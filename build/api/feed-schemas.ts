// The published shapes of the v1.1 extensions for mirrors (contract §6): the releases and what each changed, and the
// mirror manifest. Kept apart from schemas.ts, which holds the interface's documents.
import { z } from 'zod';
import { REGIONS } from '../core/regions.ts';
import { SLUG_MAX_LENGTH, SLUG_PATTERN, STATES } from '../core/vocabulary.ts';

const slug = z.string().regex(SLUG_PATTERN).max(SLUG_MAX_LENGTH);
const version = z
  .string()
  .regex(/^\d+\.\d+\.\d+$/)
  .describe('A dataset version (semver).');
const day = z.iso.date().describe('Day of the release (YYYY-MM-DD).');
const previousVersion = version.nullable().describe('The release before this one, or null for the first.');
const stateAndKw = z
  .strictObject({ state: z.enum(STATES), kw: z.number().min(0) })
  .describe('An edge state and its kW.');

const resourceChanges = z
  .strictObject({
    added: z.array(slug).describe('Slugs published for the first time.'),
    removed: z.array(slug).describe('Slugs no longer published.'),
    changed: z
      .array(
        z.strictObject({
          slug: slug.describe('The resource whose document changed.'),
          fields: z.array(z.string()).min(1).describe('The published fields whose value changed.'),
        }),
      )
      .describe('Resources whose document changed.'),
  })
  .describe('Resources added, removed and changed by the release.');

export const ReleaseChangesDocument = z
  .strictObject({
    datasetVersion: version,
    previous: previousVersion,
    releasedAt: day,
    note: z.string().optional().describe('Present for releases whose detail is not known.'),
    vehicles: resourceChanges,
    chargers: resourceChanges,
    edges: z
      .array(
        z.strictObject({
          vehicle: slug.describe('The vehicle variant of the edge.'),
          charger: slug.describe('The charger model of the edge.'),
          region: z.enum(REGIONS).describe('The region of the edge.'),
          change: z.enum(['added', 'changed', 'removed']).describe('What the release did to the edge.'),
          from: stateAndKw.nullable().describe('Before the release (null when added).'),
          to: stateAndKw.nullable().describe('After the release (null when removed).'),
          edgeVersion: z.int().min(1).describe("The edge's version after the release (for a removed edge, its last)."),
        }),
      )
      .describe(
        'Every edge whose published content the release added, changed or removed: the record of state transitions.',
      ),
  })
  .describe('Extension: what one dataset release changed.');

export const ChangesListDocument = z
  .strictObject({
    releases: z
      .array(
        z.strictObject({
          datasetVersion: version,
          previous: previousVersion,
          releasedAt: day,
          counts: z
            .strictObject({
              added: z.int().min(0).describe('Edges published for the first time.'),
              changed: z.int().min(0).describe('Edges whose published content changed.'),
              removed: z.int().min(0).describe('Edges no longer published.'),
            })
            .describe('Edges added, changed and removed.'),
          path: z.string().describe("Where the release's changes are published."),
        }),
      )
      .describe('Every dataset release, newest first.'),
  })
  .describe('Extension: the dataset releases.');

const sha256 = z
  .string()
  .regex(/^[0-9a-f]{64}$/)
  .describe('SHA-256 of the file, hex.');

export const ExportDocument = z
  .strictObject({
    name: z.string().describe('File name, e.g. edges.ndjson.'),
    path: z.string().describe('Where it is published: /api/v1/exports/{name}.'),
    bytes: z.int().min(0).describe('Size, bytes.'),
    sha256,
  })
  .describe('One export of the release.');

export const MirrorDocument = z
  .strictObject({
    datasetVersion: version,
    releasedAt: day,
    dataDigest: z.string().describe('Digest of the data files the release was made from.'),
    files: z.int().min(1).describe('Files in the bundle (SHA256SUMS lists each but itself).'),
    bytes: z.int().min(0).describe('Their total size, bytes (before compression).'),
    bundle: z
      .strictObject({
        path: z.string().describe('Where the bundle is published: /api/v1/mirror/{datasetVersion}.tar.gz.'),
        bytes: z.int().min(1).describe('Size of the .tar.gz, bytes.'),
        sha256: sha256.describe('SHA-256 of the .tar.gz.'),
      })
      .describe('The whole dataset and its routing rules in one deterministic tar+gzip.'),
    exports: z
      .array(ExportDocument)
      .describe(
        'The release in bulk formats (NDJSON, CSV, SQLite), each also in the bundle: every edge and the vehicles, ' +
          'chargers and sources they name.',
      ),
  })
  .describe('Extension: what a mirror needs to copy the API in one verified request.');
