import { loadDataset } from './build/data/dataset.ts';
import { EdgeHistory } from './build/release/edge-history.ts';
import { renderSite } from './build/render/site.ts';
import { createDocumentValidator } from './build/api/validate-documents.ts';
const root = process.argv[2]!;
let t = performance.now();
const data = await loadDataset(root);
console.log('load', Math.round(performance.now() - t)); t = performance.now();
let n = 0, bytes = 0;
const docs: any[] = [];
for (const f of renderSite(data, 'x', new EdgeHistory(root + '/data', data, 'provisional'))) { n++; bytes += f.body.length; }
console.log('render', Math.round(performance.now() - t), n, bytes); t = performance.now();
const v = createDocumentValidator();
for (const f of renderSite(data, 'x', new EdgeHistory(root + '/data', data, 'provisional'))) { if (f.kind) v(f.path, f.kind, f.document); }
console.log('render+validate', Math.round(performance.now() - t));
