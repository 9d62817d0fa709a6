// The network documents (extension): the network list (whole and per region), each network's document, and a
// vehicle's networks in a region: for each network there, whether it admits the vehicle and the best and the worst
// answer among the edges of the models it runs there, with a sentence a driver can read.
import type { NetworkInfo, NetworkList, NetworkAnswerInfo, VehicleNetworks } from '../api/network-schemas.ts';
import { sourceDocument } from '../api/edge-content.ts';
import { homeMarket } from '../core/slugs.ts';
import { DEFAULT_REGION, REGIONS, type Region } from '../core/regions.ts';
import type { Admitted, State } from '../core/vocabulary.ts';
import type { Dataset } from '../data/dataset.ts';
import { admits, type Network } from '../data/networks.ts';
import type { VehicleRow } from '../data/tables.ts';
import { compareVerdicts } from '../derive/rules/state-precedence.ts';
import { layout } from './layout.ts';
import { apiFile, type SiteFile } from './site-file.ts';

/** What a vehicle networks document needs of one edge. */
export interface EdgeAnswer {
  state: State;
  kw: number;
  confidence: number;
}

const networkUrl = (slug: string) => `/api/v1/networks/${slug}`;
const chargerUrl = (slug: string) => `/api/v1/chargers/${slug}`;
const edgeUrl = (vehicle: string, charger: string, region: Region) =>
  `/api/v1/compatibility/${vehicle}/${charger}${region === DEFAULT_REGION ? '' : `?region=${region}`}`;

/** Each dataset's charger names by slug, made once: every vehicle's networks documents name the models. */
const chargerNames = new WeakMap<Dataset, ReadonlyMap<string, { name: string; brand: string }>>();

/** The charger as drivers read it: "Tritium Veefil-PK 350 kW". */
function chargerName(data: Dataset, slug: string): { name: string; brand: string } {
  let names = chargerNames.get(data);
  if (!names) {
    names = new Map(data.chargers.map((c) => [c.slug, { name: `${c.brand} ${c.model}`, brand: c.brand }]));
    chargerNames.set(data, names);
  }
  return { ...(names.get(slug) ?? { name: slug, brand: '' }) };
}

export function networkListDocument(data: Dataset, region?: Region): NetworkList {
  const networks = data.networks
    .filter((network) => region === undefined || network.regions.has(region))
    .map((network) => ({
      slug: network.slug,
      name: network.name,
      regions: [...network.regions.keys()],
      url: networkUrl(network.slug),
    }));
  return { count: networks.length, networks };
}

/** The sentence of a region where no source names the network's hardware. */
const noHardware = (network: Network, region: Region) =>
  `No source on record names the charger models ${network.name} runs in ${region}: its hardware is not on record.`;

export function networkDocument(data: Dataset, network: Network): NetworkInfo {
  const cite = (ids: readonly string[]) => ids.map((id) => sourceDocument(id, data));
  return {
    slug: network.slug,
    name: network.name,
    note: network.note,
    sources: cite(network.source),
    regions: [...network.regions].map(([region, { terms, chargers }]) => ({
      region,
      dc_sites: terms.dc_sites,
      dc_sites_as_of: terms.dc_sites_as_of,
      dc_sites_sources: cite(terms.dc_sites_source),
      access: terms.access,
      access_brands: terms.access_brands,
      access_sources: cite(terms.access_source),
      models: chargers.map((link) => ({
        charger: link.charger,
        ...chargerName(data, link.charger),
        url: chargerUrl(link.charger),
        sources: cite(link.source),
        note: link.note,
      })),
      hardware_known: chargers.length > 0,
      hardware_note: chargers.length > 0 ? null : noHardware(network, region),
    })),
  };
}

/** The network list (whole and per region) and each network's document: a few files, written by every build. */
export function networkFiles(data: Dataset): SiteFile[] {
  return [
    apiFile(layout.networkList(), 'network-list', networkListDocument(data)),
    ...REGIONS.map((region) => apiFile(layout.networkList(region), 'network-list', networkListDocument(data, region))),
    ...data.networks.map((network) => apiFile(layout.network(network.slug), 'network', networkDocument(data, network))),
  ];
}

/** The chargers some network runs in each region: the only edges a vehicle networks document reads. */
const linkedChargers = new WeakMap<Dataset, ReadonlyMap<Region, ReadonlySet<string>>>();

export function isLinked(data: Dataset, charger: string, region: Region): boolean {
  let linked = linkedChargers.get(data);
  if (!linked) {
    const byRegion = new Map<Region, Set<string>>(REGIONS.map((r) => [r, new Set<string>()]));
    for (const network of data.networks)
      for (const [r, { chargers }] of network.regions) for (const link of chargers) byRegion.get(r)!.add(link.charger);
    linked = byRegion;
    linkedChargers.set(data, linked);
  }
  return linked.get(region)!.has(charger);
}

