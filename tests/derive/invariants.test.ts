// What every edge of the shipped data and of the mini fixture holds, whatever the rules conclude: a usable edge names
// its protocol, a `no` has a known limit as its reason (never a missing fact), an `unk` names what is missing, and no
// edge's kW is above the cap of the outlet (and adapter) it charges through.
import { describe, expect, it } from 'vitest';
import { REGIONS } from '../../build/core/regions.ts';
import { loadDataset } from '../../build/checks/load-dataset.ts';
import { type Dataset } from '../../build/data/dataset.ts';
import { deriveDraft } from '../../build/derive/derive-edge.ts';
import { outletCapKw } from '../../build/derive/outlet.ts';
import { MINI_FIXTURE, PROJECT_ROOT } from '../helpers/fixture.ts';

/** The missing-fact wording of the rules: never the reason of a `no`. */
const MISSING = /is not known|is on record|known to speak/;

function violations(data: Dataset): string[] {
  const found: string[] = [];
  for (const vehicle of data.vehicles)
    for (const charger of data.chargers)
      for (const region of REGIONS) {
        const draft = deriveDraft(data, vehicle, charger, region);
        if (!draft) continue;
        const at = `${vehicle.slug} × ${charger.slug} (${region}): ${draft.state}`;
        const usable = draft.state === 'ok' || draft.state === 'limited' || draft.state === 'adp';
        if (usable && draft.protocols.length === 0) found.push(`${at} names no protocol`);
        if (!usable && (draft.reason === null || draft.reason === '')) found.push(`${at} has no reason`);
        if (draft.state === 'no' && !draft.observation && MISSING.test(draft.reason ?? ''))
          found.push(`${at} is no for a missing fact: ${draft.reason}`);
        if (draft.state === 'unk' && !draft.observation && !MISSING.test(draft.reason ?? ''))
          found.push(`${at} is unk without naming what is missing: ${draft.reason}`);
        const path = draft.best?.path;
        if (usable && path) {
          const caps = [
            outletCapKw(path.connector, draft.pairing.connectorRows, charger),
            path.adapter?.max_kw ?? null,
          ];
          for (const cap of caps)
            if (cap !== null && draft.kw > cap) found.push(`${at} ${draft.kw} kW is above a ${cap} kW cap`);
        }
      }
  return found;
}

describe('edge invariants', () => {
  it.each([
    ['the shipped data', PROJECT_ROOT],
    ['the mini fixture', MINI_FIXTURE],
  ])('hold on every pairing of %s', (_name, root) => {
    expect(violations(loadDataset(root))).toEqual([]);
  });
});
