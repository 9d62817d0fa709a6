// `npm run screenshots [-- --out docs]`: the explorer's main views over the built site (public/), in Chromium as the
// tests drive it, saved as the pictures the docs show: a vehicle, a charger, a search, a charger on a phone, and a
// vehicle's charging networks.
import { folder, text } from '../../build/cli/argument-kinds.ts';
import { CommandError, defineCommand, ROOT_OPTION, runAsProgram } from '../../build/cli/command.ts';

export const command = defineCommand(
  {
    name: 'screenshots',
    summary:
      "Serves the built site (npm run build first) and saves the explorer's main views, in Chromium, as PNG files: " +
      'explorer.png (a vehicle, desktop), explorer-charger.png, explorer-search.png (typed words and their matches) ' +
      'explorer-phone.png (a charger at 390 × 844), and two answers with the reasoning under them: ' +
      'explorer-power-not-on-record.png (usable, power not on record) and explorer-unk-missing-figure.png (unk), ' +
      "and explorer-networks.png (a vehicle's charging networks in a region).",
    options: {
      out: { description: 'where the pictures are written', value: folder, default: 'docs' },
      vehicle: {
        description: 'the vehicle shown',
        value: text('slug'),
        default: 'ford-mustang-mach-e-extended-range-rwd-2021-na',
      },
      charger: { description: 'the charger shown', value: text('slug'), default: 'tesla-supercharger-v3' },
      region: { description: 'the region of both views', value: text('region'), default: 'NA' },
      search: { description: 'the words typed in the search view', value: text('words'), default: 'kia ev6' },
      powerNotOnRecord: {
        description: 'the answer of explorer-power-not-on-record.png (usable, its power not on record)',
        value: text('vehicle/charger/region'),
        default: 'bmw-ix-2026-na/tesla-supercharger-v4-cabinet/NA',
      },
      unknown: {
        description: 'the answer of explorer-unk-missing-figure.png (unk, for want of a figure)',
        value: text('vehicle/charger/region'),
        default: 'audi-a6-e-tron-avant-2024-eu/abb-terra-360/EU',
      },
      networks: {
        description: "the vehicle of explorer-networks.png (its networks' best and worst answers in the region)",
        value: text('vehicle/region'),
        default: 'hyundai-ioniq-5-long-range-awd-2022-eu/EU',
      },
      root: ROOT_OPTION,
    },
    examples: [
      'npm run screenshots',
      'npm run screenshots -- --out /tmp --region EU --vehicle kia-ev6-long-range-awd-2022-eu',
    ],
  },
  async ({ options }, output) => {
    const { saveScreenshots } = await import('./screenshot-views.ts');
    try {
      for (const file of await saveScreenshots(options)) output.out(`wrote ${file}`);
    } catch (error) {
      throw new CommandError((error as Error).message);
    }
  },
);

await runAsProgram(import.meta.url, command);
