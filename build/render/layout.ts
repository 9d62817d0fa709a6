// Where each published document is stored under public/; netlify.toml's rules map the public URLs onto these files.
import { RATE_LIMITED_PATH, type ErrorCode } from '../core/errors.ts';
import { EXPORTS_PATH, type ExportName } from '../core/export-files.ts';
import type { Region } from '../core/regions.ts';

/** Storage folder of the API documents; the public URLs never show it (netlify.toml hides it behind rewrites). */
export const STORAGE_DIR = 'api/v1/_data';

export const layout = {
  index: () => `${STORAGE_DIR}/index.json`,
  vehicleList: () => `${STORAGE_DIR}/vehicles.json`,
  chargerList: () => `${STORAGE_DIR}/chargers.json`,
  vehicle: (slug: string) => `${STORAGE_DIR}/vehicles/${slug}.json`,
  /** Every region's edges of the vehicle, or (with a region) only that region's: `?region=` on endpoint 2. */
  vehicleCompatibility: (slug: string, region?: Region) =>
    `${STORAGE_DIR}/vehicle-compatibility/${region ? `${region}/` : ''}${slug}.json`,
  /** Why each of the vehicle's edges says what it says (extension, contract §7). */
  vehicleExplain: (slug: string) => `${STORAGE_DIR}/vehicle-explain/${slug}.json`,
  /** The missing figures ranked by the edges each would settle or sharpen (extension, contract §7). */
  wanted: () => `${STORAGE_DIR}/wanted.json`,
  /**
   * A vehicle's charging networks in a region (extension), written for each region it is on sale in; without a region,
   * a copy of its default region's (see build/render/network-files.ts).
   */
  vehicleNetworks: (slug: string, region?: Region) =>
    `${STORAGE_DIR}/vehicle-networks/${region ? `${region}/` : ''}${slug}.json`,
  /** Every charging network (extension), or (with a region) those operating there: `?region=` on the list. */
  networkList: (region?: Region) =>
    region ? `${STORAGE_DIR}/network-list/${region}.json` : `${STORAGE_DIR}/networks.json`,
  /** One charging network, its access terms and models per region (extension). */
  network: (slug: string) => `${STORAGE_DIR}/networks/${slug}.json`,
  networkFolder: () => `${STORAGE_DIR}/networks/`,
  charger: (slug: string) => `${STORAGE_DIR}/chargers/${slug}.json`,
  chargerCompatibility: (slug: string, region?: Region) =>
    `${STORAGE_DIR}/charger-compatibility/${region ? `${region}/` : ''}${slug}.json`,
  /** One folder per region and vehicle keeps every folder far below Netlify's 54,000 files per directory. */
  edge: (vehicle: string, charger: string, region: Region) =>
    `${STORAGE_DIR}/edges/${region}/${vehicle}/${charger}.json`,
  /** Every edge file of a vehicle in a region lives here (removed whole when the vehicle leaves the data). */
  edgeFolder: (vehicle: string, region: Region) => `${STORAGE_DIR}/edges/${region}/${vehicle}/`,
  error: (code: ErrorCode) => `${STORAGE_DIR}/errors/${code}.json`,
  /** A copy of the not_found error outside STORAGE_DIR, the target of the rule that hides STORAGE_DIR (see netlify.toml). */
  storageGuard: () => 'api/v1/_not_found.json',
  /** The rate_limit_exceeded document at the path Netlify's platform rate limiting rewrites a refused request to. */
  rateLimited: () => RATE_LIMITED_PATH.slice(1),
  /** The dataset releases, newest first, and what each changed (/api/v1/changes, /api/v1/changes/{datasetVersion}). */
  changesList: () => `${STORAGE_DIR}/changes.json`,
  releaseChanges: (datasetVersion: string) => `${STORAGE_DIR}/changes/${datasetVersion}.json`,
  /** The same as an Atom feed, served at its own path. */
  changesFeed: () => 'api/v1/changes.atom',
  /** What a mirror needs (version, digest, bundle), and the bundle itself: written by a publishing build after commit. */
  mirrorInfo: () => 'api/v1/mirror.json',
  bundle: (datasetVersion: string) => `api/v1/mirror/${datasetVersion}.tar.gz`,
  bundleFolder: () => 'api/v1/mirror/',
  /** The release in bulk formats (NDJSON, CSV, SQLite), served at their own paths: written by a publishing build too. */
  exportFile: (name: ExportName) => `${EXPORTS_PATH.slice(1)}${name}`,
  exportsFolder: () => EXPORTS_PATH.slice(1),
  /** OpenAPI 3.1 description; served at its own path (a real file shadows the catch-all 404 rule). */
  openApi: () => 'api/v1/openapi.json',
  /** The API reference page, served at /, and its style sheet (a file, never inline: the pages' CSP allows 'self'). */
  referencePage: () => 'index.html',
  referenceStyle: () => 'reference.css',
  /** The explorer page, served at /explore/, its script (compiled from build/explore/ at build time) and style sheet. */
  explorePage: () => 'explore/index.html',
  exploreScript: () => 'explore/explore.js',
  exploreStyle: () => 'explore/explore.css',
  /** The CDN serves this page, with status 404, for a path that names no file (the API answers JSON instead). */
  notFoundPage: () => '404.html',
  /** Names the tree a build committed (see build/serve/site-files.ts); written last, changes whenever the tree does. */
  treeToken: () => `${STORAGE_DIR}/build-token`,
} as const;

/** Paths under public/ that the build owns: it rewrites them and deletes what it no longer produces there. */
export const OWNED_PATHS = ['api/', '404.html', 'index.html', 'reference.css', 'explore/'];

/** What a publishing build writes after the commit: the exports, the bundle and the manifest naming them. */
export const PUBLISHED_AFTER_COMMIT = [layout.mirrorInfo(), layout.bundleFolder(), layout.exportsFolder()];
