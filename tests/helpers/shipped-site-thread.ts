// The thread tests/global-setup.ts starts to build the shipped site (workerData: its public/) while the test run
// begins; a failure is left in the `.failed` marker, where the test files that wait for the site read it.
import { workerData } from 'node:worker_threads';
import { buildShippedSite } from './shipped-site.ts';

await buildShippedSite((workerData as { publicDir: string }).publicDir);
