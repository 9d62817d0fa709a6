// Check "sorted-rows": rows stay in their file's order, so that pull requests show small, readable diffs.
import { REGION_ORDER_TEXT } from '../core/regions.ts';
import { misplacedRows, ROW_ORDER, rowLabel } from '../data/order.ts';
import type { Problem } from '../data/problems.ts';
import type { TableName } from '../data/tables.ts';
import type { TableCheck } from './check.ts';

const NAME = 'sorted-rows';
/** Rows out of order reported one by one in a file; the others are counted in one more problem. */
export const REPORTED_PER_FILE = 5;

export const sortedRows: TableCheck = {
  name: NAME,
  severity: 'style',
  description: `Rows are sorted: by slug or id; regional rows by their key, then region in the order ${REGION_ORDER_TEXT}.`,
  check(tables) {
    const problems: Problem[] = [];
    for (const [table, rows] of Object.entries(tables) as [TableName, (typeof tables)[TableName]][]) {
      const values = rows.map((row) => row.value as Record<string, unknown>);
      const misplaced = misplacedRows(values.map(ROW_ORDER[table]));
      /** A row the message names: its line and the cells it sorts by. */
      const name = (i: number) => `line ${rows[i]!.line} (${rowLabel(table, values[i]!)})`;
      for (const { index, after, before } of misplaced.slice(0, REPORTED_PER_FILE)) {
        const place = [after === null ? '' : `after ${name(after)}`, before === null ? '' : `before ${name(before)}`];
        problems.push({
          ...rows[index]!.at(),
          check: NAME,
          message: `row ${rowLabel(table, values[index]!)} is out of order: it belongs ${place.filter(Boolean).join(' and ')}`,
          hint: 'run npm run fix',
        });
      }
      const more = misplaced.slice(REPORTED_PER_FILE);
      if (more.length > 0)
        problems.push({
          ...rows[more[0]!.index]!.at(),
          check: NAME,
          message: `${more.length} more row${more.length === 1 ? ' is' : 's are'} out of order in this file`,
          hint: 'run npm run fix',
        });
    }
    return problems;
  },
};
