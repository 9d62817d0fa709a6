// An nginx configuration for a mirror folder, generated from the folder's own netlify.toml (never a second copy of the
// routes): the rewrites, the error documents with their statuses, the header rules, CORS preflight and methods.
// What nginx cannot express exactly is listed in NGINX_LIMITS (and in docs/cdn.md).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ALLOWED_METHODS, API_RESPONSE_HEADERS, PREFLIGHT_MAX_AGE } from '../core/request-policy.ts';
import { errorBody, errorCodeOfBody, ERROR_STATUS } from '../core/errors.ts';
import { RATE_LIMIT } from '../core/rate-limit.ts';
import { NOT_A_REGION, REGION_PARAMETER } from '../core/region-parameter.ts';
import { REGIONS } from '../core/regions.ts';
import type { NetlifyConfig, RedirectRule } from '../serve/netlify-config.ts';
import { CONTENT_TYPES } from '../serve/content-types.ts';
import { layout } from '../render/layout.ts';

export const NGINX_LIMITS = [
  'X-RateLimit-Remaining and X-RateLimit-Reset are not sent: nginx cannot count requests per client in a header without a scripting module (njs or Lua).',
  `The limit is approximated by limit_req (${RATE_LIMIT} requests a minute per address, a burst of ${RATE_LIMIT}): ` +
    `a leaky bucket, not the API's fixed 60-second window, and per address, not per IPv6 /64.`,
  'A request nginx itself refuses (bad percent-encoding, an oversized header, dot segments that climb above the ' +
    "root such as /%2e%2e/x) gets nginx's own 400 or 431 page, not the JSON error or the site's 404 page.",
  'Query parameters are compared as sent (percent-encoded), where the CDN decodes them first.',
];

/** A Netlify path pattern as an anchored regular expression (":name" one segment, "*" the rest; a trailing slash allowed). */
function patternOf(from: string): { regex: string; names: string[] } {
  const names: string[] = [];
  const parts = from.split('/').map((segment) => {
    if (segment.startsWith(':')) {
      names.push(segment.slice(1));
      return '([^/]+)';
    }
    if (segment === '*') {
      names.push('splat');
      return '(.*)';
    }
    return segment.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
  });
  return { regex: `^${parts.join('/')}/?$`, names };
}

const quote = (text: string) => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n')}'`;

export interface NginxOptions {
  /** The mirror folder: netlify.toml and public/. */
  folder: string;
  listen: string;
}

/** `add_header … always` lines (nginx sets the type with default_type: Content-Type is left out). */
const addHeaders = (headers: Record<string, string>, indent = '    ') =>
  Object.entries(headers)
    .filter(([name]) => name !== 'Content-Type')
    .map(([name, value]) =>
      value.startsWith('$')
        ? `${indent}add_header ${name} ${value} always;`
        : `${indent}add_header ${name} ${quote(value)} always;`,
    )
    .join('\n');

/**
 * nginx lines that set `$query_<name>` to "=<value>" for the last `<name>=` pair of the query ("" without one), as
 * Netlify's matcher reads it (the value as sent, see NGINX_LIMITS), and `$query_<name>_value` to the value; the region
 * parameter as the request policy passes it on (a value that is not a region becomes NOT_A_REGION).
 */
function queryVariables(rules: readonly RedirectRule[]): string[] {
  const names = [...new Set(rules.flatMap((rule) => Object.keys(rule.query)))];
  const region = quote(`^(=(${REGIONS.join('|')}))?$`);
  return names.flatMap((name) => [
    `set $query_${name} "";`,
    `if ($args ~ ${quote(`^(?:.*&)?${name}=([^&]*)`)}) { set $query_${name} "=$1"; }`,
    ...(name === REGION_PARAMETER
      ? [`if ($query_${name} !~ ${region}) { set $query_${name} "=${NOT_A_REGION}"; }`]
      : []),
    `set $query_${name}_value "";`,
    `if ($query_${name} ~ "^=(.*)$") { set $query_${name}_value $1; }`,
  ]);
}

/** A rule's query conditions as nginx `if`s that append each matched parameter to the rule's variable. */
function queryConditions(rule: RedirectRule, variable: string): string[] {
  return Object.entries(rule.query).map(([name, value]) =>
    value.startsWith(':')
      ? `if ($query_${name} != "") { set ${variable} "\${${variable.slice(1)}}+${name}"; }`
      : `if ($query_${name} = ${quote(`=${value}`)}) { set ${variable} "\${${variable.slice(1)}}+${name}"; }`,
  );
}

/**
 * One netlify.toml rule as nginx lines: a rule whose target is an error document returns its body with the code's
 * status (as the request policy answers it); any other rule rewrites onto its target.
 */
function ruleBlock(rule: RedirectRule, index: number, publicDir: string): string {
  const { regex, names } = patternOf(rule.from);
  const variable = `$rule${index}`;
  const conditions = [`if ($uri ~ ${quote(regex)}) { set ${variable} "path"; }`, ...queryConditions(rule, variable)];
  const wanted = ['path', ...Object.keys(rule.query)].join('+');
  const body = errorDocumentAt(publicDir, rule.to);
  const code = body === null ? null : errorCodeOfBody(body);
  const action =
    code !== null
      ? `return ${rule.status === 200 ? ERROR_STATUS[code] : rule.status} ${quote(body!)};`
      : `rewrite ${quote(regex)} ` +
        `${rule.to.replace(/:([a-z]+)/g, (_m, name: string) => (names.includes(name) ? `$${names.indexOf(name) + 1}` : `$query_${name}_value`))} break;`;
  const query = Object.entries(rule.query)
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const shadow = rule.force ? '' : `      # Unforced: a file at the requested path wins (handled above).\n`;
  return `${shadow}      # ${rule.from}${query ? ` ?${query}` : ''} → ${rule.to} (${rule.status}${rule.force ? ', forced' : ''})
      set ${variable} "";
      ${conditions.join('\n      ')}
      if (${variable} = "${wanted}") { ${action} }`;
}

