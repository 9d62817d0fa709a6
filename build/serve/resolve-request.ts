// Decides which file of the published tree answers a request path, and with which status, the way Netlify's CDN does.
import { normalisePath, type NormalisedPath } from '../core/request-path.ts';
import type { NetlifyConfig } from './netlify-config.ts';
import type { SiteFiles } from './site-files.ts';

export interface Resolution {
  /** File to send, relative to public/ (null only when not even 404.html exists). */
  file: string | null;
  status: number;
}

const NOT_FOUND_PAGE = ['404.html'];

/**
 * Netlify's order: a forced rule always applies; an unforced rule is shadowed by a file at the requested path;
 * a rule's target that does not exist gives 404.html with status 404 (no fall-through to later rules).
 */
export function resolveRequest(
  config: NetlifyConfig,
  files: SiteFiles,
  path: NormalisedPath,
  query: string,
): Resolution {
  const notFound = (): Resolution => ({ file: files.fileAt(NOT_FOUND_PAGE), status: 404 });
  const requested = files.fileAt(path.segments);
  const rule = config.matchRule(path.path, query);
  if (rule && (rule.force || requested === null)) {
    const target = rule.to.startsWith('/') ? normalisePath(rule.to.split('?')[0]!) : 'not_found';
    const file = typeof target === 'string' ? null : files.fileAt(target.segments);
    return file === null ? notFound() : { file, status: rule.status };
  }
  return requested === null ? notFound() : { file: requested, status: 200 };
}
