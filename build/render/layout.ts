// Where each published document is stored under public/; netlify.toml's rules map the public URLs onto these files.
import type { Region } from '../core/regions.ts';
import type { ErrorCode } from '../core/errors.ts';

/** Storage folder of the API documents; the public URLs never show it (netlify.toml hides it behind rewrites). */
export const DATA_DIR = 'api/v1/_data';

export const layout = {
  index: () => `${DATA_DIR}/index.json`,
  vehicleList: () => `${DATA_DIR}/vehicles.json`,
  chargerList: () => `${DATA_DIR}/chargers.json`,
  vehicle: (slug: string) => `${DATA_DIR}/vehicles/${slug}.json`,
  vehicleCompatibility: (slug: string) => `${DATA_DIR}/vehicle-compatibility/${slug}.json`,
  charger: (slug: string) => `${DATA_DIR}/chargers/${slug}.json`,
  chargerCompatibility: (slug: string) => `${DATA_DIR}/charger-compatibility/${slug}.json`,
  /** One folder per region and vehicle keeps every folder far below Netlify's 54,000 files per directory. */
  edge: (vehicle: string, charger: string, region: Region) => `${DATA_DIR}/edges/${region}/${vehicle}/${charger}.json`,
  error: (code: ErrorCode) => `${DATA_DIR}/errors/${code}.json`,
  /** A copy of the not_found error outside DATA_DIR, the target of the rule that hides DATA_DIR (see netlify.toml). */
  storageGuard: () => 'api/v1/_not_found.json',
  /** OpenAPI 3.1 description; served at its own path (a real file shadows the catch-all 404 rule). */
  openApi: () => 'api/v1/openapi.json',
  /** The API reference page, served at /. */
  referencePage: () => 'index.html',
  /** The CDN serves this page, with status 404, for a rewrite whose target file does not exist. */
  notFoundPage: () => '404.html',
} as const;

/** Paths under public/ that the build owns: it rewrites them and deletes what it no longer produces there. */
export const OWNED_PATHS = ['api/', '404.html', 'index.html'];
