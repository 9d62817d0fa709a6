// The published vocabulary shared by data, derivation and the API: slugs, states, currents, bidirectional modes, source kinds.

/** A slug: lowercase letters and digits in groups joined by single hyphens (contract §1). */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const SLUG_MAX_LENGTH = 96;

export const STATES = ['ok', 'adp', 'limited', 'no', 'unk'] as const;
export type State = (typeof STATES)[number];

export const CURRENT_KINDS = ['AC', 'DC'] as const;
export type CurrentKind = (typeof CURRENT_KINDS)[number];

export const BIDIRECTIONAL_MODES = ['V2L', 'V2H', 'V2G'] as const;

/**
 * What kind of document a source is. `dataset`: a record of an open dataset we import, or a document only such a
 * record cites (we did not open it); `derived` is reserved for the rules' own marker.
 */
export const SOURCE_KINDS = ['oem', 'regulatory', 'press', 'community', 'testing', 'dataset', 'derived'] as const;
export type SourceKind = (typeof SOURCE_KINDS)[number];

/**
 * Who may charge at a network's sites in a region (data/network_regions.csv): `open` any EV, `partly-open` some sites
 * or units admit other brands than its own, `brand-only` only the brands it names.
 */
export const NETWORK_ACCESS = ['open', 'partly-open', 'brand-only'] as const;
export type NetworkAccess = (typeof NETWORK_ACCESS)[number];

/** Whether a network admits a vehicle there, from its access terms and the vehicle's brand (extension). */
export const ADMITTED = ['yes', 'some-sites', 'no'] as const;
export type Admitted = (typeof ADMITTED)[number];
