// The package's README.md, generated per release: what it holds, an example on the release's own data with the output
// it prints (run against the package before it is packed; a test runs it again against the installed tarball), the
// API, the data files and the licences.
import type { IndexInfo } from '../api/schemas.ts';
import { ATTRIBUTION, DATA_LICENSE } from '../core/license.ts';
import { DEFAULT_REGION, REGION_ORDER_TEXT } from '../core/regions.ts';
import type { StoredEdge } from './runtime/lookups.ts';

export const PACKAGE_NAME = 'open-ev-compatibility-data';

/** The README's example: valid JavaScript and TypeScript alike, so that a test can both run and type-check it. */
export function exampleCode(edge: Pick<StoredEdge, 'vehicle' | 'charger' | 'region'>): string {
  const [v, c, r] = [edge.vehicle, edge.charger, edge.region].map((text) => `'${text}'`);
  return `import { chargersFor, compatibility, datasetVersion, explain, vehicle, wanted } from '${PACKAGE_NAME}';

const car = vehicle(${v});
const edge = compatibility(${v}, ${c}, ${r});
console.log(\`\${[car?.brand, car?.family, car?.trim].filter(Boolean).join(' ')} on ${edge.charger}, ${edge.region} (dataset \${datasetVersion}):\`);
if (edge) console.log(\`  \${edge.state}, \${edge.kw} kW, adapter required: \${edge.adapterRequired}, confidence \${edge.confidence}\`);
const why = explain(${v}, ${c}, ${r});
if (why) {
  console.log(\`  decided by \${why.decidedBy}; caps: \${why.caps.map((cap) => \`\${cap.cap} \${cap.kw} kW\`).join(', ') || 'none'}\`);
  for (const m of why.missing) console.log(\`  not on record: \${m.file} \${m.row} \${m.column} (\${m.why})\`);
}

const fastest = chargersFor(${v}, ${r})
  ?.chargers.filter((e) => e.state === 'ok')
  .sort((a, b) => b.kw - a.kw)
  .slice(0, 3);
console.log('fastest without an adapter:', fastest?.map((e) => \`\${e.charger} \${e.kw} kW\`).join(', ') || 'none');

const [first] = wanted().figures;
if (first) console.log(\`most wanted figure: \${first.file} \${first.row} \${first.column} (\${first.edges} edges)\`);
`;
}

const FILES: [string, string][] = [
  ['data/index.json', 'the `/api/v1` document: versions, counts, licences'],
  ['data/vehicles.json', 'every vehicle document, by slug'],
  ['data/chargers.json', 'every charger document, by slug'],
  ['data/edges.json', 'every edge, by vehicle, charger, then region; `sources` as ids'],
  ['data/sources.json', 'every source an edge cites, by id'],
  ['data/explain.json', 'the reasoning behind every edge, in the order of the edges, each with its `vehicle`'],
  ['data/wanted.json', 'the `/api/v1/wanted` document'],
  ['data/networks.json', 'every charging network document, by slug (extension)'],
  ['data/vehicle-networks.json', 'each vehicle’s networks document per region it is on sale in (extension)'],
  ['data/network-defaults.json', 'the region each vehicle’s networks answer without a region'],
  ['data/aliases.json', 'retired slugs and their successors'],
  ['types.d.ts', 'the document types, generated from the API’s schemas'],
];

