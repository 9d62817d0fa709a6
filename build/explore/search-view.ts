// The search box: the name of what is shown, or the matches of what is typed (links reachable with the arrow keys)
// and their count.
import { h, isModifiedClick } from './dom.ts';
import { findMatches, type Candidate } from './search.ts';
import type { Region } from '../core/regions.ts';
import type { Side } from './view-state.ts';

export interface SearchElements {
  input: HTMLInputElement;
  list: HTMLUListElement;
  count: HTMLElement;
}

export interface SearchActions {
  hrefOf(candidate: Candidate): string;
  pick(candidate: Candidate): void;
}

export class SearchView {
  private shown: Candidate[] = [];
  /** The name of the vehicle or charger shown, kept in the box until the user types something else. */
  private pickLabel: string | null = null;

  private readonly elements: SearchElements;
  private readonly actions: SearchActions;

  constructor(elements: SearchElements, actions: SearchActions) {
    this.elements = elements;
    this.actions = actions;
    elements.input.addEventListener('keydown', (event) => {
      if (event.key === 'Enter') {
        event.preventDefault();
        const first = this.shown[0];
        if (first) actions.pick(first);
      } else if (event.key === 'ArrowDown') {
        event.preventDefault();
        this.focusLink(0);
      } else if (event.key === 'Escape') {
        elements.input.value = '';
        elements.input.dispatchEvent(new Event('input'));
      }
    });
    // The pick's name is selected on focus, so that typing replaces it.
    elements.input.addEventListener('focus', () => {
      if (this.pickLabel !== null && elements.input.value === this.pickLabel) elements.input.select();
    });
    elements.list.addEventListener('keydown', (event) => {
      const links = [...elements.list.querySelectorAll('a')];
      const at = links.indexOf(document.activeElement as HTMLAnchorElement);
      if (event.key === 'ArrowDown') this.focusLink(at + 1);
      else if (event.key === 'ArrowUp') (at <= 0 ? elements.input : links[at - 1])?.focus();
      else if (event.key === 'Escape') elements.input.focus();
      else return;
      event.preventDefault();
    });
  }

  private focusLink(index: number): void {
    const links = this.elements.list.querySelectorAll('a');
    links[Math.min(index, links.length - 1)]?.focus();
  }

  /** Shows the matches of the box's text among `candidates` (null while the lists are not loaded). */
  update(candidates: readonly Candidate[] | null, side: Side, region: Region): void {
    const { input, list, count } = this.elements;
    const query = input.value.trim();
    if (query !== '' && query === this.pickLabel) {
      this.shown = [];
      list.replaceChildren();
      list.hidden = true;
      count.textContent = '';
      return;
    }
    if (candidates === null || query === '') {
      this.shown = [];
      list.replaceChildren();
      list.hidden = true;
      count.textContent =
        candidates === null || query !== ''
          ? ''
          : `${candidates.length} ${side === 'vehicle' ? 'vehicles' : 'charger models'} in the dataset, ` +
            `${candidates.filter((c) => c.regions.includes(region)).length} in ${region}.`;
      return;
    }
    const matches = findMatches(candidates, query, region);
    this.shown = matches.shown;
    list.replaceChildren(
      ...matches.shown.map((candidate) => {
        const link = h(
          'a',
          { href: this.actions.hrefOf(candidate) },
          h('span', { class: 'label' }, candidate.label),
          h('span', { class: 'detail' }, candidate.detail),
        );
        if (!candidate.regions.includes(region)) link.append(h('span', { class: 'elsewhere' }, `not in ${region}`));
        link.addEventListener('click', (event) => {
          if (isModifiedClick(event)) return;
          event.preventDefault();
          this.actions.pick(candidate);
        });
        return h('li', { 'data-slug': candidate.slug, ...(candidate.network ? { 'data-kind': 'network' } : {}) }, link);
      }),
    );
    list.hidden = matches.shown.length === 0;
    const more = matches.total > matches.shown.length ? `, the first ${matches.shown.length} shown` : '';
    count.textContent =
      matches.total === 0
        ? `Nothing matches “${query}”.`
        : `${matches.total} match${matches.total === 1 ? '' : 'es'} (${matches.inRegion} in ${region})${more}. Enter opens ` +
          `the first; arrow keys move through the list.`;
  }

  /** Puts the name of what is shown in the box (or empties it: nothing is shown). */
  showPick(label: string | null): void {
    this.pickLabel = label;
    this.elements.input.value = label ?? '';
  }
}
