// Finding a vehicle, a charger or a charging network by what a person types (brand, model, trim, year, slug): every word must match.
import type { NetworkList } from '../api/network-schemas.ts';
import type { ChargerList, VehicleList } from '../api/schemas.ts';
import type { Region } from '../core/regions.ts';
import { chargerDetail, chargerLabel, vehicleDetail, vehicleLabel } from './labels.ts';

export interface Candidate {
  slug: string;
  /** What a person calls it. */
  label: string;
  /** A second line: slug, regions, kind and power. */
  detail: string;
  regions: readonly Region[];
  /** Everything a query may match, folded (lowercase, no accents). */
  haystack: string;
  /** Set on a charging network (listed with the chargers; its view is the network's). */
  network?: true;
}

/** Lowercase without accents, so "citroen" finds "Citroën" and "esarj" finds "Eşarj". */
export const fold = (text: string): string =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

export const vehicleCandidates = (list: VehicleList): Candidate[] =>
  list.vehicles.map((v) => ({
    slug: v.slug,
    label: vehicleLabel(v),
    detail: vehicleDetail(v),
    regions: v.regions,
    haystack: fold([v.brand, v.family, v.trim ?? '', String(v.model_year), v.slug].join(' ')),
  }));

export const chargerCandidates = (list: ChargerList): Candidate[] =>
  list.chargers.map((c) => ({
    slug: c.slug,
    label: chargerLabel(c),
    detail: chargerDetail(c),
    regions: c.regions,
    haystack: fold(
      [c.brand, c.model, c.slug.replace(/-/g, ' '), c.slug, c.current_kind, `${c.nominal_max_kw} kw`].join(' '),
    ),
  }));

/** The charging networks, offered beside the charger models: "IONITY", "charging network · in EU, GB". */
export const networkCandidates = (list: NetworkList): Candidate[] =>
  list.networks.map((n) => ({
    slug: n.slug,
    label: n.name,
    detail: `charging network · ${n.slug} · in ${n.regions.join(', ') || 'no region'}`,
    regions: n.regions,
    haystack: fold([n.name, n.slug.replace(/-/g, ' '), n.slug, 'network'].join(' ')),
    network: true,
  }));

export interface Matches {
  /** The first `limit` matches: those available in the region first, then by label. */
  shown: Candidate[];
  total: number;
  inRegion: number;
}

export function findMatches(candidates: readonly Candidate[], query: string, region: Region, limit = 20): Matches {
  const words = fold(query)
    .split(/[\s,]+/)
    .filter(Boolean);
  if (words.length === 0) return { shown: [], total: 0, inRegion: 0 };
  const found = candidates.filter((candidate) => words.every((word) => candidate.haystack.includes(word)));
  const here = (candidate: Candidate) => (candidate.regions.includes(region) ? 0 : 1);
  found.sort((a, b) => here(a) - here(b) || a.label.localeCompare(b.label, 'en') || a.slug.localeCompare(b.slug));
  return { shown: found.slice(0, limit), total: found.length, inRegion: found.filter((c) => here(c) === 0).length };
}
