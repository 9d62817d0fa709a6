import { writeSyntheticWorld } from './tests/bench/synthetic-world.ts';
writeSyntheticWorld(process.argv[2]!, process.argv[3] as 'small');
