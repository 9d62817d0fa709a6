// The public URLs that reach each file the build writes (the one table the routing and mirror tests share).
import { RATE_LIMITED_PATH, type ErrorCode } from '../../build/core/errors.ts';
import { EXPORT_FILES } from '../../build/core/export-files.ts';
import { REGIONS } from '../../build/core/regions.ts';

export interface Route {
  path: string;
  query: string;
  status: number;
}

export const D = 'api/v1/_data';
export const NOT_FOUND_DOC = `${D}/errors/not_found.json`;
/** The copy of not_found.json outside the storage folder that the forced guard rule of netlify.toml points at. */
export const GUARD_DOC = 'api/v1/_not_found.json';
/** The rate_limit_exceeded document that Netlify's platform rate limiting rewrites a refused request onto. */
export const RATE_LIMITED_DOC = RATE_LIMITED_PATH.slice(1);
export const route = (path: string, status = 200, query = ''): Route => ({ path, query, status });
/** Errors the servers answer from code (edge policy, local server), with no rule pointing at their document. */
const CODE_ONLY: readonly ErrorCode[] = [
  'method_not_allowed',
  'rate_limit_exceeded',
  'bad_request',
  'headers_too_large',
  'internal_error',
  'upstream_error',
];
const REGION = `(${REGIONS.join('|')})`;

/**
 * The requests that must land on a built file (relative to public/), with the status the CDN answers them with
 * (before the edge policy turns an error document's 200 into its code's status), or null for code-only documents.
 * `vehicle`/`charger`: a pair of the site, for the routes of the error documents.
 */
