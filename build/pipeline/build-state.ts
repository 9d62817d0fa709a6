// The build-state file next to public/: the input digests of what public/ holds, so a rebuild redoes only what changed.
// An optimisation only: a missing, corrupt or foreign state file makes the build a full one, with the same output.
import { createHash } from 'node:crypto';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { codeDigest } from '../infra/derived-cache.ts';
import type { Dataset } from '../data/dataset.ts';
import { shardText } from '../data/ledger.ts';
import type { HistoryMode } from '../release/edge-history.ts';
import { releaseDigest } from '../render/release-files.ts';

const FORMAT = 4;

export interface BuildState {
  format: number;
  /** Digest of the build code and its locked dependencies: any change of either makes the state useless. */
  code: string;
  /** Digest of everything every edge may depend on: sources, connectors, protocols, adapters, release date, mode. */
  global: string;
  /** Per vehicle: its row, its region rows, its observations and its ledger shard. */
  vehicles: Record<string, string>;
  /** Per charger: its row and its connector rows. */
  chargers: Record<string, string>;
  /** The network tables (networks, their regions and charger links): a change rewrites every vehicle's networks. */
  networks: string;
  /** The release records of data/releases/ (releaseDigest): unchanged, a rebuild leaves the release documents as they are. */
  releases: string;
  /** Names this state; also written into public/ (layout.treeToken), so a state that does not describe public/ is ignored. */
  token: string;
}

const digest = (...parts: unknown[]) => createHash('sha256').update(JSON.stringify(parts)).digest('hex').slice(0, 24);

/** The state the current data gives (its token included). */
export function currentState(data: Dataset, dataDir: string, releasedAt: string | null, mode: HistoryMode): BuildState {
  const observations = new Map<string, unknown[]>();
  for (const observation of data.observations.values())
    observations.set(observation.vehicle, [...(observations.get(observation.vehicle) ?? []), observation]);
  const vehicles: Record<string, string> = {};
  for (const vehicle of data.vehicles) {
    const regions = [...(data.vehicleRegions.get(vehicle.slug)?.values() ?? [])];
    vehicles[vehicle.slug] = digest(
      vehicle,
      regions,
      observations.get(vehicle.slug) ?? [],
      shardText(dataDir, vehicle.slug),
    );
  }
  const chargers: Record<string, string> = {};
  for (const charger of data.chargers)
    chargers[charger.slug] = digest(charger, [...(data.chargerConnectors.get(charger.slug)?.values() ?? [])]);
  const state = {
    format: FORMAT,
    code: codeDigest(),
    networks: digest(data.networks.map((network) => ({ ...network, regions: [...network.regions] }))),
    releases: releaseDigest(dataDir),
    global: digest(
      [...data.sources.values()],
      [...data.connectors.values()],
      data.protocols,
      data.adapters,
      data.aliases,
      releasedAt,
      mode,
    ),
    vehicles,
    chargers,
  };
  return { ...state, token: digest(state) };
}

export const stateFile = (publicDir: string) =>
  path.join(path.dirname(publicDir), `.${path.basename(publicDir)}-build-state.json`);

/** The state recorded for `publicDir`, or null when there is none, it cannot be read, or it does not describe public/. */
export function readState(publicDir: string, tokenFile: string): BuildState | null {
  try {
    const state = JSON.parse(readFileSync(stateFile(publicDir), 'utf8')) as BuildState;
    if (state.format !== FORMAT || typeof state.vehicles !== 'object' || typeof state.chargers !== 'object')
      return null;
    const token = readFileSync(path.join(publicDir, tokenFile), 'utf8').trim();
    return token === state.token ? state : null;
  } catch {
    return null;
  }
}

export function writeState(publicDir: string, state: BuildState): void {
  const file = stateFile(publicDir);
  writeFileSync(`${file}.tmp`, `${JSON.stringify(state)}\n`);
  renameSync(`${file}.tmp`, file);
}

/** What changed between the recorded state and now, or null when a full build is needed (other code or global inputs). */
export function changesSince(
  before: BuildState | null,
  now: BuildState,
): {
  vehicles: Set<string>;
  chargers: Set<string>;
  removedVehicles: string[];
  removedChargers: string[];
  /** Whether the network tables changed. */
  networks: boolean;
  /** Whether the release records changed. */
  releases: boolean;
} | null {
  if (!before || before.code !== now.code || before.global !== now.global) return null;
  const changed = (a: Record<string, string>, b: Record<string, string>) =>
    new Set(Object.keys(b).filter((slug) => a[slug] !== b[slug]));
  return {
    vehicles: changed(before.vehicles, now.vehicles),
    chargers: changed(before.chargers, now.chargers),
    removedVehicles: Object.keys(before.vehicles).filter((slug) => !(slug in now.vehicles)),
    removedChargers: Object.keys(before.chargers).filter((slug) => !(slug in now.chargers)),
    networks: before.networks !== now.networks,
    releases: before.releases !== now.releases,
  };
}
