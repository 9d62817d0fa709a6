// The explorer's entry point: ties the URL (what is shown), the controls, the API client and the views together.
import type { Explain, ExplainEntry } from '../api/explain-schemas.ts';
import type { NetworkInfo, NetworkList, VehicleNetworks } from '../api/network-schemas.ts';
import type { ChargerCompatibility, ChargerList, Vehicle, VehicleCompatibility, VehicleList } from '../api/schemas.ts';
import { isRegion } from '../core/regions.ts';
import { ApiClient, ApiProblem } from './api-client.ts';
import { byId } from './dom.ts';
import { explainKey, renderResult, type ResultActions } from './results-view.ts';
import { renderNetwork, vehicleNetworksSection, type NetworkActions } from './network-view.ts';
import { chargerCandidates, networkCandidates, vehicleCandidates, type Candidate } from './search.ts';
import { SearchView } from './search-view.ts';
import { StatusView } from './status-view.ts';
import {
  compatibilityPath,
  explainPath,
  listPath,
  NETWORK_LIST_PATH,
  networkPath,
  otherSide,
  parseView,
  vehicleNetworksPath,
  vehiclePath,
  viewSearch,
  type Kind,
  type Side,
  type ViewState,
} from './view-state.ts';

/** What a vehicle's answer shows beside its chargers: its own maxima, the reasoning behind each edge, its networks. */
interface VehicleExtras {
  vehicle: Vehicle | null;
  explanations: Map<string, ExplainEntry> | null;
  networks: VehicleNetworks | null;
}

/** The last pick of each side, so that switching side (or going back) keeps it. */
type Remembered = Record<Side, string | null>;
interface HistoryState {
  remembered: Remembered;
}
/** The search lists: the vehicles, and the charger models with the charging networks (networks first). */
type Lists = Record<Side, Candidate[]>;
/** The side whose search box a view shows: a network's view searches the chargers and networks. */
const searchSide = (kind: Kind): Side => (kind === 'network' ? 'charger' : kind);
/** What a request was for, in words, and what its 404 means: for the status line. */
interface Step {
  what: string;
  missing: string;
}

const BASE_TITLE = document.title;
const LISTS_STEP: Step = {
  what: 'the lists of vehicles and chargers',
  missing: 'the API has no list of vehicles or chargers',
};

/** The page's elements the explorer drives (build/render/explore-page.ts writes them). */
function pageElements() {
  const form = byId<HTMLFormElement>('controls');
  return {
    form,
    sideRadios: [...form.querySelectorAll<HTMLInputElement>('input[name="side"]')],
    region: byId<HTMLSelectElement>('region'),
    queryLabel: byId('query-label'),
    query: byId<HTMLInputElement>('query'),
    matches: byId<HTMLUListElement>('matches'),
    matchCount: byId('match-count'),
    result: byId('result'),
    notice: byId('notice'),
    status: byId('status'),
  };
}

class Explorer {
  private readonly api = new ApiClient();
  private readonly elements = pageElements();
  private readonly status = new StatusView(this.elements.status);
  private readonly search: SearchView;
  private readonly actions: ResultActions;
  private readonly networkActions: NetworkActions;
  private view: ViewState;
  private remembered: Remembered;
  private lists: Lists | null = null;
  /** Each show() takes a number; an answer for an older one is dropped. */
  private generation = 0;

  constructor(view: ViewState, remembered: Remembered) {
    this.view = view;
    this.remembered = { ...remembered, ...(view.slug && view.side !== 'network' ? { [view.side]: view.slug } : {}) };
    const { query: input, matches: list, matchCount: count } = this.elements;
    this.search = new SearchView(
      { input, list, count },
      {
        hrefOf: (candidate) => viewSearch(this.pickView(candidate)),
        pick: (candidate) => this.go(this.pickView(candidate), true),
      },
    );
    this.actions = {
      hrefOf: (side, slug) => viewSearch({ side, slug, region: this.view.region }),
      open: (side, slug) => this.go({ side, slug, region: this.view.region }, true),
      switchRegion: (region) => this.go({ ...this.view, region }, true),
    };
    this.networkActions = {
      hrefOf: (side, slug, region) => viewSearch({ side, slug, region: region ?? this.view.region }),
      open: (side, slug, region) => this.go({ side, slug, region: region ?? this.view.region }, true),
    };
  }

