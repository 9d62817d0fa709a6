// Check "schema": each file is readable and of the expected shape, and every cell passes its column's schema
// (build/data/tables.ts) and the limits of any cell (build/data/cell-limits.ts). It runs while the files are read:
// build/data/parse-csv.ts and build/data/parse-yaml.ts report under its name.
import { MAX_CELL_CHARS, MAX_FILE_BYTES } from '../data/cell-limits.ts';
import { SCHEMA_CHECK } from '../data/file-checks.ts';
import type { CheckInfo } from './check.ts';

/** 4000 as 4,000 (not toLocaleString: loading ICU's locale data would cost npm run check 15 ms). */
const thousands = (n: number) => String(n).replace(/\B(?=(\d{3})+$)/g, ',');

export const schema: CheckInfo = {
  name: SCHEMA_CHECK,
  severity: 'error',
  description:
    `Each CSV file has the exact header; each YAML file is a list of entries with known fields and plain values (no ` +
    `tags such as !!js/function); every cell passes its column (type, range, allowed values; numbers written exactly ` +
    `as they are published: 2024 and 190, never 02024 or 190.0; source URLs without a user name or password), holds ` +
    `at most ${thousands(MAX_CELL_CHARS)} characters and no control character (NUL, tab, line break…); a ` +
    `CSV file is at most ${MAX_FILE_BYTES.csv / 1024 / 1024} MiB and a YAML file ` +
    `${MAX_FILE_BYTES.yaml / 1024 / 1024} MiB.`,
};
