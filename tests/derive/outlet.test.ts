// The cap of one outlet: its own max_kw, the unit's nominal only where it is the unit's one outlet type.
import { describe, expect, it } from 'vitest';
import { outletCapKw } from '../../build/derive/outlet.ts';
import { charger, connectorRow } from '../helpers/rows.ts';

const unit = charger({ nominal_max_kw: 180 });

describe('outletCapKw', () => {
  it("is the outlet's own cap when stated, whatever the unit", () => {
    const chademo = connectorRow({ connector: 'chademo', max_kw: 50 });
    expect(outletCapKw(chademo, [connectorRow({ max_kw: 180 }), chademo], unit)).toBe(50);
  });

  it("is the unit's nominal power when the unit has one outlet type (several cables of it included)", () => {
    const ccs = connectorRow();
    expect(outletCapKw(ccs, [ccs], unit)).toBe(180);
    expect(outletCapKw(ccs, [ccs, connectorRow()], unit)).toBe(180);
  });

  it('is unknown for an outlet without a cap on a multi-standard unit', () => {
    const chademo = connectorRow({ connector: 'chademo' });
    expect(outletCapKw(chademo, [connectorRow({ max_kw: 180 }), chademo], unit)).toBeNull();
    const socket = connectorRow({ connector: 'type2' });
    expect(outletCapKw(socket, [connectorRow({ max_kw: 180 }), socket], unit)).toBeNull();
  });
});
