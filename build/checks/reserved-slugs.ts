// Check "reserved-slugs": slugs that would collide with API path words.
import type { TableCheck } from './check.ts';

/** Path words of the API that a slug may not take (the CDN collapses "//", so vehicles//compatibility reads as a slug). */
export const RESERVED_SLUGS = ['compatibility'];

export const reservedSlugs: TableCheck = {
  name: 'reserved-slugs',
  severity: 'error',
  description: `Vehicle and charger slugs may not be the API path words ${RESERVED_SLUGS.join(', ')}.`,
  check: (t) =>
    [...t.vehicles, ...t.chargers]
      .filter((row) => RESERVED_SLUGS.includes(row.value.slug))
      .map((row) => ({
        ...row.at('slug'),
        check: 'reserved-slugs',
        message: `slug "${row.value.slug}" is reserved by the API paths`,
      })),
};
