// The mirror run's two timeouts: an overall deadline for the whole run, and a stall timeout (the origin sent nothing
// for that long). Either one aborts the run's requests; the reason is the one line the command prints.
import { MirrorError } from './download.ts';

export interface ClockOptions {
  /** Seconds the whole run may take. */
  deadlineSeconds: number;
  /** Seconds the origin may send nothing while an answer is awaited. */
  stallSeconds: number;
  /** The origin, for the messages. */
  origin: string;
}

export interface Clock {
  /** Aborted at the deadline (waits listen to this one: a wait is not a stall). */
  readonly deadline: AbortSignal;
  /** Aborted at the deadline or a stall (requests and downloads listen to this one). */
  readonly signal: AbortSignal;
  /** Something arrived, or a request starts: the stall timer starts again. */
  touch(): void;
  /** Nothing is awaited from the origin (a Retry-After wait): no stall timer until the next touch. */
  pause(): void;
  /** Why the run was aborted, or null while it runs. */
  reason(): MirrorError | null;
  /** Clears both timers (the run is over). */
  stop(): void;
}

export function startClock(options: ClockOptions): Clock {
  const deadline = new AbortController();
  const stall = new AbortController();
  const deadlineTimer = setTimeout(
    () =>
      deadline.abort(
        new MirrorError(
          `${options.origin} did not finish within ${options.deadlineSeconds} s (--timeout): gave up, nothing was changed`,
          { resumable: true },
        ),
      ),
    options.deadlineSeconds * 1000,
  );
  deadlineTimer.unref();
  let stallTimer: NodeJS.Timeout | undefined;
  const signal = AbortSignal.any([deadline.signal, stall.signal]);
  const pause = () => clearTimeout(stallTimer);
  return {
    deadline: deadline.signal,
    signal,
    touch() {
      pause();
      stallTimer = setTimeout(
        () =>
          stall.abort(
            new MirrorError(
              `${options.origin} sent nothing for ${options.stallSeconds} s (--stall-timeout): gave up, nothing was changed`,
              { resumable: true },
            ),
          ),
        options.stallSeconds * 1000,
      );
      stallTimer.unref();
    },
    pause,
    reason: () => (signal.aborted && signal.reason instanceof MirrorError ? signal.reason : null),
    stop() {
      pause();
      clearTimeout(deadlineTimer);
    },
  };
}
