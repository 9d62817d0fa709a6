// Check "schema": each file is readable and of the expected shape, and every cell passes its column's schema
// (build/data/tables.ts). It runs while the files are read: build/data/parse-csv.ts and build/data/parse-yaml.ts
// report under its name.
import type { CheckInfo } from './check.ts';

export const schema: CheckInfo = {
  name: 'schema',
  severity: 'error',
  description:
    'Each CSV file has the exact header; each YAML file is a list of entries with known fields; every cell passes its column (type, range, allowed values).',
};
