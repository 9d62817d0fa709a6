// Reads netlify.toml with Netlify's own parsers and matcher: redirect rules, header rules and edge function paths.
import { readFile } from 'node:fs/promises';
import { parseAllHeaders } from '@netlify/headers-parser';
import { parseAllRedirects } from '@netlify/redirect-parser';
import redirector from 'netlify-redirector';
import { parse as parseToml } from 'smol-toml';
import { BoundedCache } from './bounded-cache.ts';

export interface RuleMatch {
  /** Target path of the rule, placeholders filled in (still URL-encoded as the request was). */
  to: string;
  status: number;
  force: boolean;
}

export interface RedirectRule {
  from: string;
  query: Record<string, string>;
  to: string;
  status: number;
  force: boolean;
}

export interface NetlifyConfig {
  /** The first redirect rule matching a request path and raw query string, as Netlify's matcher decides (parameters no rule names are ignored). */
  matchRule(path: string, query: string): RuleMatch | null;
  /** Headers of every header rule whose `for` matches the path, later rules overriding earlier ones. */
  headersFor(path: string): Record<string, string>;
  /** Memory the remembered rule matches take (bytes, estimated). */
  readonly matchCacheBytes: number;
  /** Whether an edge function is declared on the path (by a `path` glob or a `pattern` regular expression). */
  hasEdgeFunction(path: string): boolean;
  /** The redirect rules as parsed, in order (for generators of other servers' configurations). */
  redirectRules: readonly RedirectRule[];
  /** The header rules as parsed, for tests and documentation. */
  headerRules: readonly { for: string; values: Record<string, string> }[];
}

interface Matcher {
  match(request: {
    scheme: string;
    host: string;
    path: string;
    query: string;
    getHeader(name: string): string;
    getCookie(name: string): string;
  }): RuleMatch | null;
}

/** Memory the remembered rule matches may take. */
const MATCH_CACHE_BYTES = 16 * 1024 * 1024;

/** `*` in a Netlify path matches anything, including further segments. */
const pathPattern = (glob: string) =>
  new RegExp(
    `^${glob
      .split('*')
      .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*')}/?$`,
  );

export async function loadNetlifyConfig(
  tomlPath: string,
  options: { matchCacheBytes?: number } = {},
): Promise<NetlifyConfig> {
  const { redirects, errors: redirectErrors } = await parseAllRedirects({
    redirectsFiles: [],
    netlifyConfigPath: tomlPath,
    configRedirects: [],
    minimal: false,
  });
  const { headers, errors: headerErrors } = await parseAllHeaders({
    headersFiles: [],
    netlifyConfigPath: tomlPath,
    configHeaders: [],
    minimal: false,
  });
  const errors: Error[] = [...(redirectErrors as Error[]), ...headerErrors];
  if (errors.length > 0) throw new Error(`${tomlPath}: ${errors.map((e) => e.message).join('; ')}`);

  // The matcher takes the parser's rules with `from` renamed to `origin` and `query` to `params`.
  const parsed = redirects as RedirectRule[];
  const rules = parsed.map(({ from, query, ...rule }) => ({ ...rule, origin: from, params: query }));
  // Only the query parameters some rule looks at can change a match; the others are dropped before matching.
  const ruleParameters = new Set(parsed.flatMap((rule) => Object.keys(rule.query ?? {})));
  const routingQuery = (query: string) =>
    query
      .split('&')
      .filter((pair) => ruleParameters.has(pair.split('=')[0]!))
      // No rule value is long, nor any value the request policy passes on (a region id or "invalid"): a longer one
      // can only match a placeholder, which any cut value matches as well.
      .map((pair) => pair.slice(0, 64))
      .join('&');
  const matcher = (await redirector.parseJSON(JSON.stringify(rules), {})) as Matcher;

  const toml = parseToml(await readFile(tomlPath, 'utf8')) as {
    edge_functions?: ({ path: string } | { pattern: string })[];
  };
  const edgePaths = (toml.edge_functions ?? []).map((declaration) =>
    'pattern' in declaration ? new RegExp(declaration.pattern) : pathPattern(declaration.path),
  );
  const headerRules = headers as { for: string; values: Record<string, string>; forRegExp: RegExp }[];

  // Rules never change while the server runs, so a match is remembered per path and query, within a byte budget.
  const matches = new BoundedCache<RuleMatch | null>(
    options.matchCacheBytes ?? MATCH_CACHE_BYTES,
    (key, value) => 2 * key.length + 2 * (value?.to.length ?? 0) + 64,
  );
  return {
    matchRule(path, rawQuery) {
      const query = routingQuery(rawQuery);
      const key = `${path}?${query}`;
      const cached = matches.get(key);
      if (cached !== undefined) return cached;
      const match = matcher.match({
        scheme: 'http',
        host: 'localhost',
        path,
        query,
        getHeader: () => '',
        getCookie: () => '',
      });
      const result = match ? { to: match.to, status: match.status, force: match.force } : null;
      matches.set(key, result);
      return result;
    },
    headersFor(path) {
      const result: Record<string, string> = {};
      for (const rule of headerRules) if (rule.forRegExp.test(path)) Object.assign(result, rule.values);
      return result;
    },
    get matchCacheBytes() {
      return matches.totalBytes;
    },
    hasEdgeFunction: (path) => edgePaths.some((pattern) => pattern.test(path)),
    redirectRules: parsed.map(({ from, query, to, status, force }) => ({
      from,
      query: query ?? {},
      to,
      status,
      force,
    })),
    headerRules: headerRules.map((rule) => ({ for: rule.for, values: rule.values })),
  };
}