  /** The view of a pick from the search list: a pick not sold (or installed) in the region opens in its first region. */
  private pickView(candidate: Candidate): ViewState {
    const { regions, slug } = candidate;
    const region = regions.length === 0 || regions.includes(this.view.region) ? this.view.region : regions[0]!;
    return { side: candidate.network ? 'network' : searchSide(this.view.side), slug, region };
  }

  private async loadLists(): Promise<Lists> {
    if (this.lists) return this.lists;
    const [vehicles, chargers, networks] = await Promise.all([
      this.api.get<VehicleList>(listPath('vehicle')),
      this.api.get<ChargerList>(listPath('charger')),
      // A mirror of a release before the networks has no list: the chargers are searched alone.
      this.api.get<NetworkList>(NETWORK_LIST_PATH).catch(() => ({ count: 0, networks: [] })),
    ]);
    this.lists = {
      vehicle: vehicleCandidates(vehicles),
      charger: [...networkCandidates(networks), ...chargerCandidates(chargers)],
    };
    return this.lists;
  }

  /** The controls as the view says: side, region, the box's label, and the pick's name in the box. */
  private syncControls(): void {
    const { slug, region } = this.view;
    const side = searchSide(this.view.side);
    for (const radio of this.elements.sideRadios) radio.checked = radio.value === side;
    this.elements.region.value = region;
    this.elements.queryLabel.textContent = side === 'vehicle' ? 'Find a vehicle' : 'Find a charger or a network';
    this.elements.query.placeholder = side === 'vehicle' ? 'e.g. kia ev6 2022' : 'e.g. tesla supercharger';
    const candidates = this.lists?.[side] ?? null;
    const picked = (c: Candidate) => c.slug === slug && Boolean(c.network) === (this.view.side === 'network');
    if (candidates) this.search.showPick(slug ? (candidates.find(picked)?.label ?? slug) : null);
    this.search.update(candidates, side, region);
  }

  private async show(focus: boolean): Promise<void> {
    const run = ++this.generation;
    const { side, slug, region } = this.view;
    this.syncControls();
    let step = LISTS_STEP;
    this.status.loading(
      slug ? `the ${side === 'vehicle' ? 'chargers' : 'vehicles'} of ${slug} in ${region}` : step.what,
    );
    this.elements.result.setAttribute('aria-busy', 'true');
    try {
      const lists = await this.loadLists();
      if (run !== this.generation) return;
      this.syncControls();
      if (!slug) return this.showNothing();
      if (side === 'network') {
        step = { what: `the network ${slug}`, missing: `there is no network “${slug}” in the API` };
        const network = await this.api.get<NetworkInfo>(networkPath(slug));
        if (run !== this.generation) return;
        return this.showNetwork(network, focus);
      }
      const subject = lists[side].find((candidate) => candidate.slug === slug) ?? null;
      const name = subject?.label ?? slug;
      step = {
        what: `the ${side === 'vehicle' ? 'chargers' : 'vehicles'} of ${name} in ${region}`,
        missing: `there is no ${side} “${slug}” in the API`,
      };
      const [answer, extras] = await Promise.all([
        this.api.get<VehicleCompatibility | ChargerCompatibility>(compatibilityPath(side, slug, region)),
        side === 'vehicle' ? this.vehicleExtras(slug, region, subject?.regions.includes(region) ?? false) : null,
      ]);
      if (run !== this.generation) return;
      this.showTable(subject, answer, focus, extras);
    } catch (error) {
      if (run !== this.generation) return;
      if (!(error instanceof ApiProblem)) throw error;
      this.clearResult();
      this.status.problem(error.problem, { ...step, retry: () => void this.show(focus) });
    } finally {
      if (run === this.generation) this.elements.result.removeAttribute('aria-busy');
    }
  }

  /**
   * A vehicle's document and explain document, asked for with its chargers; either may be missing (a mirror of an older
   * release has no explain documents): the table is shown without it.
   */
  private async vehicleExtras(slug: string, region: ViewState['region'], soldHere: boolean): Promise<VehicleExtras> {
    const optional = <T>(answer: Promise<T>) => answer.catch(() => null);
    const [vehicle, explain, networks] = await Promise.all([
      optional(this.api.get<Vehicle>(vehiclePath(slug))),
      optional(this.api.get<Explain>(explainPath(slug))),
      // Asked only where the vehicle is on sale (elsewhere the API answers 404); a mirror before the networks: none.
      soldHere ? optional(this.api.get<VehicleNetworks>(vehicleNetworksPath(slug, region))) : null,
    ]);
    return {
      vehicle,
      explanations: explain && new Map(explain.edges.map((entry) => [explainKey(entry.charger, entry.region), entry])),
      networks,
    };
  }