export function publicRoutes(file: string, pair: { vehicle: string; charger: string }): Route[] | null {
  let m: RegExpMatchArray | null;
  if (file === '404.html')
    return [
      route(`/api/v1/vehicles/no-such-vehicle`, 404),
      route('/api/v1/networks/no-such-network', 404),
      route('/api/v1/vehicles/no-such-vehicle/networks', 404),
      route('/api/v1/vehicles/no-such-vehicle/networks', 404, 'region=GB'),
      route(`/api/v1/compatibility/${pair.vehicle}/no-such-charger`, 404, 'region=GB'),
      // Outside /api/ a path that names no file gets the 404 page too (no catch-all rule: docs/cdn.md).
      route('/no-such-page', 404),
      route('/explore/no-such-file.html', 404),
    ];
  if (file === `${D}/index.json`) return [route('/api/v1')];
  if (file === `${D}/vehicles.json`) return [route('/api/v1/vehicles')];
  if (file === `${D}/chargers.json`) return [route('/api/v1/chargers')];
  if ((m = file.match(/^api\/v1\/_data\/vehicles\/([a-z0-9-]+)\.json$/))) return [route(`/api/v1/vehicles/${m[1]}`)];
  if ((m = file.match(/^api\/v1\/_data\/vehicle-compatibility\/([a-z0-9-]+)\.json$/)))
    return [route(`/api/v1/vehicles/${m[1]}/compatibility`)];
  if ((m = file.match(new RegExp(`^api/v1/_data/vehicle-compatibility/${REGION}/([a-z0-9-]+)\\.json$`))))
    return [route(`/api/v1/vehicles/${m[2]}/compatibility`, 200, `region=${m[1]}`)];
  // Extensions (v1.3): a vehicle's explain document, and the wanted list.
  if ((m = file.match(/^api\/v1\/_data\/vehicle-explain\/([a-z0-9-]+)\.json$/)))
    return [route(`/api/v1/vehicles/${m[1]}/explain`)];
  if (file === `${D}/wanted.json`) return [route('/api/v1/wanted')];
  // Extension: charging networks (the list, whole and per region; a network; a vehicle's networks per region, and its
  // default region's copy answering without ?region=).
  if (file === `${D}/networks.json`) return [route('/api/v1/networks'), route('/api/v1/networks/', 200, 'x=1')];
  if ((m = file.match(new RegExp(`^api/v1/_data/network-list/${REGION}\\.json$`))))
    return [route('/api/v1/networks', 200, `region=${m[1]}`)];
  if ((m = file.match(/^api\/v1\/_data\/networks\/([a-z0-9-]+)\.json$/))) return [route(`/api/v1/networks/${m[1]}`)];
  if ((m = file.match(/^api\/v1\/_data\/vehicle-networks\/([a-z0-9-]+)\.json$/)))
    return [route(`/api/v1/vehicles/${m[1]}/networks`)];
  if ((m = file.match(new RegExp(`^api/v1/_data/vehicle-networks/${REGION}/([a-z0-9-]+)\\.json$`))))
    return [route(`/api/v1/vehicles/${m[2]}/networks`, 200, `region=${m[1]}`)];
  if ((m = file.match(/^api\/v1\/_data\/chargers\/([a-z0-9-]+)\.json$/))) return [route(`/api/v1/chargers/${m[1]}`)];
  if ((m = file.match(/^api\/v1\/_data\/charger-compatibility\/([a-z0-9-]+)\.json$/)))
    return [route(`/api/v1/chargers/${m[1]}/compatibility`)];
  if ((m = file.match(new RegExp(`^api/v1/_data/charger-compatibility/${REGION}/([a-z0-9-]+)\\.json$`))))
    return [route(`/api/v1/chargers/${m[2]}/compatibility`, 200, `x=1&region=${m[1]}`)];
  if ((m = file.match(new RegExp(`^api/v1/_data/edges/${REGION}/([a-z0-9-]+)/([a-z0-9-]+)\\.json$`)))) {
    const url = `/api/v1/compatibility/${m[2]}/${m[3]}`;
    return m[1] === REGIONS[0]
      ? [route(url, 200, `region=${m[1]}`), route(url), route(url, 200, 'foo=1')]
      : [route(url, 200, `region=${m[1]}`), route(url, 200, `x=1&region=${m[1]}`)];
  }
  if (file === NOT_FOUND_DOC)
    return [
      route('/api/v1/nope', 404),
      route('/api/v2', 404),
      route(`/api/v1/vehicles/${pair.vehicle}/foo`, 404),
      route(`/${GUARD_DOC}`, 404),
    ];
  // Published as real files: served at their own path (a file shadows the unforced catch-all rule).
  if (file === 'api/v1/openapi.json' || /^api\/v1\/schemas\/[a-z-]+\.json$/.test(file)) return [route(`/${file}`)];
  if (file === 'index.html') return [route('/')];
  // The explorer page (a folder's index.html), its script and the pages' style sheets, real files outside /api/.
  if (file === 'explore/index.html') return [route('/explore'), route('/explore/index.html')];
  if (file === 'explore/explore.js' || file === 'explore/explore.css' || file === 'reference.css')
    return [route(`/${file}`)];
  // A real file at its own path: the request policy answers it with 429 (its body is the rate_limit_exceeded document).
  if (file === RATE_LIMITED_DOC) return [route(`/${file}`)];
  if (file === GUARD_DOC) return [route(`/${D}/index.json`, 404), route(`/${NOT_FOUND_DOC}`, 404)];
  if (file === `${D}/errors/invalid_region.json`) {
    const lists = [
      `/api/v1/vehicles/${pair.vehicle}/compatibility`,
      `/api/v1/chargers/${pair.charger}/compatibility`,
      `/api/v1/vehicles/${pair.vehicle}/networks`,
      '/api/v1/networks',
    ];
    return [`/api/v1/compatibility/${pair.vehicle}/${pair.charger}`, ...lists].flatMap((url) =>
      ['region=eu', 'region=ZZ', 'region=', 'region=gb'].map((query) => route(url, 200, query)),
    );
  }
  if (file === `${D}/errors/slugs_required.json`) {
    return [
      '/api/v1/compatibility',
      `/api/v1/compatibility/${pair.vehicle}`,
      '/api/v1/vehicles/compatibility',
      '/api/v1/chargers/compatibility',
    ].map((p) => route(p, 200));
  }
  if (file === `${D}/changes.json`) return [route('/api/v1/changes')];
  if ((m = file.match(/^api\/v1\/_data\/changes\/(\d+\.\d+\.\d+)\.json$/))) return [route(`/api/v1/changes/${m[1]}`)];
  // Published as real files at their own paths: the feed, the mirror manifest, its bundle and the exports.
  if (
    file === 'api/v1/changes.atom' ||
    file === 'api/v1/mirror.json' ||
    /^api\/v1\/mirror\/\d+\.\d+\.\d+\.tar\.gz$/.test(file) ||
    EXPORT_FILES.some(({ name }) => file === `api/v1/exports/${name}`)
  )
    return [route(`/${file}`)];
  if (file === `${D}/build-token`) return [];
  if (CODE_ONLY.some((code) => file === `${D}/errors/${code}.json`)) return null;
  throw new Error(`the build wrote ${file}, which no public URL is known to reach`);
}
