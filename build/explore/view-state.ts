// What the explorer shows, and its URL: `?vehicle=…&region=…`, `?charger=…&region=…`, or no selection (`?side=charger`).
import { DEFAULT_REGION, isRegion, type Region } from '../core/regions.ts';
import { SLUG_MAX_LENGTH, SLUG_PATTERN } from '../core/vocabulary.ts';

export type Side = 'vehicle' | 'charger';
export const SIDES: readonly Side[] = ['vehicle', 'charger'];
export const otherSide = (side: Side): Side => (side === 'vehicle' ? 'charger' : 'vehicle');

export interface ViewState {
  /** What was picked: a vehicle (its chargers are shown) or a charger (its vehicles). */
  side: Side;
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
  for (const side of SIDES) {
    const slug = params.get(side);
    if (slug === null) continue;
    if (isSlug(slug)) return { view: { side, slug, region }, problems };
    problems.push(`“${slug}” is not a ${side} slug (lowercase letters and digits joined by hyphens).`);
    return { view: { side, slug: null, region }, problems };
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
