// The import's report, as Markdown: where it read the release, what it created and filled (per figure), where a figure
// of ours and OpenEV Data disagree by more than 5 % (ours stands), what it left for a maintainer's decision, what it
// skipped or left out and why; and, for a verify, how data/ differs from the re-import.
import type { Finding } from './apply.ts';
import type { ImportResult } from './import.ts';
import { IMPORTED_FIGURES } from './ownership.ts';

type Of<K extends Finding['kind']> = Extract<Finding, { kind: K }>;
const of = <K extends Finding['kind']>(findings: readonly Finding[], kind: K) =>
  findings.filter((f): f is Of<K> => f.kind === kind);
const count = (n: number) => n.toLocaleString('en-US');
const table = (header: string[], rows: string[][]) =>
  rows.length === 0
    ? ['none']
    : [
        `| ${header.join(' | ')} |`,
        `|${header.map(() => '---').join('|')}|`,
        ...rows.map((r) => `| ${r.join(' | ')} |`),
      ];

/** How many findings name each figure, in the importer's order of figures. */
const byFigure = (findings: readonly { field: string }[]) =>
  IMPORTED_FIGURES.map((figure) => `${figure} ${count(findings.filter((f) => f.field === figure).length)}`).join(', ');

/** The report of one import run. */
export function importReport(result: ImportResult): string {
  const { findings, extract, release } = result;
  const lines: string[] = [];
  lines.push(
    `OpenEV Data ${extract.version}: ${count(extract.records.length)} records of our markets ` +
      `(${count(release.elsewhere)} others left out, ${count(release.unreadable.length)} unreadable)`,
    `read from ${release.location}`,
    '',
    `- variants created: ${count(of(findings, 'created').length)}; region rows added: ${count(of(findings, 'region').length)}`,
    `- existing variants matched: ${count(new Set(of(findings, 'matched').map((f) => f.vehicle)).size)}; their ` +
      `empty figures filled: ${count(of(findings, 'filled').length)}, figures of ours agreeing: ` +
      `${count(of(findings, 'agreed').length)}; in conflict: ${count(of(findings, 'conflict').length)}`,
    `- empty figures filled, by figure: ${byFigure(of(findings, 'filled'))}`,
    `- written: ${result.written.length > 0 ? result.written.join(', ') : 'nothing'}`,
    '',
    '## Conflicts: our own sources and OpenEV Data more than 5 % apart (ours stand; the row notes it)',
    '',
    ...table(
      ['vehicle', 'figure', 'ours', 'OpenEV Data', 'apart', 'record'],
      of(findings, 'conflict').map((f) => [f.vehicle, f.field, f.ours, f.theirs, f.apart, f.record]),
    ),
    '',
    '## Undecided: the family already has variants of ours that year and market (decide in mapping.yaml)',
    '',
    ...table(
      ['record', 'market', 'would be', 'our variants'],
      of(findings, 'undecided').map((f) => [f.record, f.market, f.slug, f.existing.join(' ')]),
    ),
    '',
    '## Alike: a record under a slug of its own with the brand, family, year and usable battery of a variant of ours',
    '',
    ...table(
      ['record', 'market', 'slug', 'looks like'],
      of(findings, 'alike').map((f) => [f.record, f.market, f.slug, f.existing.join(' ')]),
    ),
  );
  const dropped = of(findings, 'dropped');
  if (dropped.length > 0)
    lines.push(
      '',
      '## Imported variants no longer given by the extract (removed)',
      '',
      ...dropped.map((f) => `- ${f.vehicle}`),
    );
  const reasons = new Map<string, number>();
  for (const f of of(findings, 'skipped')) reasons.set(f.reason, (reasons.get(f.reason) ?? 0) + 1);
  lines.push(
    '',
    '## Skipped records, by reason',
    '',
    ...table(
      ['reason', 'records'],
      [...reasons].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([reason, n]) => [reason, count(n)]),
    ),
  );
  if (release.unreadable.length > 0)
    lines.push('', '## Unreadable records', '', ...release.unreadable.map((u) => `- ${u.path}: ${u.error}`));
  if (release.cut.length > 0)
    lines.push(
      '',
      '## Values left out (the checks would refuse them)',
      '',
      ...release.cut.map((u) => `- ${u.path}: ${u.error}`),
    );
  return `${lines.join('\n')}\n`;
}

/** Most lines shown per file and side in a verify's report. */
const SHOWN_LINES = 20;

/** A verify's outcome: one line when data/ is the re-import, else each differing file with its differing lines. */
export function verifyReport(result: ImportResult): string {
  const { extract, release, differences } = result;
  const what = `OpenEV Data ${extract.version} re-imported from ${release.location}`;
  if (differences.length === 0) return `data/ is exactly ${what}\n`;
  const lines = [`data/ differs from ${what}:`];
  for (const { file, removed, added } of differences) {
    lines.push(
      '',
      `## ${file}: ${count(removed.length)} line(s) only in data/, ${count(added.length)} only in the re-import`,
    );
    const shown = (sign: string, list: string[]) => [
      ...list.slice(0, SHOWN_LINES).map((line) => `${sign} ${line}`),
      ...(list.length > SHOWN_LINES ? [`${sign} … ${count(list.length - SHOWN_LINES)} more`] : []),
    ];
    lines.push(...shown('-', removed), ...shown('+', added));
  }
  return `${lines.join('\n')}\n`;
}
