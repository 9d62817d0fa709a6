// `npm run contributing`: writes CONTRIBUTING.md from the schemas and checks.
import { writeFileSync } from 'node:fs';
import { contributingGuide } from '../docs/contributing.ts';

writeFileSync('CONTRIBUTING.md', contributingGuide());
console.log('wrote CONTRIBUTING.md');
