// The benchmarks' table of figures: each measured value with its target (at most / at least), printed as it is taken
// and again as a table at the end; a figure that misses its target by more than 20 % makes the run fail (exit 1).
import type { Output } from '../../build/cli/command.ts';

export interface Target {
  atMost?: number;
  atLeast?: number;
  actual: number;
  /** The target in words, e.g. "target ≤ 1.3". */
  text: string;
}

export const median = (values: readonly number[]): number =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** "1.23 s (runs: 1.20, 1.23, 1.31)": a median of milliseconds with every run, in seconds. */
export const secondsWithRuns = (ms: readonly number[]): string =>
  `${(median(ms) / 1000).toFixed(2)} s (runs: ${ms.map((m) => (m / 1000).toFixed(2)).join(', ')})`;

export class Figures {
  private readonly rows: [string, string, string][] = [];
  private readonly misses: string[] = [];
  private readonly output: Output;

  constructor(output: Output) {
    this.output = output;
  }

  report(name: string, value: string, target?: Target): void {
    let status = '';
    if (target) {
      const { atMost, atLeast, actual } = target;
      const met = (atMost === undefined || actual <= atMost) && (atLeast === undefined || actual >= atLeast);
      const farOff =
        (atMost !== undefined && actual > atMost * 1.2) || (atLeast !== undefined && actual < atLeast / 1.2);
      status = `${target.text}: ${met ? 'met' : farOff ? 'MISSED by more than 20 %' : 'missed'}`;
      if (farOff) this.misses.push(name);
    }
    this.rows.push([name, value, status]);
    this.output.err(`${name}: ${value}${status ? ` (${status})` : ''}`);
  }

  /** Prints the table; false when a figure missed its target by more than 20 %. */
  print(): boolean {
    const width = Math.max(...this.rows.map(([name]) => name.length));
    this.output.out(`\n${'measure'.padEnd(width)}  result  |  target\n${'-'.repeat(width)}  ${'-'.repeat(48)}`);
    for (const [name, value, status] of this.rows)
      this.output.out(`${name.padEnd(width)}  ${value}${status ? `  |  ${status}` : ''}`);
    if (this.misses.length > 0)
      this.output.out(
        `\n${this.misses.length} figure(s) missed their target by more than 20 %: ${this.misses.join('; ')}`,
      );
    return this.misses.length === 0;
  }
}
