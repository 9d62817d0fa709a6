// The package's data/ folder, from a published release: the /api/v1 document, the vehicles, chargers, retired slugs,
// wanted list, network documents and each vehicle's networks per region as the tree holds them, and the edges, their
// explanations and the sources as the release's NDJSON exports hold them (streamed, a line each).
import { copyFileSync, createReadStream, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { NetworkList, VehicleNetworks } from '../api/network-schemas.ts';
import type { IndexInfo } from '../api/schemas.ts';
import { REGIONS, type Region } from '../core/regions.ts';
import { ReleaseTree } from '../exports/release-tree.ts';
import { layout } from '../render/layout.ts';
import type { StoredEdge } from './runtime/lookups.ts';

/** A JSON array with one item per line, so that a release's diff shows the items that changed. */
const arrayText = (items: readonly unknown[]) => `[\n${items.map((item) => JSON.stringify(item)).join(',\n')}\n]\n`;

/** The same array from an NDJSON file, streamed: one line in, one line out; `seen` is shown each line. */
async function arrayFromNdjson(source: string, target: string, seen: (line: string) => void = () => {}): Promise<void> {
  const out = await open(target, 'w');
  try {
    let first = true;
    await out.write('[\n');
    for await (const line of createInterface({ input: createReadStream(source), crlfDelay: Infinity })) {
      if (line === '') continue;
      seen(line);
      await out.write(first ? line : `,\n${line}`);
      first = false;
    }
    await out.write('\n]\n');
  } finally {
    await out.close();
  }
}

/**
 * networks.json (every network's document), vehicle-networks.json (each vehicle's networks document in each region it
 * is written for) and network-defaults.json (the region each vehicle's document without ?region= answers).
 */
function writeNetworkData(tree: ReleaseTree, dir: string): void {
  const slugs = tree.read<NetworkList>(layout.networkList()).networks.map((network) => network.slug);
  writeFileSync(path.join(dir, 'networks.json'), arrayText(slugs.map((slug) => tree.read(layout.network(slug)))));
  const documents: VehicleNetworks[] = [];
  const defaults: Record<string, Region> = {};
  for (const slug of tree.vehicleSlugs()) {
    if (!existsSync(path.join(tree.publicDir, layout.vehicleNetworks(slug)))) continue;
    defaults[slug] = tree.read<VehicleNetworks>(layout.vehicleNetworks(slug)).region;
    for (const region of REGIONS)
      if (existsSync(path.join(tree.publicDir, layout.vehicleNetworks(slug, region))))
        documents.push(tree.read<VehicleNetworks>(layout.vehicleNetworks(slug, region)));
  }
  writeFileSync(path.join(dir, 'vehicle-networks.json'), arrayText(documents));
  writeFileSync(path.join(dir, 'network-defaults.json'), `${JSON.stringify(defaults, null, 2)}\n`);
}

export interface PackageData {
  index: IndexInfo;
  /** The edge the README's example shows: the first that needs an adapter, else the first. */
  example: StoredEdge;
}

/** Writes data/ under `packageDir` from the published tree at `publicDir` (with its exports). */
export async function writePackageData(publicDir: string, packageDir: string): Promise<PackageData> {
  const tree = new ReleaseTree(publicDir);
  const dir = path.join(packageDir, 'data');
  mkdirSync(dir, { recursive: true });
  copyFileSync(path.join(publicDir, layout.index()), path.join(dir, 'index.json'));
  copyFileSync(path.join(publicDir, layout.wanted()), path.join(dir, 'wanted.json'));
  writeFileSync(path.join(dir, 'vehicles.json'), arrayText([...tree.vehicles()]));
  writeFileSync(path.join(dir, 'chargers.json'), arrayText([...tree.chargers()]));
  const aliases = { vehicles: tree.aliases('vehicle'), chargers: tree.aliases('charger') };
  writeFileSync(path.join(dir, 'aliases.json'), `${JSON.stringify(aliases, null, 2)}\n`);
  writeNetworkData(tree, dir);
  await arrayFromNdjson(path.join(publicDir, layout.exportFile('sources.ndjson')), path.join(dir, 'sources.json'));
  let first: string | undefined;
  let adapter: string | undefined;
  await arrayFromNdjson(
    path.join(publicDir, layout.exportFile('edges.ndjson')),
    path.join(dir, 'edges.json'),
    (line) => {
      first ??= line;
      if (adapter === undefined && line.includes('"state":"adp"')) adapter = line;
    },
  );
  await arrayFromNdjson(path.join(publicDir, layout.exportFile('explain.ndjson')), path.join(dir, 'explain.json'));
  const example = adapter ?? first;
  if (example === undefined) throw new Error('package: the release has no edge');
  return { index: tree.index, example: JSON.parse(example) as StoredEdge };
}
