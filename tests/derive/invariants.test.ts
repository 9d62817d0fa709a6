// What every edge of the shipped data and of the mini fixture holds, whatever the rules conclude (contract §2, §7): a
// usable edge names its protocol; a `no` rests on a known limit, never a missing fact; an `unk` rests on a figure that
// could rule its path out (or a protocol gap) and names it; no kW is above a cap on record; kW is 0 exactly when the
// car's own maximum for the path's current is not on record; confidence stays within the documented bounds.
import { describe, expect, it } from 'vitest';
import { REGIONS } from '../../build/core/regions.ts';
import { loadDataset } from '../../build/checks/load-dataset.ts';
import { type Dataset } from '../../build/data/dataset.ts';
import { deriveDraft, explanationOf } from '../../build/derive/derive-edge.ts';
import { outletCapKw } from '../../build/derive/outlet.ts';
import { DERIVED_CONFIDENCE } from '../../build/derive/rules/confidence.ts';
import { MINI_FIXTURE, PROJECT_ROOT } from '../helpers/fixture.ts';

/** The missing-fact wording of the rules: never the reason of a `no`. */
const MISSING = /is not known|is on record|known to speak/;

function violations(data: Dataset): { found: string[]; usable: number; unknown: number; notOnRecord: number } {
  const found: string[] = [];
  let usableCount = 0;
  let unknownCount = 0;
  let notOnRecord = 0;
  for (const vehicle of data.vehicles)
    for (const charger of data.chargers)
      for (const region of REGIONS) {
        const draft = deriveDraft(data, vehicle, charger, region);
        if (!draft) continue;
        const at = `${vehicle.slug} × ${charger.slug} (${region}): ${draft.state} ${draft.kw} kW`;
        const usable = draft.state === 'ok' || draft.state === 'limited' || draft.state === 'adp';
        const derived = draft.observation === null;
        const best = draft.best;
        const explanation = explanationOf(draft);
        if (usable) usableCount += 1;
        if (usable && draft.protocols.length === 0) found.push(`${at} names no protocol`);
        if (!usable && (draft.reason === null || draft.reason === '')) found.push(`${at} has no reason`);

        // `no` only from a known limit: no physical path, a voltage limit, a known protocol incompatibility.
        if (draft.state === 'no' && derived) {
          if (MISSING.test(draft.reason ?? '')) found.push(`${at} is no for a missing fact: ${draft.reason}`);
          if (best !== null && best.power?.impossible == null && best.protocolGap?.incompatible !== true)
            found.push(`${at} is no without a known limit on its path`);
        }
        // A path ruled out anywhere is ruled out by a known limit.
        for (const verdict of draft.verdicts)
          if (verdict.state === 'no' && verdict.power?.impossible == null && verdict.protocolGap?.incompatible !== true)
            found.push(`${at}: its ${verdict.path.connector.connector} path is no without a known limit`);

        // `unk` only where a figure that could rule the chosen path out, or a protocol gap, is on it.
        if (draft.state === 'unk' && derived) {
          unknownCount += 1;
          if (!MISSING.test(draft.reason ?? '')) found.push(`${at} is unk without naming what is missing`);
          const stateFigure = best?.power?.missing.some((m) => m.decides === 'state') ?? false;
          const gap = best?.protocolGap != null && !best.protocolGap.incompatible;
          if (!stateFigure && !gap)
            found.push(`${at} is unk with no state-deciding figure or protocol gap on its path`);
          if (draft.verdicts.some((v) => v.state === 'ok' || v.state === 'limited' || v.state === 'adp'))
            found.push(`${at} is unk while a usable path exists`);
        }

        if (usable && best) {
          // No kW above a cap on record: the explanation's, and the outlet's and adapter's recomputed here.
          const caps = [
            ...(derived ? explanation.caps.map((c) => ({ name: c.cap, kw: c.kw })) : []),
            { name: 'outlet', kw: outletCapKw(best.path.connector, draft.pairing.connectorRows, charger) },
            { name: 'adapter', kw: best.path.adapter?.max_kw ?? null },
          ];
          if (derived)
            for (const cap of caps)
              if (cap.kw !== null && draft.kw > cap.kw) found.push(`${at} is above its ${cap.name} cap ${cap.kw} kW`);
          if (derived && explanation.caps.length === 0) found.push(`${at} is usable with no cap on record`);

          // kW 0 exactly when the car's own maximum for the path's current is not on record.
          const own = best.path.current === 'DC' ? vehicle.max_dc_kw_oem : vehicle.max_ac_kw_oem;
          if (derived && (draft.kw === 0) !== (own === null))
            found.push(`${at} but the car's ${best.path.current} maximum is ${own ?? 'not on record'}`);
          if (derived && own === null) notOnRecord += 1;

          // Confidence: within [0.30, 1]; at most 0.55 when a power figure leaves the power unbounded or halved.
          if (draft.confidence < DERIVED_CONFIDENCE.floor || draft.confidence > 1)
            found.push(`${at} has confidence ${draft.confidence}`);
          const couldHalve = draft.missing.some(
            (m) => m.decides === 'power' && (m.kwMin === null || m.kwMin <= draft.kw / 2),
          );
          if (derived && couldHalve && draft.confidence > DERIVED_CONFIDENCE.couldHalveCeiling)
            found.push(`${at} has confidence ${draft.confidence} though a missing figure could halve its power`);
        }
      }
  return { found, usable: usableCount, unknown: unknownCount, notOnRecord };
}

/** Each dataset checked once, whichever test asks first. */
const checked = new Map<string, ReturnType<typeof violations>>();
const check = (root: string) => {
  if (!checked.has(root)) checked.set(root, violations(loadDataset(root)));
  return checked.get(root)!;
};

describe('edge invariants', () => {
  it.each([
    ['the shipped data', PROJECT_ROOT],
    ['the mini fixture', MINI_FIXTURE],
  ])('hold on every pairing of %s', (_name, root) => {
    const { found, usable, unknown } = check(root);
    expect(found).toEqual([]);
    // The checks above ran on edges of every kind they speak about.
    expect(usable).toBeGreaterThan(0);
    expect(unknown).toBeGreaterThan(0);
  });

  it('meet usable edges whose power is not on record in the shipped data (kW 0 is exercised)', () => {
    expect(check(PROJECT_ROOT).notOnRecord).toBeGreaterThan(0);
  });
});
