// Check "format": every data file is UTF-8 without a byte-order mark, with LF line endings (reported once per file). It
// runs while the files are read: build/data/file-checks.ts.
import { FORMAT_CHECK } from '../data/file-checks.ts';
import type { CheckInfo } from './check.ts';

export const format: CheckInfo = {
  name: FORMAT_CHECK,
  severity: 'error',
  description: 'Files are UTF-8 without a byte-order mark, with LF line endings (npm run fix repairs both).',
};