/** The body of a rule's target when it is a file of the mirror (an error document, maybe), else null. */
function errorDocumentAt(publicDir: string, target: string): string | null {
  try {
    return readFileSync(path.join(publicDir, target.split('?')[0]!), 'utf8');
  } catch {
    return null;
  }
}

/**
 * The headers of the answers the request policy makes itself (preflight, 405, an empty segment): the JSON type, CORS
 * and the limit, as the local server sends them; not the header rules of the files (no Cache-Control, no nosniff).
 */
const policyHeaders = (apiHeaders: Record<string, string>, extra: Record<string, string> = {}) => ({
  ...API_RESPONSE_HEADERS,
  'X-RateLimit-Limit': apiHeaders['X-RateLimit-Limit'] ?? String(RATE_LIMIT),
  ...extra,
});

/** The headers and types every location shares: the API's header rules, the JSON type and a file's own type. */
interface Shared {
  config: NetlifyConfig;
  apiHeaders: Record<string, string>;
  jsonType: string;
}

/** `location /api`: the request policy's own answers (preflight, 405, an empty segment), the limit, then the rules. */
function apiLocation({ config, apiHeaders, jsonType }: Shared, publicDir: string): string {
  const rules = config.redirectRules.map((rule, index) => ({ rule, block: ruleBlock(rule, index, publicDir) }));
  const forced = rules.filter(({ rule }) => rule.force).map(({ block }) => block);
  const unforced = rules.filter(({ rule }) => !rule.force).map(({ block }) => block);
  const preflight = policyHeaders(apiHeaders, {
    'Access-Control-Allow-Methods': ALLOWED_METHODS,
    'Access-Control-Allow-Headers': '$http_access_control_request_headers',
    'Access-Control-Max-Age': String(PREFLIGHT_MAX_AGE),
  });
  return `  location /api {
    # Every answer is JSON with the charset, whatever nginx's mime.types says of .json.
    types { }
    default_type ${jsonType};
${addHeaders(apiHeaders)}
    if ($request_method = OPTIONS) {
${addHeaders(preflight, '      ')}
      # A 204 has no body, so nginx sends no type: the policy's answer has the JSON type all the same.
      add_header Content-Type ${jsonType} always;
      return 204;
    }
    if ($request_method !~ ^(GET|HEAD)$) {
${addHeaders(policyHeaders(apiHeaders, { Allow: ALLOWED_METHODS }), '      ')}
      return 405 ${quote(errorBody('method_not_allowed'))};
    }
    # An empty segment where a slug belongs.
    if ($uri ~ "//") {
${addHeaders(policyHeaders(apiHeaders), '      ')}
      return 400 ${quote(errorBody('slugs_required'))};
    }
    # The query parameters the rules read: the last pair of each, the region as the request policy passes it on.
    ${queryVariables(config.redirectRules).join('\n    ')}
    limit_req zone=open_ev_api burst=${RATE_LIMIT} nodelay;
    limit_req_status 429;
    error_page 429 = @rate_limited;
    error_page 404 = @not_found;

    # Forced rules, then files at their own path, then the other rules in netlify.toml's order.
${forced.join('\n')}
    if (-f $request_filename) { break; }
${unforced.join('\n')}
    try_files $uri =404;
  }

`;
}

