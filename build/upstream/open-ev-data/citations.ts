// How imported rows cite OpenEV Data: one `dataset` source per record (dataset, version, record path, the file at the
// release tag) and one per document the record cites, with its address exactly as the record gives it.
import { createHash } from 'node:crypto';
import { INCLUDED_DATASETS } from '../../core/license.ts';
import { SLUG_MAX_LENGTH } from '../../core/vocabulary.ts';
import { sourceEntry } from '../../data/tables.ts';
import { DATASET, type ExtractRecord } from './extract.ts';

/** Every source id the importer writes starts with this; the importer owns them (a re-import rewrites them). */
export const OWNED_PREFIX = INCLUDED_DATASETS.find((d) => d.url === DATASET.repository)!.sourcePrefix;

export const isOwnedSource = (id: string): boolean => id.startsWith(OWNED_PREFIX);

const slugOf = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
const shortHash = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 6);

/** A slug no longer than a slug may be: cut, with a hash of the whole so that cut ids stay apart. */
function boundedSlug(text: string): string {
  const slug = slugOf(text);
  return slug.length <= SLUG_MAX_LENGTH
    ? slug
    : `${slug.slice(0, SLUG_MAX_LENGTH - 7).replace(/-$/, '')}-${shortHash(slug)}`;
}

/** src/tesla/model_3/2024/model_3_performance.json → oed-tesla-model-3-2024-model-3-performance */
export const recordSourceId = (recordPath: string): string =>
  boundedSlug(`${OWNED_PREFIX}${recordPath.replace(/^src\//, '').replace(/\.json$/, '')}`);

/** One id per document as a record cites it (address, title, date read): oed-doc-<address>-<hash of the three>. */
export function documentSourceId(url: string, title: string, readOn: string | null): string {
  const place = slugOf(url.replace(/^https?:\/\/(www\.)?/, ''))
    .slice(0, 50)
    .replace(/-$/, '');
  return `${OWNED_PREFIX}doc-${place}-${shortHash(`${url}\n${title}\n${readOn ?? ''}`)}`;
}

export interface OwnedSource {
  id: string;
  kind: 'dataset';
  title: string;
  url: string | null;
}

/** The ids an imported value of one record cites: the record, then each document it cites (an address we can cite). */
export interface RecordCitations {
  record: OwnedSource;
  documents: OwnedSource[];
  /** Every id, the record's first. */
  ids: string[];
}

const validUrl = (url: string) => sourceEntry.shape.url.safeParse(url).success;

/** The files below the record's own, by their path from the model's folder: ", layered on base.json, 2024/x.json". */
function layeredOn(record: ExtractRecord): string {
  const folder = record.path.split('/').slice(0, 3).join('/');
  const below = record.layers.slice(0, -1).map((layer) => layer.slice(folder.length + 1));
  return below.length > 0 ? `, layered on ${below.join(', ')}` : '';
}

export function recordCitations(record: ExtractRecord, version: string): RecordCitations {
  const named =
    record.variant === null || record.variant === record.trim ? record.trim : `${record.trim} ${record.variant}`;
  const display = `${record.make.name} ${record.model.name} ${record.year} ${named}`;
  const recordSource: OwnedSource = {
    id: recordSourceId(record.path),
    kind: 'dataset',
    title: `${DATASET.name} ${version} (${DATASET.licence}), record ${record.path}: ${display}${layeredOn(record)}`,
    url: `${DATASET.repository}/blob/v${version}/${record.path}`,
  };
  const documents = record.sources
    .filter((source) => validUrl(source.url))
    .map((source): OwnedSource => ({
      id: documentSourceId(source.url, source.title, source.accessed_at?.slice(0, 10) ?? null),
      kind: 'dataset',
      title:
        `${source.title} (${source.type} source cited by ${DATASET.name} ` +
        `records${source.accessed_at ? `, read by them ${source.accessed_at.slice(0, 10)}` : ''}; not opened by this project)`,
      url: source.url,
    }));
  const unique = [recordSource, ...documents].filter((s, i, all) => all.findIndex((o) => o.id === s.id) === i);
  return { record: recordSource, documents: unique.slice(1), ids: unique.map((s) => s.id) };
}
