// The source tables of data/: one zod schema per file, its columns in order, each column described for contributors.
import { z } from 'zod';
import { REGIONS, REGION_ORDER_TEXT } from '../core/regions.ts';
import { BIDIRECTIONAL_MODES, CURRENT_KINDS, NETWORK_ACCESS, SOURCE_KINDS, STATES } from '../core/vocabulary.ts';
import {
  isoDate,
  list,
  oneOf,
  optionalDate,
  optionalNumber,
  optionalNumberOr,
  optionalOneOf,
  optionalText,
  requiredNumber,
  slug,
  text,
  yamlList,
} from './cells.ts';
import {
  CHARGER_FIGURES,
  figureSourceColumn,
  OUTLET_FIGURES,
  VEHICLE_FIGURES,
  type Figure,
  type FigureSourceColumn,
} from './figure-sources.ts';

const sourceIds = () =>
  list({ required: true }).describe(
    'Space-separated ids of entries in data/sources.yaml that support this row (at least one).',
  );
/**
 * The figure columns of a table: each of its figures (build/data/figure-sources.ts: its cell given here, one for each
 * figure, no more), followed by the column citing its sources, in the list's order.
 */
function figureColumns<F extends Figure, C extends Record<F, z.ZodType>>(
  figures: readonly F[],
  cells: C & Record<Exclude<keyof C, F>, never>,
) {
  const sourcesCell = (figure: F) =>
    list().describe(
      `Space-separated ids of entries in data/sources.yaml that back ${figure}; required when it is filled, empty otherwise.`,
    );
  return Object.fromEntries(
    figures.flatMap((figure) => [
      [figure, cells[figure]],
      [figureSourceColumn(figure), sourcesCell(figure)],
    ]),
  ) as C & Record<FigureSourceColumn<F>, ReturnType<typeof list>>;
}

export const vehicleColumns = z.object({
  slug: slug().describe(
    'Permanent identifier of the variant, used in URLs and as the seed of its UUID: brand-family-trim-year[-market].',
  ),
  brand: text().describe('Manufacturer brand as marketed, e.g. "Hyundai".'),
  family: text().describe('Model name, e.g. "IONIQ 5".'),
  trim: optionalText().describe(
    'Trim or battery/drive variant, e.g. "Long Range AWD"; empty when the model has one variant.',
  ),
  model_year: requiredNumber({ min: 2010, max: 2030, integer: true }).describe('Model year of the variant.'),
  ...figureColumns(VEHICLE_FIGURES, {
    battery_kwh_usable: optionalNumber({ min: 5, max: 250, unit: 'kWh' }).describe(
      'Usable battery capacity in kWh; empty when not published.',
    ),
    architecture_voltage_v: optionalNumber({ min: 200, max: 1000, integer: true, unit: 'V' }).describe(
      'Nominal pack voltage in volts (e.g. 400, 697, 800), or the architecture class value (400 or 800) where only the ' +
        'class is published (the note says so); decides which DC chargers can reach it.',
    ),
    max_dc_kw_oem: optionalNumber({ min: 1, max: 1000, unit: 'kW' }).describe(
      "Manufacturer's peak DC charging power in kW; empty when the variant has no DC charging or it is not published.",
    ),
    boost_dc_kw: optionalNumberOr('yes', { min: 0, max: 1000, unit: 'kW' }).describe(
      'For vehicles above 500 V: peak DC kW on a charger whose maximum output voltage is below the pack voltage ' +
        '(an on-board booster, the inverter as a boost converter, a pack split in halves); 0 = cannot charge there; ' +
        'yes = can, power not stated; empty = unknown.',
    ),
    max_ac_kw_oem: optionalNumber({ min: 1, max: 50, unit: 'kW' }).describe(
      "On-board AC charger's peak power in kW for this market.",
    ),
    ac_phases: optionalNumber({ min: 1, max: 3, integer: true }).describe(
      'Number of AC phases the on-board charger uses (1, 2 or 3).',
    ),
    ac_one_phase_a: optionalNumber({ min: 6, max: 80, integer: true, unit: 'A' }).describe(
      'Highest current in amperes the on-board charger takes when the supply has one phase (e.g. 32; some three-phase ' +
        'cars take 16 or 20 on one phase); empty when no source states it.',
    ),
  }),
  bidirectional: list({ allowed: BIDIRECTIONAL_MODES }).describe(
    'Space-separated subset of V2L V2H V2G offered by the maker for this variant; empty for none.',
  ),
  protocols: list({ itemPattern: /^[A-Za-z0-9-]+$/ }).describe(
    'Space-separated protocol ids (data/protocols.yaml) the vehicle speaks beyond those its inlets imply.',
  ),
  source: list({ required: true }).describe(
    'Space-separated ids of entries in data/sources.yaml that back the variant itself (brand, model, trim, year as ' +
      'sold), its bidirectional modes and protocols (at least one); each figure cites its own in <figure>_source.',
  ),
  note: optionalText().describe('Free text for reviewers, e.g. which source a figure follows where sources disagree.'),
});

