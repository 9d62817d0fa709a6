// The explorer's status line: loading, and every failure in words (429 with its wait, 404, network), never a blank page.
import { RATE_LIMIT, RATE_WINDOW_MS } from '../core/rate-limit.ts';
import type { Problem } from './api-client.ts';
import { h } from './dom.ts';

export interface ProblemContext {
  /** What the failed request was for, e.g. "the chargers of kia-ev6-… in EU". */
  what: string;
  /** What a 404 means here, e.g. "There is no vehicle “x” in the API". */
  missing: string;
  retry(): void;
}

export class StatusView {
  private timer: ReturnType<typeof setInterval> | null = null;

  private readonly element: HTMLElement;

  constructor(element: HTMLElement) {
    this.element = element;
  }

  clear(): void {
    this.stopTimer();
    this.element.replaceChildren();
    this.element.removeAttribute('data-kind');
    this.element.setAttribute('role', 'status');
  }

  loading(what: string): void {
    this.clear();
    this.element.dataset['kind'] = 'loading';
    this.element.append(h('p', {}, `Loading ${what}…`));
  }

  notice(text: string): void {
    this.clear();
    this.element.dataset['kind'] = 'notice';
    this.element.append(h('p', {}, text));
  }

  problem(problem: Problem, context: ProblemContext): void {
    this.clear();
    this.element.dataset['kind'] = problem.kind;
    this.element.setAttribute('role', 'alert');
    const retry = h('button', { type: 'button' }, 'Try again');
    retry.addEventListener('click', () => context.retry());
    if (problem.kind === 'rate-limited') return this.rateLimited(problem.retryAfterSeconds, retry, context);
    this.element.append(h('p', {}, describe(problem, context)), h('p', {}, retry));
  }

  private rateLimited(seconds: number, retry: HTMLButtonElement, context: ProblemContext): void {
    const perMinute = `${RATE_LIMIT} requests per ${RATE_WINDOW_MS / 1000} seconds`;
    const left = h('span', { class: 'countdown' }, String(seconds));
    retry.disabled = true;
    this.element.append(
      h(
        'p',
        {},
        h('strong', {}, 'Too many requests. '),
        `The API allows ${perMinute} from one address, and this address has used them up. Could not load ${context.what}.`,
      ),
      h(
        'p',
        { class: 'wait' },
        `Try again in ${seconds} second${seconds === 1 ? '' : 's'}; the explorer will retry by itself then.`,
        h('span', { 'aria-hidden': 'true' }, ' (', left, ' s left)'),
      ),
      h('p', {}, retry),
    );
    const until = Date.now() + seconds * 1000;
    this.timer = setInterval(() => {
      const remaining = Math.max(0, Math.ceil((until - Date.now()) / 1000));
      left.textContent = String(remaining);
      if (remaining > 0) return;
      this.stopTimer();
      context.retry();
    }, 1000);
  }

  private stopTimer(): void {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
  }
}

export function describe(problem: Problem, { what, missing }: Pick<ProblemContext, 'what' | 'missing'>): string {
  switch (problem.kind) {
    case 'not-found':
      return `Not found: ${missing} (the API answered 404 for ${problem.path}). Check the name, or search for it above.`;
    case 'network':
      return `Could not reach the API to load ${what}: ${problem.detail}. Check the connection and try again.`;
    case 'http':
      return `The API answered ${problem.status}${problem.code ? ` (${problem.code})` : ''} for ${problem.path} while loading ${what}.`;
    case 'rate-limited':
      return `Too many requests: try again in ${problem.retryAfterSeconds} seconds.`;
  }
}
