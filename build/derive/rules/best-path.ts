// Rule "best-path": of several paths (connectors, adapters), the edge takes the best one: a usable path before an
// unknown one (whether it charges is then known), a path of the unit's own current before the other current.
import type { CurrentKind, State } from '../../core/vocabulary.ts';
import type { DerivationRule, MissingFigure, PathVerdict } from '../rule.ts';
import { compareVerdicts } from './state-precedence.ts';

const USABLE: ReadonlySet<State> = new Set(['ok', 'limited', 'adp']);

/** Usable, then unknown, then ruled out. */
const standing = (verdict: PathVerdict) => (USABLE.has(verdict.state) ? 0 : verdict.state === 'unk' ? 1 : 2);

/**
 * Best first: a usable path, then a path of the unit's current (a DC-capable car at a DC unit is answered by its DC
 * path, not by the unit's AC socket), then state, then power, then a direct path before an adapter, then connector
 * and adapter id, so the order of rows in data/ never changes the output.
 */
export const compareCandidates =
  (unitKind: CurrentKind) =>
  (a: PathVerdict, b: PathVerdict): number =>
    standing(a) - standing(b) ||
    Number(b.path.current === unitKind) - Number(a.path.current === unitKind) ||
    compareVerdicts(a, b) ||
    Number(a.path.adapter !== null) - Number(b.path.adapter !== null) ||
    a.path.connector.connector.localeCompare(b.path.connector.connector) ||
    (a.path.adapter?.id ?? '').localeCompare(b.path.adapter?.id ?? '');

/**
 * The figures behind an answer: the chosen path's, and where a usable path answers while a path of the unit's own
 * current is unknown, that path's (they would sharpen the answer: with them it may charge faster there).
 */
export function answerMissing(
  verdicts: readonly PathVerdict[],
  chosen: PathVerdict,
  unitKind: CurrentKind,
): MissingFigure[] {
  const missing = [...(chosen.power?.missing ?? [])];
  if (!USABLE.has(chosen.state)) return missing;
  const key = (m: MissingFigure) => `${m.figure.file} ${m.figure.row} ${m.figure.column}`;
  const seen = new Set(missing.map(key));
  for (const verdict of verdicts) {
    if (verdict === chosen || verdict.state !== 'unk' || verdict.path.current !== unitKind) continue;
    for (const m of verdict.power?.missing ?? []) {
      if (m.decides !== 'state' || seen.has(key(m))) continue;
      seen.add(key(m));
      missing.push({ ...m, decides: 'power', kwMin: chosen.kw });
    }
  }
  return missing;
}

export const bestPath: DerivationRule = {
  name: 'best-path',
  stage: 'edge',
  input: 'the verdict of every path',
  conclusion:
    'a usable path answers before an unknown one (the edge is `unk` only when no path is known to work and one may); ' +
    "then a path of the unit's own current (a DC-capable car at a DC unit is answered by its DC path, not by an AC " +
    'socket of the unit); then the best state (ok, limited, adp, unk, no), the highest kW, a direct path before an ' +
    'adapter, connector and adapter id; no path at all → `no`',
  decide(draft) {
    const unitKind = draft.pairing.charger.current_kind;
    draft.verdicts.sort(compareCandidates(unitKind));
    const best = draft.verdicts[0] ?? null;
    draft.best = best;
    draft.state = best?.state ?? 'no';
    draft.kw = best?.kw ?? 0;
    draft.protocols = best?.protocols ?? [];
    draft.reason = best ? best.reason : 'no outlet of the unit meets an inlet of the vehicle, even through an adapter';
    draft.decidedBy = best?.decidedBy ?? 'connector-match';
    draft.missing = best ? answerMissing(draft.verdicts, best, unitKind) : [];
  },
};
