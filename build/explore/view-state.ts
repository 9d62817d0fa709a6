// What the explorer shows, and its URL: `?vehicle=…&region=…`, `?charger=…&region=…`, `?network=…&region=…` (a charging
// network, found by the charger side's search), or no selection (`?side=charger`).
import { DEFAULT_REGION, isRegion, type Region } from '../core/regions.ts';
import { SLUG_MAX_LENGTH, SLUG_PATTERN } from '../core/vocabulary.ts';

export type Side = 'vehicle' | 'charger';
export const SIDES: readonly Side[] = ['vehicle', 'charger'];
export const otherSide = (side: Side): Side => (side === 'vehicle' ? 'charger' : 'vehicle');
/** What a view shows: a side's pick, or a charging network (its models per region). */
export type Kind = Side | 'network';
const KINDS: readonly Kind[] = [...SIDES, 'network'];

export interface ViewState {
  /** What was picked: a vehicle (its chargers are shown), a charger (its vehicles) or a network (its models). */
  side: Kind;
  slug: string | null;
  region: Region;
}

export interface ParsedView {
  view: ViewState;
  /** What in the URL was not understood and was replaced, for a notice. */
  problems: string[];
}

export const isSlug = (text: string): boolean => text.length <= SLUG_MAX_LENGTH && SLUG_PATTERN.test(text);

/** Reads a view from a query string; a missing region is the default, an unknown one is replaced by it (and reported). */
export function parseView(search: string): ParsedView {
  const params = new URLSearchParams(search);
  const problems: string[] = [];
  const regionText = params.get('region');
  let region: Region = DEFAULT_REGION;
  if (regionText !== null) {
    if (isRegion(regionText)) region = regionText;
    else problems.push(`“${regionText}” is not a region; showing ${DEFAULT_REGION}.`);
  }
  for (const side of KINDS) {
    const slug = params.get(side);
    if (slug === null) continue;
    if (isSlug(slug)) return { view: { side, slug, region }, problems };
    problems.push(`“${slug}” is not a ${side} slug (lowercase letters and digits joined by hyphens).`);
    return { view: { side: side === 'network' ? 'charger' : side, slug: null, region }, problems };
  }
  return { view: { side: params.get('side') === 'charger' ? 'charger' : 'vehicle', slug: null, region }, problems };
}

/** The query string of a view (always with the region, so a shared link shows the same table). */
export function viewSearch(view: ViewState): string {
  const params = new URLSearchParams();
  if (view.slug !== null) params.set(view.side, view.slug);
  else if (view.side === 'charger') params.set('side', 'charger');
  params.set('region', view.region);
  return `?${params.toString()}`;
}

/** The API path of the view's table: the picked side's compatibility list for one region (one request). */
export function compatibilityPath(side: Side, slug: string, region: Region): string {
  return `/api/v1/${side === 'vehicle' ? 'vehicles' : 'chargers'}/${encodeURIComponent(slug)}/compatibility?region=${region}`;
}

export const listPath = (side: Side): string => (side === 'vehicle' ? '/api/v1/vehicles' : '/api/v1/chargers');

/** A vehicle's own document and its explain document (extension): what the explorer shows beside its chargers. */
export const vehiclePath = (slug: string): string => `/api/v1/vehicles/${encodeURIComponent(slug)}`;
export const explainPath = (slug: string): string => `${vehiclePath(slug)}/explain`;

/** A vehicle's charging networks in a region (extension), and a network's own document. */
export const vehicleNetworksPath = (slug: string, region: Region): string =>
  `${vehiclePath(slug)}/networks?region=${region}`;
export const networkPath = (slug: string): string => `/api/v1/networks/${encodeURIComponent(slug)}`;
export const NETWORK_LIST_PATH = '/api/v1/networks';