  private showNetwork(network: NetworkInfo, focus: boolean): void {
    const title = renderNetwork(this.elements.result, network, this.view.region, this.networkActions);
    this.elements.result.dataset['for'] = viewSearch(this.view);
    this.status.clear();
    document.title = `${network.name} · ${BASE_TITLE}`;
    if (focus) title.focus();
  }

  private showTable(
    subject: Candidate | null,
    answer: VehicleCompatibility | ChargerCompatibility,
    focus: boolean,
    extras: VehicleExtras | null,
  ) {
    const { slug, region } = this.view;
    const side = searchSide(this.view.side);
    const others = new Map(this.lists![otherSide(side)].map((candidate) => [candidate.slug, candidate]));
    const edges = 'chargers' in answer ? answer.chargers : answer.vehicles;
    const title = renderResult(
      this.elements.result,
      {
        side,
        slug: slug!,
        region,
        subject,
        edges,
        others,
        vehicle: extras?.vehicle,
        explanations: extras?.explanations,
        networks: extras?.networks ? vehicleNetworksSection(extras.networks, this.networkActions) : null,
      },
      this.actions,
    );
    this.elements.result.dataset['for'] = viewSearch(this.view);
    this.status.clear();
    document.title = `${subject?.label ?? slug} in ${region} · ${BASE_TITLE}`;
    if (focus) title.focus();
  }

  private showNothing(): void {
    this.clearResult();
    this.status.clear();
    document.title = BASE_TITLE;
  }

  private clearResult(): void {
    this.elements.result.hidden = true;
    this.elements.result.replaceChildren();
    delete this.elements.result.dataset['for'];
  }

  /** Shows `next` and records it in the URL: a new history entry, or (same URL, or a correction) the current one. */
  go(next: ViewState, focus: boolean, mode: 'push' | 'replace' = 'push'): void {
    this.view = next;
    if (next.slug && next.side !== 'network') this.remembered = { ...this.remembered, [next.side]: next.slug };
    this.elements.notice.hidden = true;
    const url = `${location.pathname}${viewSearch(next)}`;
    const state: HistoryState = { remembered: this.remembered };
    if (mode === 'push' && url !== `${location.pathname}${location.search}`) history.pushState(state, '', url);
    else history.replaceState(state, '', url);
    void this.show(focus);
  }

  /** The controls and the back button change the view. */
  listen(): void {
    const { sideRadios, region, query, form } = this.elements;
    for (const radio of sideRadios) {
      radio.addEventListener('change', () => {
        const side = radio.value === 'charger' ? 'charger' : 'vehicle';
        this.go({ side, slug: this.remembered[side], region: this.view.region }, false);
      });
    }
    region.addEventListener('change', () => {
      if (isRegion(region.value)) this.go({ ...this.view, region: region.value }, false);
    });
    query.addEventListener('input', () =>
      this.search.update(
        this.lists?.[searchSide(this.view.side)] ?? null,
        searchSide(this.view.side),
        this.view.region,
      ),
    );
    form.addEventListener('submit', (event) => event.preventDefault());
    window.addEventListener('popstate', (event) => {
      this.view = parseView(location.search).view;
      this.remembered = { ...this.remembered, ...(event.state as HistoryState | null)?.remembered };
      if (this.view.slug && this.view.side !== 'network') this.remembered[this.view.side] = this.view.slug;
      this.elements.notice.hidden = true;
      void this.show(false);
    });
  }

  /** Says what in the URL was not understood (and was replaced). */
  noticeProblems(problems: readonly string[]): void {
    if (problems.length === 0) return;
    this.elements.notice.textContent = problems.join(' ');
    this.elements.notice.hidden = false;
  }
}

const parsed = parseView(location.search);
const explorer = new Explorer(parsed.view, {
  vehicle: null,
  charger: null,
  ...(history.state as HistoryState | null)?.remembered,
});
explorer.listen();
explorer.go(parsed.view, false, 'replace');
explorer.noticeProblems(parsed.problems);
