// The reasoning of an edge in short phrases, one spelling for every surface (the exports' CSV cells, the explorer):
// the path it takes, and the power a missing figure leaves open.
import type { ExplainEntry } from './explain-schemas.ts';

/** "DC ccs2→ccs2", or "DC nacs→ccs1 via gm-nacs-dc-adapter": the current, the charger's connector → the car's inlet. */
export const pathText = (path: ExplainEntry['path']): string =>
  path === null
    ? ''
    : `${path.current} ${path.connector}→${path.inlet}${path.adapter === null ? '' : ` via ${path.adapter}`}`;

/** The power a missing figure leaves open: "0–180 kW", "up to 50 kW", "from 50 kW", or nothing when unbounded. */
export function rangeText(kwMin: number | null, kwMax: number | null): string {
  if (kwMin !== null && kwMax !== null) return kwMin === kwMax ? `${kwMin} kW` : `${kwMin}–${kwMax} kW`;
  if (kwMax !== null) return `up to ${kwMax} kW`;
  if (kwMin !== null) return `from ${kwMin} kW`;
  return '';
}
