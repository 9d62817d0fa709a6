// The benchmark's synthetic world keeps up with the data format: the small world passes every data check (so that
// `npm run bench` measures builds, not a failure to load).
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatProblem } from '../../build/data/problems.ts';
import { checkData } from '../../build/checks/load-dataset.ts';
import { writeSyntheticWorld } from '../bench/synthetic-world.ts';

describe('the synthetic benchmark world', () => {
  it('passes every data check at the small size, with the rows it says it wrote', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'ev-world-'));
    const { vehicles, chargers } = writeSyntheticWorld(root, 'small');
    const result = checkData(root);
    expect(result.problems.map(formatProblem)).toEqual([]);
    expect(result.tables.vehicles).toHaveLength(vehicles);
    expect(result.tables.chargers).toHaveLength(chargers);
  });
});
