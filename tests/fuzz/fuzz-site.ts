// What the fuzz command serves: the mini fixture, the project's netlify.toml, and a sentinel planted beside public/.
import { fileURLToPath } from 'node:url';

export const MINI_FIXTURE = fileURLToPath(new URL('../fixtures/mini', import.meta.url));
export const NETLIFY_TOML_PATH = fileURLToPath(new URL('../../netlify.toml', import.meta.url));
export const SENTINEL = 'SENTINEL-OUTSIDE-PUBLIC-fuzz';