export const vehicleRegionColumns = z.object({
  vehicle: slug().describe('Slug of the vehicle (data/vehicles.csv).'),
  region: oneOf(REGIONS).describe(`Region where the variant is sold: ${REGION_ORDER_TEXT}.`),
  ac_inlet: slug().describe(
    'Connector id (data/connectors.yaml) of the AC inlet in that region, e.g. type2, type1, nacs.',
  ),
  dc_inlet: optionalText().describe(
    'Connector id of the DC inlet in that region, e.g. ccs2, ccs1, nacs, chademo; empty when the variant cannot DC charge.',
  ),
  source: sourceIds(),
});

export const chargerColumns = z.object({
  slug: slug().describe(
    'Permanent identifier of the charger model, used in URLs and as the seed of its UUID: brand-model.',
  ),
  brand: text().describe('Manufacturer or network brand, e.g. "Tesla", "ABB".'),
  model: text().describe(
    'Product name as the maker writes it, e.g. "Supercharger V3" (published in the charger list /api/v1/chargers, not in the charger document).',
  ),
  current_kind: oneOf(CURRENT_KINDS).describe('AC for wallboxes and AC posts, DC for fast chargers.'),
  ...figureColumns(CHARGER_FIGURES, {
    nominal_max_kw: requiredNumber({ min: 1, max: 1500, unit: 'kW' }).describe(
      'Nominal maximum output of the unit in kW.',
    ),
    output_voltage_min_v: optionalNumber({ min: 50, max: 1500, unit: 'V' }).describe(
      'DC only: lowest output voltage in volts; empty when not published.',
    ),
    output_voltage_max_v: optionalNumber({ min: 50, max: 1500, unit: 'V' }).describe(
      'DC only: highest output voltage in volts; empty when not published.',
    ),
  }),
  protocols: list({ itemPattern: /^[A-Za-z0-9-]+$/ }).describe(
    'Space-separated protocol ids (data/protocols.yaml) the unit speaks beyond those its connectors imply.',
  ),
  source: sourceIds(),
  note: optionalText().describe('Free text for reviewers.'),
});

export const chargerConnectorColumns = z.object({
  charger: slug().describe('Slug of the charger model (data/chargers.csv).'),
  region: oneOf(REGIONS).describe('Region where the model is installed with this connector.'),
  connector: slug().describe('Connector id (data/connectors.yaml) of the cable or socket.'),
  ...figureColumns(OUTLET_FIGURES, {
    max_kw: optionalNumber({ min: 1, max: 1500, unit: 'kW' }).describe(
      "This connector's power cap in kW; empty means the unit's nominal_max_kw.",
    ),
    max_current_a: optionalNumber({ min: 1, max: 1500, unit: 'A' }).describe(
      'DC: maximum output current in amperes. AC: maximum current per phase.',
    ),
    phases: optionalNumber({ min: 1, max: 3, integer: true }).describe('AC only: number of phases supplied (1 or 3).'),
  }),
  source: sourceIds(),
});

export const observationColumns = z.object({
  vehicle: slug().describe('Slug of the vehicle.'),
  charger: slug().describe('Slug of the charger model.'),
  region: oneOf(REGIONS).describe('Region of the observed pairing.'),
  state: oneOf(STATES).describe('Observed state: ok, adp, limited, no or unk; replaces the derived state.'),
  kw: optionalNumber({ min: 0, max: 1500, unit: 'kW' }).describe(
    'Observed peak power in kW; empty keeps the derived figure (0 is used when state is no).',
  ),
  note: text().describe('What was observed and under which conditions.'),
  source: sourceIds(),
});

