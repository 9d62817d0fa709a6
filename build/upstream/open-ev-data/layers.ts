// Merges OpenEV Data's layered JSON into canonical records: a model's base.json, then the year files whose names are
// prefixes of the record's file name (a variant <vehicle>_<variant>.json sits on <vehicle>.json), then the file itself.
import { parseJsonText } from '../json-text.ts';

/** One canonical record: its file, the files merged into it (lowest first, the file last) and the merged JSON. */
export interface CompiledRecord {
  path: string;
  layers: string[];
  json: Record<string, unknown>;
  /** The top-level keys of the record's own file (what it sets itself rather than inherits). */
  ownKeys: string[];
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Objects merge key by key; scalars and arrays of a higher layer replace the lower one's (upstream ARCHITECTURE §1.4). */
export function deepMerge(lower: Json, higher: Json): Json {
  const merged: Json = { ...lower };
  for (const [key, value] of Object.entries(higher)) {
    const below = merged[key];
    merged[key] = isObject(value) && isObject(below) ? deepMerge(below, value) : value;
  }
  return merged;
}

const YEAR_FILE = /^src\/([a-z0-9_]+)\/([a-z0-9_]+)\/(\d{4})\/([a-z0-9_]+)\.json$/;

function parse(path: string, text: string): Json {
  const value = parseJsonText(text, path);
  if (!isObject(value)) throw new Error(`${path}: not a JSON object`);
  const { $schema: _schema, ...rest } = value;
  return rest;
}

/**
 * Every canonical record of a release, sorted by path. A file's layers are its model's base.json and every file of the
 * same year folder whose name, followed by "_", starts its own name (shortest first): so `q4_e_tron_sportback_50`
 * sits on `q4_e_tron_sportback`, which sits on `q4_e_tron`.
 */
export function compileRecords(files: ReadonlyMap<string, string>): CompiledRecord[] {
  const parsed = new Map<string, Json>();
  const json = (path: string) => {
    let value = parsed.get(path);
    if (value === undefined) {
      value = parse(path, files.get(path)!);
      parsed.set(path, value);
    }
    return value;
  };
  const yearFiles = [...files.keys()].filter((path) => YEAR_FILE.test(path)).sort();
  return yearFiles.map((path) => {
    const [, make, model, year, name] = YEAR_FILE.exec(path)!;
    const folder = `src/${make}/${model}/${year}/`;
    const base = `src/${make}/${model}/base.json`;
    const below = yearFiles
      .filter((other) => other.startsWith(folder) && other !== path)
      .map((other) => other.slice(folder.length, -'.json'.length))
      .filter((other) => name!.startsWith(`${other}_`))
      .sort((a, b) => a.length - b.length)
      .map((other) => `${folder}${other}.json`);
    const layers = [...(files.has(base) ? [base] : []), ...below, path];
    return {
      path,
      layers,
      json: layers.reduce<Json>((merged, layer) => deepMerge(merged, json(layer)), {}),
      ownKeys: Object.keys(json(path)),
    };
  });
}