/** What the ranking of a network's answers reads of one: its charger and its edge's answer. */
type Ranked = Pick<NetworkAnswerInfo, 'charger' | 'state' | 'kw' | 'confidence'>;

/** Best first: the contract's state order (ok, limited, adp, unk, no), then kW, confidence, charger slug. */
const byAnswer = (a: Ranked, b: Ranked) =>
  compareVerdicts(a, b) || b.confidence - a.confidence || (a.charger < b.charger ? -1 : a.charger > b.charger ? 1 : 0);

/** What one answer says, e.g. "230 kW on Alpitronic Hypercharger HYC300 units". */
function answerText(answer: NetworkAnswerInfo): string {
  const units = `${answer.name} units`;
  if (answer.state === 'no') return `no charging on ${units}`;
  if (answer.state === 'unk') return `not known whether it charges on ${units}`;
  const adapter = answer.state === 'adp' ? ' (with an adapter)' : '';
  return answer.kw > 0 ? `${answer.kw} kW on ${units}${adapter}` : `charges on ${units}${adapter}, power not on record`;
}

/** The driver's sentence for one network, e.g. "At IONITY: up to 230 kW on …; at worst 50 kW on …". */
function summary(
  name: string,
  region: Region,
  admitted: Admitted,
  brand: string,
  best: NetworkAnswerInfo | null,
  worst: NetworkAnswerInfo | null,
): string {
  if (admitted === 'no') return `${name} admits no ${brand} vehicles in ${region}.`;
  const where = admitted === 'some-sites' ? `At the ${name} sites open to ${brand} vehicles` : `At ${name}`;
  if (!best || !worst) return `${where}: the charger models it runs in ${region} are not on record.`;
  if (best.charger === worst.charger) return `${where}: ${answerText(best)}.`;
  if (best.state === worst.state && best.kw === worst.kw)
    return `${where}: ${answerText(best)}, and the same on its other models on record.`;
  const upTo = best.kw > 0 && best.state !== 'no' && best.state !== 'unk' ? 'up to ' : '';
  return `${where}: ${upTo}${answerText(best)}; at worst ${answerText(worst)}.`;
}

/**
 * A vehicle's networks in a region: every network operating there, whether it admits the vehicle, and the best and
 * worst of the edges with the models it runs there (`edgeOf` gives the vehicle's edge with a charger there, if any).
 */
export function vehicleNetworksDocument(
  data: Dataset,
  vehicle: Pick<VehicleRow, 'slug' | 'brand'>,
  region: Region,
  edgeOf: (charger: string) => EdgeAnswer | undefined,
): VehicleNetworks {
  const networks = data.networks.flatMap((network) => {
    const here = network.regions.get(region);
    if (!here) return [];
    // The first and the last in byAnswer's order (a total order: the charger breaks ties), each made whole alone.
    let first: Ranked | null = null;
    let last: Ranked | null = null;
    for (const { charger } of here.chargers) {
      const edge = edgeOf(charger);
      if (!edge) continue;
      const ranked = { charger, ...edge };
      if (!first || byAnswer(ranked, first) < 0) first = ranked;
      if (!last || byAnswer(ranked, last) > 0) last = ranked;
    }
    const answer = (ranked: Ranked | null): NetworkAnswerInfo | null =>
      ranked && {
        charger: ranked.charger,
        name: chargerName(data, ranked.charger).name,
        state: ranked.state,
        kw: ranked.kw,
        confidence: ranked.confidence,
        url: edgeUrl(vehicle.slug, ranked.charger, region),
      };
    const best = answer(first);
    const worst = answer(last);
    const admitted = admits(here.terms, vehicle.brand);
    return [
      {
        network: network.slug,
        name: network.name,
        url: networkUrl(network.slug),
        access: here.terms.access,
        access_brands: here.terms.access_brands,
        admitted,
        best,
        worst,
        summary: summary(network.name, region, admitted, vehicle.brand, best, worst),
      },
    ];
  });
  return { slug: vehicle.slug, region, networks };
}

/** The regions a vehicle networks document is written for: those the vehicle is on sale in. */
export const networkRegionsOf = (data: Dataset, vehicle: string): Region[] =>
  REGIONS.filter((region) => data.vehicleRegions.get(vehicle)?.has(region));

/**
 * The region `/api/v1/vehicles/{slug}/networks` answers without `?region=`: the market the slug names (contract §2),
 * or, where it names none the vehicle is on sale in, the first region in the published order it is on sale in.
 */
export function defaultNetworkRegion(data: Dataset, vehicle: Pick<VehicleRow, 'slug' | 'brand'>): Region | null {
  const regions = networkRegionsOf(data, vehicle.slug);
  const home = homeMarket(vehicle.slug, vehicle.brand);
  return home !== null && regions.includes(home) ? home : (regions[0] ?? null);
}
