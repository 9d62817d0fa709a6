// Test-only fault injection at the build's write steps, off unless $EV_BUILD_FAULT is set: a kill (SIGKILL of the
// process itself) or a freeze (SIGSTOP: a test looks at the disk, then kills or continues it) after the Nth step, a
// full disk (ENOSPC) at a named phase, or a trace of the steps' names.
import { appendFileSync } from 'node:fs';

/**
 * $EV_BUILD_FAULT, one of:
 * - `kill@N`: the process kills itself with SIGKILL at its Nth fault point (counted per thread);
 * - `stop@N,M,…`: the process stops itself with SIGSTOP at each of these fault points (the disk is then what a kill
 *   there leaves; the test continues it with SIGCONT, or kills it);
 * - `enospc@PHASE`: the fault point named PHASE throws the error a full disk gives (ENOSPC);
 * - `trace@FILE`: every fault point's name is appended to FILE, one a line (to choose kill points from).
 */
let setting = '';
let reached = 0;

/**
 * A step of the build that changes something on disk is over (or a phase ends): the place where a kill or a full disk
 * is simulated. `name`: the phase (a steady name such as "committed"), or the kind of step ("write", "move"). The
 * setting is read at every point (a test may change it between builds of one process; counting starts again then).
 */
export function faultPoint(name: string): void {
  const now = process.env.EV_BUILD_FAULT ?? '';
  if (now === '') return;
  if (now !== setting) {
    setting = now;
    reached = 0;
  }
  const at = now.indexOf('@');
  const kind = now.slice(0, at);
  const argument = now.slice(at + 1);
  reached += 1;
  if (kind === 'kill' && reached === Number(argument)) process.kill(process.pid, 'SIGKILL');
  if (kind === 'stop' && argument.split(',').map(Number).includes(reached)) process.kill(process.pid, 'SIGSTOP');
  if (kind === 'enospc' && argument === name)
    throw Object.assign(new Error(`ENOSPC: no space left on device, write (injected at ${name})`), {
      code: 'ENOSPC',
    });
  if (kind === 'trace') appendFileSync(argument, `${name}\n`);
}
