// Rule "best-path": of several paths (connectors, adapters), the edge takes the best one; at a unit of one current, a
// path of that current that is not ruled out answers before any slower path of the other current.
import type { CurrentKind } from '../../core/vocabulary.ts';
import type { DerivationRule, PathVerdict } from '../rule.ts';
import { compareVerdicts } from './state-precedence.ts';

/** A path the driver came to the unit for: its own current (DC at a DC unit), and not ruled out. */
const answersTheUnit = (verdict: PathVerdict, unitKind: CurrentKind) =>
  verdict.path.current === unitKind && verdict.state !== 'no';

/**
 * Best first: a path of the unit's current that is not ruled out, then state, then power, then a direct path before
 * an adapter, then connector and adapter id, so the order of rows in data/ never changes the output.
 */
export const compareCandidates =
  (unitKind: CurrentKind) =>
  (a: PathVerdict, b: PathVerdict): number =>
    Number(answersTheUnit(b, unitKind)) - Number(answersTheUnit(a, unitKind)) ||
    compareVerdicts(a, b) ||
    Number(a.path.adapter !== null) - Number(b.path.adapter !== null) ||
    a.path.connector.connector.localeCompare(b.path.connector.connector) ||
    (a.path.adapter?.id ?? '').localeCompare(b.path.adapter?.id ?? '');

const USABLE = new Set(['ok', 'limited', 'adp']);

/**
 * An unknown path of the same current that could give more than the usable path chosen (its known caps allow more):
 * the edge is then unknown, never answered with the slower path.
 */
export function fasterUnknown(verdicts: readonly PathVerdict[], chosen: PathVerdict): PathVerdict | null {
  if (!USABLE.has(chosen.state)) return null;
  return (
    verdicts.find(
      (v) =>
        v.state === 'unk' &&
        v.path.current === chosen.path.current &&
        (v.power?.upperKw ?? v.power?.kw ?? Infinity) > chosen.kw,
    ) ?? null
  );
}

export const bestPath: DerivationRule = {
  name: 'best-path',
  stage: 'edge',
  input: 'the verdict of every path',
  conclusion:
    "a path of the unit's own current that is not ruled out comes first (a DC-capable car at a DC unit is answered " +
    'by its DC path, never by a slower AC socket while the DC path is unknown); then the best state (ok, limited, ' +
    'adp, unk, no), the highest kW, a direct path before an adapter, connector and adapter id; a usable path never ' +
    'answers while an unknown path could give more (the edge is then `unk`); no path at all → `no`',
  decide(draft) {
    draft.verdicts.sort(compareCandidates(draft.pairing.charger.current_kind));
    const first = draft.verdicts[0] ?? null;
    const best = (first && fasterUnknown(draft.verdicts, first)) ?? first;
    draft.best = best;
    draft.state = best?.state ?? 'no';
    draft.kw = best?.kw ?? 0;
    draft.protocols = best?.protocols ?? [];
    draft.reason = best ? best.reason : 'no outlet of the unit meets an inlet of the vehicle, even through an adapter';
  },
};
