// The yaml package, loaded on first use: a command whose YAML files all come parsed from the derived cache (npm run
// check, a rebuild) does not pay for loading it.
import { createRequire } from 'node:module';

type Yaml = typeof import('yaml');
let yaml: Yaml | undefined;

export const yamlLibrary = (): Yaml => (yaml ??= createRequire(import.meta.url)('yaml') as Yaml);
