// The explorer's only way to the API: same-origin GETs, one request per URL, every failure a Problem it can explain.
export type Problem =
  | { kind: 'rate-limited'; retryAfterSeconds: number }
  | { kind: 'not-found'; path: string }
  | { kind: 'network'; path: string; detail: string }
  | { kind: 'http'; path: string; status: number; code: string | null };

export class ApiProblem extends Error {
  readonly problem: Problem;

  constructor(problem: Problem) {
    super(problem.kind);
    this.name = 'ApiProblem';
    this.problem = problem;
  }
}

/** Seconds to wait after a 429: Retry-After, else the window's reset, else a whole window. */
export function retryAfterSeconds(headers: Headers, nowMs: number): number {
  const retryAfter = Number(headers.get('Retry-After'));
  if (Number.isFinite(retryAfter) && retryAfter > 0) return Math.ceil(retryAfter);
  const reset = Number(headers.get('X-RateLimit-Reset'));
  if (Number.isFinite(reset) && reset * 1000 > nowMs) return Math.ceil(reset - nowMs / 1000);
  return 60;
}

async function errorCodeOf(response: Response): Promise<string | null> {
  try {
    const body = (await response.json()) as { error?: unknown };
    return typeof body.error === 'string' ? body.error : null;
  } catch {
    return null;
  }
}

export class ApiClient {
  /** Answers (and requests in flight) by path: asking again for a path costs no request. */
  private readonly answers = new Map<string, Promise<unknown>>();
  /** Requests actually sent, for the page's footer and the tests. */
  sent = 0;
  private readonly base: string;
  private readonly now: () => number;

  constructor(base = '', now: () => number = Date.now) {
    this.base = base;
    this.now = now;
  }

  get<T>(path: string): Promise<T> {
    let answer = this.answers.get(path);
    if (!answer) {
      answer = this.fetchJson(path);
      this.answers.set(path, answer);
      // A failure is not kept: asking again retries.
      answer.catch(() => this.answers.delete(path));
    }
    return answer as Promise<T>;
  }

  private async fetchJson(path: string): Promise<unknown> {
    let response: Response;
    this.sent += 1;
    try {
      response = await fetch(`${this.base}${path}`, { headers: { Accept: 'application/json' } });
    } catch (error) {
      throw new ApiProblem({ kind: 'network', path, detail: error instanceof Error ? error.message : String(error) });
    }
    if (response.status === 429)
      throw new ApiProblem({
        kind: 'rate-limited',
        retryAfterSeconds: retryAfterSeconds(response.headers, this.now()),
      });
    if (response.status === 404) throw new ApiProblem({ kind: 'not-found', path });
    if (!response.ok)
      throw new ApiProblem({ kind: 'http', path, status: response.status, code: await errorCodeOf(response) });
    try {
      return await response.json();
    } catch (error) {
      throw new ApiProblem({
        kind: 'network',
        path,
        detail: `the answer was not JSON (${error instanceof Error ? error.message : String(error)})`,
      });
    }
  }
}
