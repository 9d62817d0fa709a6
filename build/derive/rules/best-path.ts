// Rule "best-path": of several paths (connectors, adapters), the edge takes the best one.
import type { DerivationRule, PathVerdict } from '../rule.ts';
import { compareVerdicts } from './state.ts';

/** Best first: state, then power, then connector and adapter id, so the order of rows in data/ never changes the output. */
export const compareCandidates = (a: PathVerdict, b: PathVerdict): number =>
  compareVerdicts(a, b) ||
  a.path.connector.connector.localeCompare(b.path.connector.connector) ||
  (a.path.adapter?.id ?? '').localeCompare(b.path.adapter?.id ?? '');

export const bestPath: DerivationRule = {
  name: 'best-path',
  stage: 'edge',
  input: 'the verdict of every path',
  conclusion:
    'the best state (ok, limited, adp, unk, no), then the highest kW, then connector and adapter id; no path at all → `no`',
  decide(draft) {
    draft.verdicts.sort(compareCandidates);
    const best = draft.verdicts[0] ?? null;
    draft.best = best;
    draft.state = best?.state ?? 'no';
    draft.kw = best?.kw ?? 0;
    draft.protocols = best?.protocols ?? [];
  },
};
