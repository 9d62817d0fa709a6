// The releases as published documents: the list (/api/v1/changes), one document per release, and the Atom feed.
import type { ChangesList, ReleaseChanges } from '../api/schemas.ts';
import { ATTRIBUTION } from '../core/license.ts';
import type { ReleaseRecord } from '../data/release-records.ts';

const changesPath = (version: string) => `/api/v1/changes/${version}`;

export function releaseChangesDocument(record: ReleaseRecord): ReleaseChanges {
  const { datasetVersion, previous, releasedAt, note, vehicles, chargers, edges } = record;
  return { datasetVersion, previous, releasedAt, ...(note === undefined ? {} : { note }), vehicles, chargers, edges };
}

const count = (record: ReleaseRecord, change: 'added' | 'changed' | 'removed') =>
  record.edges.filter((edge) => edge.change === change).length;

/** `records`: newest first (readReleaseRecords). */
export function changesListDocument(records: readonly ReleaseRecord[]): ChangesList {
  return {
    releases: records.map((record) => ({
      datasetVersion: record.datasetVersion,
      previous: record.previous,
      releasedAt: record.releasedAt,
      counts: { added: count(record, 'added'), changed: count(record, 'changed'), removed: count(record, 'removed') },
      path: changesPath(record.datasetVersion),
    })),
  };
}

const xml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const FEED_ID = 'tag:open-ev-compatibility-api,2026:changes';
const MAX_ENTRIES = 50;

function summary(record: ReleaseRecord): string {
  if (record.note) return record.note;
  const resources = (name: string, r: ReleaseRecord['vehicles']) =>
    `${name}: ${r.added.length} added, ${r.changed.length} changed, ${r.removed.length} removed`;
  return (
    `Edges: ${count(record, 'added')} added, ${count(record, 'changed')} changed, ${count(record, 'removed')} ` +
    `removed. ${resources('Vehicles', record.vehicles)}. ${resources('Charger models', record.chargers)}.`
  );
}

/** An Atom 1.0 feed of the releases (newest first), with links relative to the serving host (xml:base "/"). */
export function changesFeed(records: readonly ReleaseRecord[]): string {
  const updated = `${records[0]?.releasedAt ?? '1970-01-01'}T00:00:00Z`;
  const entries = records.slice(0, MAX_ENTRIES).map(
    (record) => `  <entry>
    <id>${FEED_ID}:${xml(record.datasetVersion)}</id>
    <title>Dataset ${xml(record.datasetVersion)}</title>
    <updated>${record.releasedAt}T00:00:00Z</updated>
    <link rel="alternate" type="application/json" href="${xml(changesPath(record.datasetVersion).slice(1))}"/>
    <summary>${xml(summary(record))}</summary>
  </entry>`,
  );
  return `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xml:base="/">
  <id>${FEED_ID}</id>
  <title>Open EV compatibility API: dataset releases</title>
  <updated>${updated}</updated>
  <author><name>${xml(ATTRIBUTION)}</name></author>
  <link rel="self" type="application/atom+xml" href="api/v1/changes.atom"/>
  <link rel="alternate" type="application/json" href="api/v1/changes"/>
${entries.join('\n')}
</feed>
`;
}