/** The documents under /api/ that are not JSON, each with its own type: the feed, the exports and the bundle. */
function fileLocations({ config, apiHeaders }: Shared): string {
  const ownType = (location: string) =>
    quote(config.headersFor(location)['Content-Type'] ?? 'application/octet-stream');
  return `  location = /api/v1/changes.atom {
    types { }
    default_type ${ownType('/api/v1/changes.atom')};
${addHeaders(apiHeaders)}
  }

${config.headerRules
  .filter((rule) => rule.for.startsWith('/api/v1/exports/'))
  .map(
    (rule) => `  location = ${rule.for} {
    types { }
    default_type ${ownType(rule.for)};
${addHeaders({ ...apiHeaders, ...config.headersFor(rule.for) })}
  }

`,
  )
  .join('')}  location ^~ /api/v1/mirror/ {
    types { }
    default_type ${ownType('/api/v1/mirror/x.tar.gz')};
${addHeaders({ ...apiHeaders, ...config.headersFor('/api/v1/mirror/x.tar.gz') })}
  }

`;
}

/** The JSON 404 and 429, an empty segment before /api, and the site outside the API (with the pages' own headers and 404 page). */
function answerLocations({ config, apiHeaders, jsonType }: Shared): string {
  const pageHeaders = config.headersFor('/');
  const fileTypes = Object.entries(CONTENT_TYPES).map(([extension, type]) => {
    const [mime, parameter] = type.split('; ');
    return [extension.slice(1), mime!, parameter === 'charset=utf-8'] as const;
  });
  return `  location @not_found {
    types { }
    default_type ${jsonType};
${addHeaders(apiHeaders)}
    return 404 ${quote(errorBody('not_found'))};
  }

  location @rate_limited {
    types { }
    default_type ${jsonType};
${addHeaders(policyHeaders(apiHeaders, { 'Retry-After': '60', 'Cache-Control': 'no-store' }))}
    return 429 ${quote(errorBody('rate_limit_exceeded'))};
  }

  # Paths that reach the API only once repeated slashes are folded: an empty segment, as the API answers it.
  location ~ "^//+api(/|$)" {
    default_type ${jsonType};
${addHeaders(policyHeaders(apiHeaders))}
    return 400 ${quote(errorBody('slugs_required'))};
  }

  location / {
    # The local server's types, whatever nginx's mime.types says (text/javascript, the charset of text).
    types { ${fileTypes.map(([extension, type]) => `${type} ${extension};`).join(' ')} }
    charset utf-8;
    charset_types ${[...new Set(fileTypes.filter(([, , charset]) => charset).map(([, type]) => type))].join(' ')};
${addHeaders(pageHeaders)}
    try_files $uri $uri/index.html =404;
    # A path that names no file: the site's 404 page, typed as the page it is, with status 404 and the pages' headers
    # (the CDN's answer: netlify.toml has no catch-all rule, which would shadow the pages).
    error_page 404 /${layout.notFoundPage()};
  }
`;
}

/** The nginx `http`-level configuration (a limit zone and one server block) for a mirror folder. */
export function nginxConfig(config: NetlifyConfig, options: NginxOptions): string {
  const publicDir = path.resolve(options.folder, 'public');
  const apiHeaders = config.headersFor('/api/v1');
  const shared: Shared = {
    config,
    apiHeaders,
    jsonType: quote(apiHeaders['Content-Type'] ?? API_RESPONSE_HEADERS['Content-Type']!),
  };
  return `# nginx configuration for a mirror of the Open EV compatibility API, generated by npm run nginx-config from
# ${path.resolve(options.folder, 'netlify.toml')}. Include it in the http block of nginx.conf.
# What nginx cannot express exactly:
${NGINX_LIMITS.map((limit) => `#   - ${limit}`).join('\n')}

limit_req_zone $binary_remote_addr zone=open_ev_api:10m rate=${RATE_LIMIT}r/m;

server {
  listen ${options.listen};
  root ${publicDir};
  merge_slashes off;
  absolute_redirect off;
  server_tokens off;

${apiLocation(shared, publicDir)}${fileLocations(shared)}${answerLocations(shared)}}
`;
}
