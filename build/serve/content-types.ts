// The type of a served file that no header rule of netlify.toml types, by its extension: the local server sends it,
// and the nginx configuration generated for a mirror (build/mirror/nginx-config.ts) declares the same.
import path from 'node:path';

/** Types by extension, with the charset of text. */
export const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.txt': 'text/plain; charset=utf-8',
  '.atom': 'application/atom+xml; charset=utf-8',
  '.gz': 'application/gzip',
};

/** A file's type by its extension; unknown extensions are bytes. */
export const contentTypeOf = (file: string) => CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream';