export function readme(index: IndexInfo, example: string, output: string): string {
  const { counts } = index;
  return `# ${PACKAGE_NAME}

The Open EV compatibility dataset, release **${index.datasetVersion}** (derivation rules ${index.derivationVersion}):
${counts.vehicles} vehicle variants, ${counts.chargers} charger models and ${counts.edges} compatibility edges. *Will this
electric vehicle charge on this charger model, in this region, how fast, with or without an adapter, and how sure are
we?* As JSON, with TypeScript types generated from the API's own schemas and a small typed API with no dependencies:
each function returns exactly the document the HTTP API answers, without a request.

## Example

\`\`\`js
${example.trimEnd()}
\`\`\`

prints

\`\`\`
${output.trimEnd()}
\`\`\`

## API

| export | returns | as the HTTP API answers |
|---|---|---|
| \`compatibility(vehicle, charger, region = '${DEFAULT_REGION}')\` | \`Edge \\| undefined\` | \`GET /api/v1/compatibility/{vehicle}/{charger}?region=\` |
| \`chargersFor(vehicle, region?)\` | \`VehicleCompatibility \\| undefined\` | \`GET /api/v1/vehicles/{slug}/compatibility[?region=]\` |
| \`vehiclesFor(charger, region?)\` | \`ChargerCompatibility \\| undefined\` | \`GET /api/v1/chargers/{slug}/compatibility[?region=]\` |
| \`vehicle(slug)\`, \`charger(slug)\` | \`Vehicle\`, \`Charger\` or \`undefined\` | \`GET /api/v1/vehicles/{slug}\`, \`/chargers/{slug}\` |
| \`vehicles()\`, \`chargers()\` | every document, by slug | |
| \`explain(vehicle, charger, region = '${DEFAULT_REGION}')\` | \`ExplainEntry \\| undefined\` | its entry in \`GET /api/v1/vehicles/{slug}/explain\` |
| \`explainFor(vehicle)\` | \`Explain \\| undefined\` | \`GET /api/v1/vehicles/{slug}/explain\` |
| \`wanted()\` | \`Wanted\`: the missing figures, the most useful first | \`GET /api/v1/wanted\` |
| \`networks(region?)\` | \`NetworkList\`: every charging network, or those in a region (extension) | \`GET /api/v1/networks[?region=]\` |
| \`network(slug)\` | \`NetworkInfo \\| undefined\`: its access terms and models per region | \`GET /api/v1/networks/{slug}\` |
| \`networksFor(vehicle, region?)\` | \`VehicleNetworks \\| undefined\`: best, worst per network | \`GET /api/v1/vehicles/{slug}/networks[?region=]\` |
| \`info()\`, \`datasetVersion\` | the \`/api/v1\` document, and its dataset version | \`GET /api/v1\` |

\`undefined\` is the API's 404; a region other than ${REGION_ORDER_TEXT} throws a \`RangeError\` (the API's 400
\`invalid_region\`). A retired slug answers with its successor's documents, as the API does. Every answer is a fresh
copy. An explanation holds the path, each cap on record with its sources, each missing figure (file, row, column,
what it decides, the power it leaves open) and the deciding rule. The types (\`Vehicle\`, \`Charger\`, \`Source\`,
\`Edge\`, \`VehicleCompatibility\`, \`ChargerCompatibility\`, \`IndexInfo\`, \`Explain\`, \`ExplainEntry\`, \`Wanted\`,
\`NetworkList\`, \`NetworkInfo\`, \`VehicleNetworks\`, \`Region\`) are exported too. \`networksFor\` without a region
answers the vehicle's default region, as the API does, and \`undefined\` for a region the vehicle is not on sale in.

ESM only: Node 22.12 or later, or a bundler that reads import attributes (\`with { type: 'json' }\`). Each kind is
its own module and the package declares no side effects, so a bundle that imports only \`vehicle\` leaves the edges
and their explanations, most of the package, out.

## Files

${FILES.map(([file, what]) => `- \`${file}\`: ${what}`).join('\n')}

The data files can be imported on their own: \`import vehicles from '${PACKAGE_NAME}/data/vehicles.json' with { type: 'json' }\`.

## Licence

The data is under ${DATA_LICENSE.name} (${DATA_LICENSE.url}): credit it as *"Data: ${ATTRIBUTION}, ${DATA_LICENSE.name}"*
with a link to the licence, and say whether you changed it (\`LICENSE-DATA\`). The code (the lookups) is under the
MIT licence (\`LICENSE\`).
`;
}
