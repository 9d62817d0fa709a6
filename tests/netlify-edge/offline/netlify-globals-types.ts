// Stands in, offline, for the one remote module Netlify's bundler imports to read an edge function's config
// (https://edge.netlify.com/bootstrap/globals/types.ts): a type-only import, so no value of it is used at run time.
export type NetlifyGlobal = { context: unknown; env: unknown };
