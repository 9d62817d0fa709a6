// The shape of a named data check (as in mdn/browser-compat-data's lint/linter): name, description, check().
import type { LoadedTables, RejectedKeys } from '../load.ts';
import type { Problem } from '../problems.ts';

export interface DataCheck {
  name: string;
  description: string;
  /** correctness checks stop the build; style checks (order, unused sources) only fail npm run check. */
  kind: 'correctness' | 'style';
  /** `rejected`: keys of rows the schema rejected (already reported), which references to should not be reported again. */
  check(tables: LoadedTables, rejected?: RejectedKeys): Problem[];
}
