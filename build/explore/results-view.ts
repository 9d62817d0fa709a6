// The explorer's answer: the other side of the pick as tables grouped by state, or why this region has none; for a
// vehicle, the car's own maxima on top, under each answer the reasoning behind it (its explain entry), and its
// charging networks in the region after the tables.
import { pathText } from '../api/explain-phrases.ts';
import type { ExplainEntry } from '../api/explain-schemas.ts';
import type { Edge, Vehicle } from '../api/schemas.ts';
import { STATE_WORDS } from '../core/glossary.ts';
import { REGION_TABLE, type Region } from '../core/regions.ts';
import { STATES, type State } from '../core/vocabulary.ts';
import { h, isModifiedClick } from './dom.ts';
import { answerWords, capsWords, capWords, missingWords, ownMaximaWords } from './explain-words.ts';
import { formatAdapter, formatConfidence, formatKw, formatProtocols, safeUrl } from './labels.ts';
import type { Candidate } from './search.ts';
import { compatibilityPath, explainPath, otherSide, type Side } from './view-state.ts';

export interface ResultInput {
  side: Side;
  slug: string;
  region: Region;
  /** The picked vehicle or charger as the list names it (null when the list does not know the slug). */
  subject: Candidate | null;
  edges: readonly Edge[];
  /** The other side's list entries by slug, to name each row. */
  others: ReadonlyMap<string, Candidate>;
  /** A vehicle's: its document (its own maxima) and its explain entries by explainKey(); null where not known. */
  vehicle?: Vehicle | null;
  explanations?: ReadonlyMap<string, ExplainEntry> | null;
  /** A vehicle's: its networks in the region (network-view.ts), shown after its chargers' tables; null where not known. */
  networks?: HTMLElement | null;
}

/** An explain entry's key: the charger and the region. */
export const explainKey = (charger: string, region: Region): string => `${charger}\n${region}`;

export interface ResultActions {
  /** Link target and click handler for a row's vehicle or charger (opens its own view). */
  hrefOf(side: Side, slug: string): string;
  open(side: Side, slug: string): void;
  /** Shows the same pick in another region. */
  switchRegion(region: Region): void;
}

const regionName = (region: Region) => REGION_TABLE.find((r) => r.id === region)!.name;
const noun = (side: Side, count: number) =>
  `${side === 'vehicle' ? 'vehicle' : 'charger model'}${count === 1 ? '' : 's'}`;

/** Best first within a state: highest kW, then by name. */
function sortRows(edges: Edge[], nameOf: (edge: Edge) => string): Edge[] {
  return edges.sort((a, b) => b.kw - a.kw || nameOf(a).localeCompare(nameOf(b), 'en'));
}

/** Sources shown before the rest fold away under "n more sources". */
const SOURCES_SHOWN = 3;

function sourcesCell(edge: Edge): HTMLElement {
  if (edge.sources.length === 0) return h('span', {}, '—');
  const items = edge.sources.map((source) => {
    const url = safeUrl(source.url);
    const title = url
      ? h('a', { href: url, rel: 'noopener noreferrer', target: '_blank' }, source.title)
      : h('span', {}, source.title);
    return h('li', { 'data-source': source.id }, title, ' ', h('span', { class: 'kind' }, `(${source.kind})`));
  });
  const shown = h('ul', { class: 'sources' }, ...items.slice(0, SOURCES_SHOWN));
  const rest = items.slice(SOURCES_SHOWN);
  if (rest.length === 0) return shown;
  return h(
    'div',
    {},
    shown,
    h(
      'details',
      {},
      h('summary', {}, `${rest.length} more source${rest.length === 1 ? '' : 's'}`),
      h('ul', { class: 'sources' }, ...rest),
    ),
  );
}

/** The id of the cell that explains an edge's row. */
const whyId = (slug: string) => `why-${slug}`;

