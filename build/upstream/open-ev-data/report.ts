// The import's report, as Markdown: what it created and filled (per figure), where a figure of ours and OpenEV Data
// disagree by more than 5 % (ours stands), what it left for a maintainer's decision, and what it skipped and why.
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
    `OpenEV Data ${extract.version}: ${count(extract.records.length)} records of our markets` +
      (release
        ? ` (${count(release.elsewhere)} others left out, ${count(release.unreadable.length)} unreadable)`
        : ' (pinned extract)'),
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
  if (release && release.unreadable.length > 0)
    lines.push('', '## Unreadable records', '', ...release.unreadable.map((u) => `- ${u.path}: ${u.error}`));
  return `${lines.join('\n')}\n`;
}
