// The explorer's entry point: ties the URL (what is shown), the controls, the API client and the views together.
import type { ChargerCompatibility, ChargerList, VehicleCompatibility, VehicleList } from '../api/schemas.ts';
import { isRegion } from '../core/regions.ts';
import { ApiClient, ApiProblem } from './api-client.ts';
import { byId } from './dom.ts';
import { renderResult, type ResultActions } from './results-view.ts';
import { chargerCandidates, vehicleCandidates, type Candidate } from './search.ts';
import { SearchView } from './search-view.ts';
import { StatusView } from './status-view.ts';
import {
  compatibilityPath,
  listPath,
  otherSide,
  parseView,
  viewSearch,
  type Side,
  type ViewState,
} from './view-state.ts';

/** The last pick of each side, so that switching side (or going back) keeps it. */
type Remembered = Record<Side, string | null>;
interface HistoryState {
  remembered: Remembered;
}

const BASE_TITLE = document.title;

function start(): void {
  const api = new ApiClient();
  const form = byId<HTMLFormElement>('controls');
  const regionSelect = byId<HTMLSelectElement>('region');
  const queryLabel = byId('query-label');
  const input = byId<HTMLInputElement>('query');
  const result = byId('result');
  const notice = byId('notice');
  const status = new StatusView(byId('status'));
  const sideRadios = [...form.querySelectorAll<HTMLInputElement>('input[name="side"]')];

  const parsed = parseView(location.search);
  let view: ViewState = parsed.view;
  let remembered: Remembered = { vehicle: null, charger: null, ...(history.state as HistoryState | null)?.remembered };
  if (view.slug) remembered[view.side] = view.slug;
  let lists: Record<Side, Candidate[]> | null = null;
  /** Each show() takes a number; an answer for an older one is dropped. */
  let generation = 0;

  /** The view of a pick from the search list: a pick not sold (or installed) in the region opens in its first region. */
  const pickView = (slug: string): ViewState => {
    const regions = lists?.[view.side].find((candidate) => candidate.slug === slug)?.regions ?? [];
    return { ...view, slug, region: regions.length === 0 || regions.includes(view.region) ? view.region : regions[0]! };
  };
  const search = new SearchView(
    { input, list: byId<HTMLUListElement>('matches'), count: byId('match-count') },
    {
      hrefOf: (slug) => viewSearch(pickView(slug)),
      pick: (slug) => {
        search.clear();
        go(pickView(slug), true);
      },
    },
  );

  const actions: ResultActions = {
    hrefOf: (side, slug) => viewSearch({ side, slug, region: view.region }),
    open: (side, slug) => go({ side, slug, region: view.region }, true),
    switchRegion: (region) => go({ ...view, region }, true),
  };

  async function loadLists(): Promise<Record<Side, Candidate[]>> {
    if (lists) return lists;
    const [vehicles, chargers] = await Promise.all([
      api.get<VehicleList>(listPath('vehicle')),
      api.get<ChargerList>(listPath('charger')),
    ]);
    lists = { vehicle: vehicleCandidates(vehicles), charger: chargerCandidates(chargers) };
    return lists;
  }

  function syncControls(): void {
    for (const radio of sideRadios) radio.checked = radio.value === view.side;
    regionSelect.value = view.region;
    queryLabel.textContent = view.side === 'vehicle' ? 'Find a vehicle' : 'Find a charger';
    input.placeholder = view.side === 'vehicle' ? 'e.g. kia ev6 2022' : 'e.g. tesla supercharger';
    search.update(lists?.[view.side] ?? null, view.side, view.region);
  }

  async function show(focus: boolean): Promise<void> {
    const run = ++generation;
    const { side, slug, region } = view;
    syncControls();
    const listsStep = {
      what: 'the lists of vehicles and chargers',
      missing: 'the API has no list of vehicles or chargers',
    };
    const table = {
      what: `the ${side === 'vehicle' ? 'chargers' : 'vehicles'} of ${slug} in ${region}`,
      missing: `there is no ${side} “${slug}” in the API`,
    };
    let step = listsStep;
    status.loading(slug ? table.what : listsStep.what);
    result.setAttribute('aria-busy', 'true');
    try {
      const loaded = await loadLists();
      if (run !== generation) return;
      search.update(loaded[side], side, region);
      if (!slug) {
        result.hidden = true;
        result.replaceChildren();
        delete result.dataset['for'];
        status.clear();
        document.title = BASE_TITLE;
        return;
      }
      step = table;
      const answer = await api.get<VehicleCompatibility | ChargerCompatibility>(compatibilityPath(side, slug, region));
      if (run !== generation) return;
      const subject = loaded[side].find((candidate) => candidate.slug === slug) ?? null;
      const others = new Map(loaded[otherSide(side)].map((candidate) => [candidate.slug, candidate]));
      const edges = 'chargers' in answer ? answer.chargers : answer.vehicles;
      const title = renderResult(result, { side, slug, region, subject, edges, others }, actions);
      result.dataset['for'] = viewSearch(view);
      status.clear();
      document.title = `${subject?.label ?? slug} in ${region} · ${BASE_TITLE}`;
      if (focus) title.focus();
    } catch (error) {
      if (run !== generation) return;
      if (!(error instanceof ApiProblem)) throw error;
      result.hidden = true;
      result.replaceChildren();
      delete result.dataset['for'];
      status.problem(error.problem, { ...step, retry: () => void show(focus) });
    } finally {
      if (run === generation) result.removeAttribute('aria-busy');
    }
  }

  /** Shows `next` and records it in the URL: a new history entry, or (same URL, or a correction) the current one. */
  function go(next: ViewState, focus: boolean, mode: 'push' | 'replace' = 'push'): void {
    view = next;
    if (next.slug) remembered = { ...remembered, [next.side]: next.slug };
    notice.hidden = true;
    const url = `${location.pathname}${viewSearch(next)}`;
    const state: HistoryState = { remembered };
    if (mode === 'push' && url !== `${location.pathname}${location.search}`) history.pushState(state, '', url);
    else history.replaceState(state, '', url);
    void show(focus);
  }

  for (const radio of sideRadios) {
    radio.addEventListener('change', () => {
      const side = radio.value === 'charger' ? 'charger' : 'vehicle';
      go({ side, slug: remembered[side], region: view.region }, false);
    });
  }
  regionSelect.addEventListener('change', () => {
    if (isRegion(regionSelect.value)) go({ ...view, region: regionSelect.value }, false);
  });
  input.addEventListener('input', () => search.update(lists?.[view.side] ?? null, view.side, view.region));
  form.addEventListener('submit', (event) => event.preventDefault());
  window.addEventListener('popstate', (event) => {
    view = parseView(location.search).view;
    remembered = { ...remembered, ...(event.state as HistoryState | null)?.remembered };
    if (view.slug) remembered[view.side] = view.slug;
    notice.hidden = true;
    void show(false);
  });

  go(view, false, 'replace');
  if (parsed.problems.length > 0) {
    notice.textContent = parsed.problems.join(' ');
    notice.hidden = false;
  }
}

start();
