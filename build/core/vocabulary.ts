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