export const sourceEntry = z.object({
  id: slug().describe('Identifier that rows cite in their source column.'),
  kind: oneOf(SOURCE_KINDS).describe(
    'oem, regulatory, press, community, testing; dataset for a record of an imported open dataset and the documents ' +
      'only it cites (written by npm run import); derived is reserved for the rules.',
  ),
  title: text().describe('Title of the document as published.'),
  url: z
    .preprocess(
      (raw) => (raw === '' ? null : raw),
      z
        .url({ protocol: /^https?$/, error: 'must be an http(s) URL or null' })
        .refine((url) => new URL(url).username === '' && new URL(url).password === '', {
          error: 'must not hold a user name or password (https://user:pass@…): cite the public address',
        })
        .nullable(),
    )
    .default(null)
    .describe('Address of the document exactly as published, or null. Never a guessed URL.'),
  accessedAt: isoDate().describe('Date the document was read, YYYY-MM-DD, or null.'),
});

export const connectorEntry = z.object({
  id: slug().describe('Connector id used in the CSV files, e.g. ccs2.'),
  name: text().describe('Common name, e.g. "CCS Combo 2 (IEC 62196-3)".'),
  currents: yamlList(oneOf(CURRENT_KINDS))
    .pipe(z.array(z.enum(CURRENT_KINDS)).min(1, 'needs AC, DC or both'))
    .describe('AC, DC or both: what the connector carries.'),
  ac_phases: z
    .preprocess(
      (raw) => raw ?? null,
      z.union([z.literal(1), z.literal(3)], { error: 'must be 1, 3 or null' }).nullable(),
    )
    .default(null)
    .describe(
      'AC only: the most phases the connector has (1 for Type 1 and NACS, 3 for Type 2), so an on-board charger met ' +
        'through a single-phase connector is single-phase there; null for DC-only connectors.',
    ),
});

export const protocolEntry = z.object({
  id: z
    .preprocess(
      (raw) => raw ?? '',
      z.string().regex(/^[A-Za-z0-9-]+$/, 'must be letters, digits and hyphens, e.g. ISO15118-2'),
    )
    .describe('Protocol id as published in edges, e.g. ISO15118-2.'),
  name: text().describe('Full name of the standard or protocol.'),
  current: oneOf(CURRENT_KINDS).describe('AC or DC.'),
  implied_by: yamlList(slug()).describe(
    'Connector ids whose use implies this protocol on both sides (e.g. DIN70121 for ccs1 and ccs2).',
  ),
  proprietary_to: z
    .preprocess((raw) => (raw === '' ? null : (raw ?? null)), z.string().min(1).nullable())
    .default(null)
    .describe(
      "A maker's own protocol: the brand (as vehicles.csv and chargers.csv spell it) whose vehicles and chargers alone " +
        "speak it, e.g. Tesla; null for open standards. A unit that speaks only another brand's own protocol cannot " +
        'charge a vehicle (a known incompatibility, not a gap).',
    ),
});

export const adapterEntry = z.object({
  id: slug().describe('Adapter id.'),
  name: text().describe('Product or common name.'),
  current: oneOf(CURRENT_KINDS).describe('AC or DC: the current the adapter carries.'),
  vehicle_inlet: slug().describe('Connector id on the vehicle side.'),
  charger_connector: slug().describe('Connector id on the charger side.'),
  regions: yamlList(oneOf(REGIONS))
    .pipe(z.array(z.enum(REGIONS)).min(1, 'needs at least one region'))
    .describe('Regions where the adapter is sold and accepted.'),
  max_kw: z
    .preprocess(
      (raw) => (raw === '' ? null : raw),
      z.number({ error: 'must be a number or null' }).positive().nullable(),
    )
    .default(null)
    .describe('Power cap of the adapter in kW, or null when unknown.'),
  brands: yamlList(text())
    .pipe(z.array(z.string()).min(1, 'needs at least one brand'))
    .describe(
      'Vehicle brands the programme covers (spelled as in vehicles.csv): the adapter applies to their vehicles only.',
    ),
  families: yamlList(text()).describe('Model families the programme covers; empty for every family of the brands.'),
  model_years: z
    .preprocess(
      (raw) => raw ?? null,
      z
        .strictObject({ from: z.int().min(2010).max(2030).nullable(), to: z.int().min(2010).max(2030).nullable() })
        .nullable(),
    )
    .describe('{from, to}: the model years covered (either may be null: open-ended); null for all.'),
  chargers: yamlList(slug()).describe(
    'Charger slugs the programme admits (e.g. the Superchargers open to adapter users); empty for any charger with the connector.',
  ),
  starts: isoDate().describe(
    'Day the programme opened, YYYY-MM-DD; the adapter applies from releases on or after it. null when the day is not known.',
  ),
  source: yamlList(slug()).pipe(z.array(z.string()).min(1, 'needs at least one source id')).describe('Source ids.'),
  note: optionalText().describe('Conditions, e.g. how owners get the adapter.'),
});

