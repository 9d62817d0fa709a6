// Decides which file under public/ answers a request path, and with which status, the way Netlify's CDN does.
import { statSync } from 'node:fs';
import path from 'node:path';
import type { NetlifyConfig } from './netlify-config.ts';

export interface Resolution {
  /** File to send, relative to public/ (null only when not even 404.html exists). */
  file: string | null;
  status: number;
}

const NOT_FOUND_PAGE = '404.html';

/**
 * Splits a raw URL path into decoded segments, or null when a segment is not valid percent-encoding or would
 * step outside public/ once decoded ("..", ".", an encoded slash or backslash, a NUL byte).
 */
export function safeSegments(rawPath: string): string[] | null {
  if (!rawPath.startsWith('/')) return null;
  const segments: string[] = [];
  for (const raw of rawPath.split('/').slice(1)) {
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return null;
    }
    if (segment === '..' || segment === '.' || /[/\\\0]/.test(segment)) return null;
    if (segment !== '') segments.push(segment);
  }
  return segments;
}

/** Finds the file a URL path names under `publicDir`: the file itself, or index.html of a folder. */
export function staticFile(publicDir: string, rawPath: string): string | null {
  const segments = safeSegments(rawPath);
  return segments === null ? null : fileAt(publicDir, segments);
}

/** The file that already-decoded, safe path segments name under `publicDir`, or null. */
function fileAt(publicDir: string, segments: readonly string[]): string | null {
  const relative = segments.join('/');
  const full = path.resolve(publicDir, relative);
  if (full !== publicDir && !full.startsWith(publicDir + path.sep)) return null;
  const stat = statSync(full, { throwIfNoEntry: false });
  if (stat?.isFile()) return relative;
  if (stat?.isDirectory()) {
    const index = path.join(full, 'index.html');
    if (statSync(index, { throwIfNoEntry: false })?.isFile()) return relative === '' ? 'index.html' : `${relative}/index.html`;
  }
  return null;
}

/**
 * Netlify's order: a forced rule always applies; an unforced rule is shadowed by a file at the requested path;
 * a rule's target that does not exist gives 404.html with status 404 (no fall-through to later rules).
 */
export function resolveRequest(config: NetlifyConfig, publicDir: string, rawPath: string, query: string): Resolution {
  const notFound = (): Resolution => ({ file: staticFile(publicDir, `/${NOT_FOUND_PAGE}`), status: 404 });
  const segments = safeSegments(rawPath);
  if (segments === null) return notFound();
  // Rules and files see the same path: percent-encoded unreserved characters (%5F for "_") are decoded first.
  const urlPath = `/${segments.map(encodeURIComponent).join('/')}${rawPath.endsWith('/') && segments.length > 0 ? '/' : ''}`;
  const requested = fileAt(publicDir, segments);
  const rule = config.matchRule(urlPath, query);
  if (rule && (rule.force || requested === null)) {
    const target = rule.to.startsWith('/') ? staticFile(publicDir, rule.to.split('?')[0] as string) : null;
    return target === null ? notFound() : { file: target, status: rule.status };
  }
  return requested === null ? notFound() : { file: requested, status: 200 };
}