function edgeRow(
  edge: Edge,
  other: Side,
  input: ResultInput,
  actions: ResultActions,
  explained: boolean,
): HTMLTableRowElement {
  const slug = other === 'vehicle' ? edge.vehicle : edge.charger;
  const known = input.others.get(slug);
  const link = h(
    'a',
    { href: actions.hrefOf(other, slug), ...(explained ? { 'aria-describedby': whyId(slug) } : {}) },
    known?.label ?? slug,
  );
  link.addEventListener('click', (event) => {
    if (isModifiedClick(event)) return;
    event.preventDefault();
    actions.open(other, slug);
  });
  const cell = (label: string, ...content: (Node | string)[]) => h('td', { 'data-label': label }, ...content);
  return h(
    'tr',
    { 'data-slug': slug, 'data-state': edge.state, ...(explained ? { class: 'explained' } : {}) },
    h(
      'th',
      { scope: 'row', 'data-label': other === 'vehicle' ? 'Vehicle' : 'Charger' },
      link,
      known ? h('span', { class: 'detail' }, known.detail) : null,
    ),
    cell('kW', formatKw(edge.kw)),
    cell('Confidence', formatConfidence(edge.confidence)),
    cell('Protocols', formatProtocols(edge.protocols)),
    cell('Adapter', formatAdapter(edge.adapterRequired)),
    cell('Sources', sourcesCell(edge)),
  );
}

/** The reasoning under an edge's row: the answer in words, the path and caps, each figure not on record. */
function whyRow(edge: Edge, entry: ExplainEntry): HTMLTableRowElement {
  const titles = new Map(edge.sources.map((source) => [source.id, source.title]));
  const facts = [
    entry.path ? `path ${pathText(entry.path)}` : null,
    entry.caps.length > 0 ? `caps on record: ${capsWords(entry.caps)}` : null,
    `decided by the rule ${entry.decidedBy}`,
  ].filter((fact): fact is string => fact !== null);
  const capSources = entry.caps.filter((cap) => cap.sources.length > 0);
  return h(
    'tr',
    { class: 'why', 'data-why-for': edge.charger },
    h(
      'td',
      { colspan: '6', 'data-label': 'Why', id: whyId(edge.charger) },
      h('p', { class: 'answer' }, answerWords(edge, entry)),
      h('p', { class: 'facts' }, `${facts.join('; ')}.`),
      entry.missing.length > 0
        ? h(
            'ul',
            { class: 'missing', 'aria-label': 'Not on record' },
            ...entry.missing.map((m) => h('li', { 'data-decides': m.decides }, `Not on record: ${missingWords(m)}.`)),
          )
        : null,
      capSources.length > 0
        ? h(
            'details',
            {},
            h('summary', {}, 'where the caps come from'),
            h(
              'ul',
              { class: 'sources' },
              ...capSources.map((cap) =>
                h(
                  'li',
                  {},
                  `${capWords(cap.cap)} ${cap.kw} kW: ${cap.sources.map((id) => titles.get(id) ?? id).join('; ')}`,
                ),
              ),
            ),
          )
        : null,
    ),
  );
}

function stateGroup(state: State, edges: Edge[], input: ResultInput, actions: ResultActions): HTMLElement {
  const other = otherSide(input.side);
  const titleId = `state-${state}`;
  const nameOf = (edge: Edge) => input.others.get(other === 'vehicle' ? edge.vehicle : edge.charger)?.label ?? '';
  const head = h(
    'tr',
    {},
    ...[other === 'vehicle' ? 'Vehicle' : 'Charger', 'kW', 'Confidence', 'Protocols', 'Adapter', 'Sources'].map(
      (name) => h('th', { scope: 'col' }, name),
    ),
  );
  return h(
    'section',
    { class: 'group', 'data-state': state, 'aria-labelledby': titleId },
    h(
      'h3',
      { id: titleId },
      h('span', { class: `badge state-${state}` }, state),
      ` ${STATE_WORDS[state].name} `,
      h('span', { class: 'count' }, `(${edges.length})`),
    ),
    h('p', { class: 'meaning' }, STATE_WORDS[state].meaning),
    h(
      'table',
      { 'aria-labelledby': titleId },
      h('thead', {}, head),
      h(
        'tbody',
        {},
        ...sortRows(edges, nameOf).flatMap((edge) => {
          const entry = input.explanations?.get(explainKey(edge.charger, edge.region));
          const row = edgeRow(edge, other, input, actions, entry !== undefined);
          return entry ? [row, whyRow(edge, entry)] : [row];
        }),
      ),
    ),
  );
}

