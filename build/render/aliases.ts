// Retired slugs (data/aliases.csv): the files a retired slug answers with are copies of its successor's, so that a
// published URL keeps answering without a rule per slug in netlify.toml (and without a redirect).
import type { Region } from '../core/regions.ts';
import type { Dataset } from '../data/dataset.ts';
import { layout } from './layout.ts';

export class SlugAliases {
  /** new slug → the retired slugs that answer with its documents. */
  private readonly vehicles = new Map<string, string[]>();
  private readonly chargers = new Map<string, string[]>();

  constructor(data: Pick<Dataset, 'aliases'>) {
    for (const { kind, old_slug: old, new_slug: current } of data.aliases) {
      const map = kind === 'vehicle' ? this.vehicles : this.chargers;
      map.set(current, [...(map.get(current) ?? []), old]);
    }
  }

  /** The vehicle's retired slugs. */
  ofVehicle(slug: string): readonly string[] {
    return this.vehicles.get(slug) ?? [];
  }

  /** The charger's retired slugs. */
  ofCharger(slug: string): readonly string[] {
    return this.chargers.get(slug) ?? [];
  }

  /** Where the edge's copies go: every pairing of the vehicle's and the charger's slugs but the current pair. */
  edgeCopies(vehicle: string, charger: string, region: Region): string[] {
    const vehicles = [vehicle, ...this.ofVehicle(vehicle)];
    const chargers = [charger, ...this.ofCharger(charger)];
    return vehicles.flatMap((v) =>
      chargers.filter((c) => v !== vehicle || c !== charger).map((c) => layout.edge(v, c, region)),
    );
  }
}
