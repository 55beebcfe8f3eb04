// Clock changes from the control API and the JS API: advance, set or switch mode, refusing times a
// Date cannot show and times before now.
import type { Clock } from '../clock/clock.js';
import type { Scheduler } from '../clock/scheduler.js';
import type { ClockChange } from '../control/schema.js';
import { validationError } from '../core/errors.js';

/** The last instant a JavaScript Date can represent (epoch ms). */
const MAX_TIME_MS = 8_640_000_000_000_000;

/** Moves the clock by `advanceMs` or to `set`, running due work; or switches its mode. */
export function changeClock(clock: Clock, scheduler: Scheduler, change: ClockChange): Promise<void> {
  // On a shared database the checks below read the time the other processes left, inside the move.
  const apply = () => applyChange(clock, scheduler, change);
  return scheduler.atomically ? scheduler.atomically(apply) : apply();
}

async function applyChange(clock: Clock, scheduler: Scheduler, change: ClockChange): Promise<void> {
  // Past the last instant a Date can show, every ISO timestamp would throw: refuse it up front.
  const beyond = (path: string) =>
    validationError('The clock cannot pass the last representable instant', [{ path, message: `Beyond ${new Date(MAX_TIME_MS).toISOString()}` }]);
  if ('advanceMs' in change) {
    if (!(clock.now() + change.advanceMs <= MAX_TIME_MS)) throw beyond('advanceMs');
    await scheduler.advance(change.advanceMs);
  } else if ('set' in change) {
    const target = typeof change.set === 'number' ? change.set : Date.parse(change.set);
    if (!(target >= clock.now())) {
      throw validationError('Time never moves backwards', [{ path: 'set', message: `Before the current time ${clock.iso()}` }]);
    }
    if (target > MAX_TIME_MS) throw beyond('set');
    await scheduler.setTime(target);
  } else clock.setMode(change.mode);
}
