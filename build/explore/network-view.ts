// The explorer's networks (extension): under a vehicle's answer, each charging network of the region with whether it
// admits the car, its best and worst answer (model, state, kW) and its sentence; and a network's own view, its access
// terms and the charger models it runs per region, each a link to that charger's view.
import type { NetworkAnswerInfo, NetworkInfo, VehicleNetworks } from '../api/network-schemas.ts';
import { REGION_TABLE, type Region } from '../core/regions.ts';
import { h, isModifiedClick } from './dom.ts';
import { formatKw } from './labels.ts';
import { networkPath, vehicleNetworksPath, type Kind } from './view-state.ts';

export interface NetworkActions {
  hrefOf(side: Kind, slug: string, region?: Region): string;
  open(side: Kind, slug: string, region?: Region): void;
}

const regionName = (region: Region) => REGION_TABLE.find((r) => r.id === region)!.name;

/** A link to another view of the explorer, opened in place unless the click asks for a new tab. */
function viewLink(actions: NetworkActions, side: Kind, slug: string, text: string, region?: Region): HTMLAnchorElement {
  const link = h('a', { href: actions.hrefOf(side, slug, region) }, text);
  link.addEventListener('click', (event) => {
    if (isModifiedClick(event)) return;
    event.preventDefault();
    actions.open(side, slug, region);
  });
  return link;
}

/** "Alpitronic Hypercharger HYC300: ok, 220 kW" with the state as a badge. */
function answerCell(label: string, answer: NetworkAnswerInfo | null, actions: NetworkActions): HTMLElement {
  if (!answer) return h('td', { 'data-label': label }, '—');
  return h(
    'td',
    { 'data-label': label, 'data-state': answer.state },
    viewLink(actions, 'charger', answer.charger, answer.name),
    ' ',
    h('span', { class: `badge state-${answer.state}` }, answer.state),
    ` ${formatKw(answer.kw)} kW`,
  );
}

const ADMITTED_WORDS = { yes: 'yes', 'some-sites': 'at some sites', no: 'no' } as const;

/** The "Networks" section under a vehicle's answer: one row per network of the region, its sentence under it. */
export function vehicleNetworksSection(document: VehicleNetworks, actions: NetworkActions): HTMLElement {
  const titleId = 'networks-title';
  const head = h('tr', {}, ...['Network', 'Admitted', 'Best', 'Worst'].map((name) => h('th', { scope: 'col' }, name)));
  const rows = document.networks.flatMap((network) => [
    h(
      'tr',
      { class: 'explained', 'data-network': network.network, 'data-admitted': network.admitted },
      h('th', { scope: 'row', 'data-label': 'Network' }, viewLink(actions, 'network', network.network, network.name)),
      h('td', { 'data-label': 'Admitted' }, ADMITTED_WORDS[network.admitted]),
      answerCell('Best', network.best, actions),
      answerCell('Worst', network.worst, actions),
    ),
    h(
      'tr',
      { class: 'why', 'data-summary-for': network.network },
      h('td', { colspan: '4', 'data-label': 'In a sentence' }, h('p', { class: 'answer' }, network.summary)),
    ),
  ]);
  const apiPath = vehicleNetworksPath(document.slug, document.region);
  return h(
    'section',
    { class: 'networks', 'aria-labelledby': titleId },
    h(
      'h3',
      { id: titleId },
      `Networks in ${document.region} `,
      h('span', { class: 'count' }, `(${document.networks.length})`),
    ),
    h(
      'p',
      { class: 'meaning' },
      'The charging networks of the region: the best and the worst answer among the charger models each runs there. ',
      'As JSON: ',
      h('a', { href: apiPath }, apiPath),
      '.',
    ),
    document.networks.length === 0
      ? h('p', { class: 'empty' }, `No network of ${document.region} is on record.`)
      : h('table', { 'aria-labelledby': titleId }, h('thead', {}, head), h('tbody', {}, ...rows)),
  );
}

/** A network's view: its regions (the chosen one first), each with its access terms, site count and models. */
export function renderNetwork(
  container: HTMLElement,
  network: NetworkInfo,
  region: Region,
  actions: NetworkActions,
): HTMLElement {
  const title = h('h2', { id: 'result-title', tabindex: -1 }, `${network.name}: charger models per region`);
  const regions = [...network.regions].sort((a, b) => Number(b.region === region) - Number(a.region === region));
  const sections = regions.map((here) => {
    const titleId = `network-${here.region}`;
    const access =
      here.access === 'open'
        ? 'open to any EV'
        : here.access === 'partly-open'
          ? `partly open (everywhere: ${here.access_brands.join(', ')}; other brands at some sites)`
          : `only ${here.access_brands.join(', ')}`;
    const sites = here.dc_sites === null ? '' : `; ${here.dc_sites} DC sites (as of ${here.dc_sites_as_of ?? '?'})`;
    return h(
      'section',
      { class: 'network-region', 'data-region': here.region, 'aria-labelledby': titleId },
      h(
        'h3',
        { id: titleId },
        `${here.region} (${regionName(here.region)}) `,
        h('span', { class: 'count' }, `(${here.models.length} models)`),
      ),
      h('p', { class: 'meaning' }, `Access: ${access}${sites}.`),
      here.hardware_known
        ? h(
            'ul',
            { class: 'models' },
            ...here.models.map((model) =>
              h(
                'li',
                { 'data-slug': model.charger },
                viewLink(actions, 'charger', model.charger, model.name, here.region),
                model.note ? ` (${model.note})` : '',
                h('span', { class: 'kind' }, ` · ${model.sources.map((source) => source.title).join('; ')}`),
              ),
            ),
          )
        : h('p', { class: 'empty' }, here.hardware_note ?? ''),
    );
  });
  const apiPath = networkPath(network.slug);
  const about = h(
    'p',
    { class: 'about' },
    network.note ? `${network.note}. ` : '',
    'The same answer as JSON: ',
    h('a', { href: apiPath }, apiPath),
    '.',
  );
  container.replaceChildren(title, ...sections, about);
  container.hidden = false;
  return title;
}