/** Why the table is empty: the pick is not in this region (with buttons to its regions), or nothing pairs with it. */
function emptyNote(input: ResultInput, actions: ResultActions): HTMLElement {
  const regions = input.subject?.regions ?? [];
  const what = input.side === 'vehicle' ? 'This vehicle is not sold' : 'This charger model is not installed';
  if (regions.includes(input.region) || regions.length === 0)
    return h('p', { class: 'empty' }, `No ${noun(otherSide(input.side), 2)} pair with it in ${input.region}.`);
  const buttons = regions.map((region) => {
    const button = h('button', { type: 'button' }, `Show ${region} (${regionName(region)})`);
    button.addEventListener('click', () => actions.switchRegion(region));
    return button;
  });
  return h(
    'div',
    { class: 'empty' },
    h(
      'p',
      {},
      `${what} in ${input.region} (${regionName(input.region)}) according to the dataset; it is listed in ${regions.join(', ')}.`,
    ),
    h('p', { class: 'buttons' }, ...buttons),
  );
}

export function renderResult(container: HTMLElement, input: ResultInput, actions: ResultActions): HTMLElement {
  const other = otherSide(input.side);
  const byState = new Map<State, Edge[]>(STATES.map((state) => [state, []]));
  for (const edge of input.edges) byState.get(edge.state)?.push(edge);
  const name = input.subject?.label ?? input.slug;
  const title = h(
    'h2',
    { id: 'result-title', tabindex: -1 },
    `${other === 'vehicle' ? 'Vehicles' : 'Chargers'} for ${name} in ${input.region}`,
  );
  const counts = STATES.filter((state) => byState.get(state)!.length > 0).map(
    (state) => `${byState.get(state)!.length} ${state}`,
  );
  const summary =
    input.edges.length === 0
      ? emptyNote(input, actions)
      : h(
          'p',
          { class: 'summary' },
          `${input.edges.length} ${noun(other, input.edges.length)} in ${regionName(input.region)}: ${counts.join(', ')}.`,
        );
  const ownMaxima = input.vehicle
    ? h('p', { class: 'own-max' }, `This car's own maximum: ${ownMaximaWords(input.vehicle)}.`)
    : null;
  const apiPath = compatibilityPath(input.side, input.slug, input.region);
  const about = h(
    'p',
    { class: 'about' },
    input.subject ? `${input.subject.detail}. ` : '',
    'The same answer as JSON: ',
    h('a', { href: apiPath }, apiPath),
    ...(input.explanations
      ? ['; why each says what it says: ', h('a', { href: explainPath(input.slug) }, explainPath(input.slug))]
      : []),
    '. kW is the expected peak power (— when there is no figure); ',
    h('a', { href: '#legend' }, 'what the columns mean'),
    '.',
  );
  const groups = STATES.filter((state) => byState.get(state)!.length > 0).map((state) =>
    stateGroup(state, byState.get(state)!, input, actions),
  );
  // The tables come first (on a phone the first row is on the first screen); what the answer is comes after them.
  // The vehicle's networks follow its chargers' tables, before what the answer is.
  container.replaceChildren(
    ...[title, ownMaxima, summary].filter((node) => node !== null),
    ...groups,
    ...(input.networks ? [input.networks] : []),
    about,
  );
  container.hidden = false;
  return title;
}
