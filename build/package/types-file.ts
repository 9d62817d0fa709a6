// The package's types.d.ts: one interface per document the package returns, generated from the same zod schemas the
// build validates with (schemas.ts → z.toJSONSchema → json-schema-to-typescript), field descriptions as doc comments.
import { compile } from 'json-schema-to-typescript';
import { z } from 'zod';
import { ExplainDocument, WantedDocument } from '../api/explain-schemas.ts';
import { NetworkDocument, NetworkListDocument, VehicleNetworksDocument } from '../api/network-schemas.ts';
import {
  ChargerCompatibilityDocument,
  ChargerDocument,
  EdgeDocument,
  IndexDocument,
  SourceDocument,
  VehicleCompatibilityDocument,
  VehicleDocument,
} from '../api/schemas.ts';

/** The documents by the names the package exports them under (the names of their types in schemas.ts). */
const DOCUMENTS = {
  Vehicle: VehicleDocument,
  Charger: ChargerDocument,
  Source: SourceDocument,
  Edge: EdgeDocument,
  VehicleCompatibility: VehicleCompatibilityDocument,
  ChargerCompatibility: ChargerCompatibilityDocument,
  IndexInfo: IndexDocument,
  Explain: ExplainDocument,
  Wanted: WantedDocument,
  NetworkList: NetworkListDocument,
  NetworkInfo: NetworkDocument,
  VehicleNetworks: VehicleNetworksDocument,
};

/** What json-schema-to-typescript says of every definition; the package's readers need not know where it came from. */
const DEFINITION_NOTE =
  /\n \*\n \* This interface was referenced by `Documents`'s JSON-Schema\n \* via the `definition` "\w+"\./g;

export async function typesFile(): Promise<string> {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of Object.entries(DOCUMENTS)) registry.add(schema, { id });
  // One schema per document, each referring to the others (an edge's sources are Source) by their place in $defs.
  const { schemas } = z.toJSONSchema(registry, { target: 'draft-2020-12', io: 'output', uri: (id) => `#/$defs/${id}` });
  const $defs = Object.fromEntries(
    Object.entries(schemas).map(([id, schema]) => {
      const { $schema: _schema, $id: _id, ...rest } = schema;
      return [id, { ...rest, title: id }];
    }),
  );
  const generated = await compile({ $defs }, 'Documents', {
    bannerComment: '',
    unreachableDefinitions: true,
    additionalProperties: false,
    format: true,
  });
  const body = generated
    .replace(/^export interface Documents \{\n {2}\[k: string\]: unknown;\n\}\n/m, '')
    .replace(DEFINITION_NOTE, '');
  if (body.includes('Documents'))
    throw new Error('types.d.ts: json-schema-to-typescript wrote an unexpected Documents');
  return `// The documents of the Open EV compatibility API, generated from its schemas by npm run package.\n${body}`;
}
