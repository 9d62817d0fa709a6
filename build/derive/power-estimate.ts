// Turns what a power rule found on one path (the caps on record, the figures it lacked) into the path's estimate: the
// published kW, the range the missing figures leave open, and whether the charger side is the cap.
import type { CapKind, FigureRef, MissingFigure, PowerCap, PowerEstimate } from './rule.ts';

export const round1 = (kw: number) => Math.round(kw * 10) / 10;

/** A cap found by a rule; `conditional` when it applies only for some values of a missing figure (a boost path). */
interface FoundCap extends PowerCap {
  conditional: boolean;
}

export class EstimateBuilder {
  private readonly caps: FoundCap[] = [];
  private readonly missing: Omit<MissingFigure, 'kwMax'>[] = [];
  private readonly unchecked: string[] = [];
  private readonly implied = new Set<string>();
  private impossible: string | null = null;

  cap(cap: CapKind, kw: number, sources: readonly string[], conditional = false): this {
    this.caps.push({ cap, kw: round1(kw), sources: [...new Set(sources)].sort(), conditional });
    return this;
  }

  /** A missing figure that could rule the path out (and could also let it through). */
  decidesState(figure: FigureRef, why: string): this {
    this.missing.push({ figure, decides: 'state', why, kwMin: 0 });
    return this;
  }

  /** A missing figure that changes only the power; `kwMin` the least it could leave (null: not bounded below). */
  decidesPower(figure: FigureRef, why: string, kwMin: number | null): this {
    this.missing.push({ figure, decides: 'power', why, kwMin: kwMin === null ? null : round1(kwMin) });
    return this;
  }

  uncheck(what: string): this {
    this.unchecked.push(what);
    return this;
  }

  imply(rule: string): this {
    this.implied.add(rule);
    return this;
  }

  ruleOut(reason: string): this {
    this.impossible = reason;
    return this;
  }

  /** The smallest cap found so far that surely applies (Infinity when none does). */
  surelyCappedAt(): number {
    return Math.min(...this.caps.filter((c) => !c.conditional).map((c) => c.kw));
  }

  build(): PowerEstimate {
    const vehicleCap = this.caps.find((c) => c.cap === 'vehicle') ?? null;
    const smallest = Math.min(...this.caps.map((c) => c.kw));
    const kw = vehicleCap === null ? 0 : round1(smallest);
    const sure = this.surelyCappedAt();
    const highKw = Number.isFinite(sure) ? sure : null;
    const powerMissing = this.missing.filter((m) => m.decides === 'power');
    const lowKw =
      vehicleCap === null || powerMissing.some((m) => m.kwMin === null)
        ? null
        : Math.min(kw, ...powerMissing.map((m) => m.kwMin!));
    return {
      kw: this.impossible === null ? kw : 0,
      lowKw: this.impossible === null ? lowKw : 0,
      highKw,
      caps: this.caps.map(({ cap, kw: capKw, sources }) => ({ cap, kw: capKw, sources })),
      chargerLimited: this.impossible === null && vehicleCap !== null && kw < vehicleCap.kw,
      impossible: this.impossible,
      missing: this.missing.map((m) => ({ ...m, kwMax: highKw })),
      unchecked: this.unchecked,
      implied: [...this.implied].sort(),
    };
  }
}
