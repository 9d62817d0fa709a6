// How the explorer names vehicles and chargers (the API's list entries) and formats an edge's figures.
import type { ChargerList, VehicleList } from '../api/schemas.ts';

type VehicleEntry = VehicleList['vehicles'][number];
type ChargerEntry = ChargerList['chargers'][number];

/** Brand, model, trim and year: "Kia EV6 Long Range AWD 2022". */
export const vehicleLabel = (v: VehicleEntry): string =>
  [v.brand, v.family, v.trim, String(v.model_year)].filter(Boolean).join(' ');
export const vehicleDetail = (v: VehicleEntry): string => `${v.slug} · sold in ${v.regions.join(', ') || 'no region'}`;

/** Brand and model: "Tesla Supercharger V3" (a model name that repeats the brand is not doubled). */
export const chargerLabel = (c: ChargerEntry): string =>
  c.model.toLowerCase().startsWith(c.brand.toLowerCase()) ? c.model : `${c.brand} ${c.model}`;
export const chargerDetail = (c: ChargerEntry): string =>
  `${c.slug} · ${c.current_kind} ${formatNumber(c.nominal_max_kw)} kW · in ${c.regions.join(', ') || 'no region'}`;

export const formatNumber = (value: number): string => String(value);

/** kW as the table shows it: 0 means "no figure" (state no or unk, or an observation without a measured peak). */
export const formatKw = (kw: number): string => (kw === 0 ? '—' : formatNumber(kw));
export const formatConfidence = (confidence: number): string => String(confidence);
export const formatProtocols = (protocols: readonly string[]): string =>
  protocols.length === 0 ? '—' : protocols.join(', ');
export const formatAdapter = (required: boolean): string => (required ? 'yes' : 'no');

/** Only web addresses become links (a source's url is free text in the data). */
export function safeUrl(url: string | null): string | null {
  if (url === null) return null;
  try {
    const { protocol } = new URL(url);
    return protocol === 'https:' || protocol === 'http:' ? url : null;
  } catch {
    return null;
  }
}
