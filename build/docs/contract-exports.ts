// docs/contract.md's row of /api/v1/exports/{file}: the export files and their media types, generated from the export
// registry (build/core/export-files.ts) by `npm run docs`.
import { EXPORT_FILES, EXPORTS_PATH } from '../core/export-files.ts';

const ROW_START = `| \`${EXPORTS_PATH}{file}\` |`;

/** The row's description: each run of files of one media type, then that type. */
export function exportsCell(): string {
  const runs: { names: string[]; mediaType: string }[] = [];
  for (const { name, mediaType } of EXPORT_FILES) {
    const last = runs.at(-1);
    if (last?.mediaType === mediaType) last.names.push(name);
    else runs.push({ names: [name], mediaType });
  }
  const text = runs.map((run) => `${run.names.map((name) => `\`${name}\``).join(', ')} (\`${run.mediaType}\`)`);
  return `the release in bulk: ${text.join(', ')}`;
}

/** `contract` with the exports row's description replaced by the generated one; the row must be there, once. */
export function withExportsRow(contract: string): string {
  const lines = contract.split('\n');
  const rows = lines.flatMap((line, i) => (line.startsWith(ROW_START) ? [i] : []));
  if (rows.length !== 1)
    throw new Error(`docs/contract.md must have one row starting ${ROW_START} (has ${rows.length})`);
  const cells = lines[rows[0]!]!.slice(ROW_START.length).split(' | ');
  lines[rows[0]!] = [`${ROW_START} ${exportsCell()}`, ...cells.slice(1)].join(' | ');
  return lines.join('\n');
}