export const bestSellerColumns = z.object({
  region: oneOf(REGIONS).describe('Region of the registration statistics.'),
  rank: requiredNumber({ min: 1, max: 100, integer: true }).describe(
    'Rank of the model family among battery-electric cars sold there in the period.',
  ),
  brand: text().describe('Brand, spelled as in vehicles.csv.'),
  family: text().describe(
    'Model family as the statistics name it, spelled as in vehicles.csv; where vehicles.csv knows the family under ' +
      'several names (a rename, a market name), every name, separated by " | " (e.g. "Niro EV | e-Niro").',
  ),
  units: optionalNumber({ min: 1, max: 10_000_000, integer: true }).describe(
    'Registrations or sales summed over the period, where published; empty when only the rank is.',
  ),
  period: text().describe('Years the figures cover, e.g. 2021-2025.'),
  source: sourceIds(),
});

export const aliasColumns = z.object({
  kind: oneOf(['vehicle', 'charger'] as const).describe('vehicle or charger.'),
  old_slug: slug().describe('A slug that was published and must keep answering.'),
  new_slug: slug().describe('The slug it now stands for: the old URLs answer with its documents.'),
  note: text().describe('Why the slug changed.'),
});

export const platformColumns = z.object({
  slug: slug().describe('Identifier of the vehicle platform, e.g. hyundai-e-gmp.'),
  name: text().describe('The maker\'s name for it, e.g. "E-GMP".'),
  voltage_class_v: optionalNumber({ min: 200, max: 1000, integer: true, unit: 'V' }).describe(
    'The pack voltage class (400 or 800) a source gives for the platform; a variant on it without its own ' +
      'architecture_voltage_v inherits it. Empty when no source states it.',
  ),
  boost: optionalOneOf(['yes', 'no'] as const).describe(
    'yes: a source says its 800 V-class variants charge at DC units whose maximum voltage is below their pack ' +
      '(an on-board booster, the inverter as a boost converter, a pack split in halves); no: a source says they ' +
      "cannot; empty: no source says. A variant's own boost_dc_kw wins.",
  ),
  boost_dc_kw: optionalNumber({ min: 1, max: 1000, unit: 'kW' }).describe(
    'With boost yes: the power of that boost path where a source states it; empty = "has a boost path, power not ' +
      'stated".',
  ),
  source: list({ required: true }).describe(
    "Space-separated ids of entries in data/sources.yaml that state the platform's facts (at least one).",
  ),
  note: optionalText().describe('Free text for reviewers: which source says what.'),
});

export const platformMemberColumns = z.object({
  platform: slug().describe('Slug of the platform (data/platforms.csv).'),
  brand: text().describe('Brand, spelled as in vehicles.csv.'),
  family: text().describe(
    'Model family, spelled as in vehicles.csv: every variant of it in the years below is on the platform.',
  ),
  model_year_from: optionalNumber({ min: 2010, max: 2030, integer: true }).describe(
    'First model year the source puts on the platform; empty: from the first.',
  ),
  model_year_to: optionalNumber({ min: 2010, max: 2030, integer: true }).describe(
    'Last model year the source puts on the platform; empty: to the last.',
  ),
  source: list({ required: true }).describe(
    'Space-separated ids of entries in data/sources.yaml that say this family is built on the platform.',
  ),
});

export const networkColumns = z.object({
  slug: slug().describe(
    'Permanent identifier of the charging network (operator brand), used in URLs, e.g. ionity, tesla-supercharger.',
  ),
  name: text().describe('The brand name as drivers know it, e.g. "IONITY", "Electrify America".'),
  source: list({ required: true }).describe(
    'Space-separated ids of entries in data/sources.yaml showing the network exists under this name (at least one).',
  ),
  note: optionalText().describe('Free text for reviewers.'),
});

