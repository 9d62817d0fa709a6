// The shape of a named data check (as in mdn/browser-compat-data's lint/linter): name, description, check().
import type { LoadedTables } from '../load.ts';
import type { Problem } from '../problems.ts';

export interface DataCheck {
  name: string;
  description: string;
  check(tables: LoadedTables): Problem[];
}
