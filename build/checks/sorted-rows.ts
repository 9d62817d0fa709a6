// Check "sorted-rows": rows stay in their file's order, so that pull requests show small, readable diffs.
import { REGION_ORDER_TEXT, REGIONS } from '../core/regions.ts';
import { compareKeys, ROW_ORDER } from '../data/order.ts';
import type { Problem } from '../data/problems.ts';
import type { TableName } from '../data/tables.ts';
import type { TableCheck } from './check.ts';

/** A sort key as people read it: region positions shown as region names. */
const label = (key: (string | number)[]) =>
  key.map((part) => (typeof part === 'number' ? (REGIONS[part] ?? '?') : part)).join(' ');

export const sortedRows: TableCheck = {
  name: 'sorted-rows',
  severity: 'style',
  description: `Rows are sorted: by slug or id; regional rows by their key, then region in the order ${REGION_ORDER_TEXT}.`,
  check(tables) {
    const problems: Problem[] = [];
    for (const [table, rows] of Object.entries(tables) as [TableName, (typeof tables)[TableName]][]) {
      const key = ROW_ORDER[table];
      for (let i = 1; i < rows.length; i += 1) {
        const previous = rows[i - 1]!;
        const row = rows[i]!;
        if (compareKeys(key(previous.value), key(row.value)) > 0) {
          problems.push({
            ...row.at(),
            check: 'sorted-rows',
            message: `row ${label(key(row.value))} is out of order: it belongs before line ${previous.line}`,
            hint: 'run npm run fix',
          });
          break;
        }
      }
    }
    return problems;
  },
};