export const networkRegionColumns = z.object({
  network: slug().describe('Slug of the network (data/networks.csv).'),
  region: oneOf(REGIONS).describe(`Region the network operates in: ${REGION_ORDER_TEXT}.`),
  dc_sites: optionalNumber({ min: 0, max: 1_000_000, integer: true }).describe(
    'Number of DC charging sites the network runs in the region, as a cited source gives it; empty when none does.',
  ),
  dc_sites_as_of: optionalDate().describe(
    'The day the dc_sites figure describes, YYYY-MM-DD; required when dc_sites is filled, empty otherwise.',
  ),
  dc_sites_source: list().describe(
    'Space-separated ids of entries in data/sources.yaml that give dc_sites; required when it is filled, empty otherwise.',
  ),
  access: oneOf(NETWORK_ACCESS).describe(
    'Who may charge there: open (any EV), partly-open (some sites or units admit other brands than access_brands), ' +
      'brand-only (only the brands in access_brands).',
  ),
  access_brands: list().describe(
    'Space-separated vehicle brands (spelled as in vehicles.csv) the network admits everywhere; required unless ' +
      'access is open, empty when it is open.',
  ),
  access_source: list({ required: true }).describe(
    'Space-separated ids of entries in data/sources.yaml that state the access terms (at least one).',
  ),
  note: optionalText().describe('Free text for reviewers, e.g. which sites the partly-open terms cover.'),
});

export const networkChargerColumns = z.object({
  network: slug().describe('Slug of the network (data/networks.csv); it must have a network_regions.csv row there.'),
  region: oneOf(REGIONS).describe('Region where the network runs the charger model.'),
  charger: slug().describe('Slug of the charger model (data/chargers.csv) the network runs there.'),
  source: list({ required: true }).describe(
    'Space-separated ids of entries in data/sources.yaml showing the network runs this model there (at least one).',
  ),
  note: optionalText().describe('Free text, e.g. "older sites" or how many units a source counts.'),
});

export type VehicleRow = z.output<typeof vehicleColumns>;
export type VehicleRegionRow = z.output<typeof vehicleRegionColumns>;
export type ChargerRow = z.output<typeof chargerColumns>;
export type ChargerConnectorRow = z.output<typeof chargerConnectorColumns>;
export type ObservationRow = z.output<typeof observationColumns>;
export type SourceEntry = z.output<typeof sourceEntry>;
export type ConnectorEntry = z.output<typeof connectorEntry>;
export type ProtocolEntry = z.output<typeof protocolEntry>;
export type AdapterEntry = z.output<typeof adapterEntry>;
export type BestSellerRow = z.output<typeof bestSellerColumns>;
export type AliasRow = z.output<typeof aliasColumns>;
export type PlatformRow = z.output<typeof platformColumns>;
export type PlatformMemberRow = z.output<typeof platformMemberColumns>;
export type NetworkRow = z.output<typeof networkColumns>;
export type NetworkRegionRow = z.output<typeof networkRegionColumns>;
export type NetworkChargerRow = z.output<typeof networkChargerColumns>;

/** Every file of data/, in load order. `key` names the collection in the loaded dataset. */
export const TABLES = {
  sources: { file: 'sources.yaml', schema: sourceEntry },
  connectors: { file: 'connectors.yaml', schema: connectorEntry },
  protocols: { file: 'protocols.yaml', schema: protocolEntry },
  adapters: { file: 'adapters.yaml', schema: adapterEntry },
  vehicles: { file: 'vehicles.csv', schema: vehicleColumns },
  vehicleRegions: { file: 'vehicle_regions.csv', schema: vehicleRegionColumns },
  chargers: { file: 'chargers.csv', schema: chargerColumns },
  chargerConnectors: { file: 'charger_connectors.csv', schema: chargerConnectorColumns },
  observations: { file: 'observations.csv', schema: observationColumns },
  bestSellers: { file: 'best_sellers.csv', schema: bestSellerColumns },
  aliases: { file: 'aliases.csv', schema: aliasColumns },
  platforms: { file: 'platforms.csv', schema: platformColumns, optional: true },
  platformMembers: { file: 'platform_members.csv', schema: platformMemberColumns, optional: true },
  networks: { file: 'networks.csv', schema: networkColumns, optional: true },
  networkRegions: { file: 'network_regions.csv', schema: networkRegionColumns, optional: true },
  networkChargers: { file: 'network_chargers.csv', schema: networkChargerColumns, optional: true },
} as const;

export type TableName = keyof typeof TABLES;
