// The emulator clock: the only place that reads the wall clock. Everything else asks it for "now".

export type ClockMode = 'manual' | 'real';

export interface ClockState {
  mode: ClockMode;
  now: number;
}

const wallClock = (): number => Date.now();

export class Clock {
  private currentMode: ClockMode;
  private base: number;
  private wallBase: number;
  private isoAt = Number.NaN;
  private isoText = '';

  constructor(state: ClockState, private readonly wall: () => number = wallClock) {
    this.currentMode = state.mode;
    this.base = state.now;
    this.wallBase = wall();
  }

  get mode(): ClockMode {
    return this.currentMode;
  }

  /** Emulator time in epoch milliseconds. */
  now(): number {
    return this.currentMode === 'manual' ? this.base : this.base + (this.wall() - this.wallBase);
  }

  /** The wall clock's reading: where a `real` clock starts a scenario (contract section 6). */
  wallNow(): number {
    return this.wall();
  }

  iso(): string {
    // Asked on every request (the journal's `at`); a stopped clock gives the same text each time.
    const now = this.now();
    if (now !== this.isoAt) {
      this.isoAt = now;
      this.isoText = new Date(now).toISOString();
    }
    return this.isoText;
  }

  /** Moves time to `time`; the scheduler calls this while it runs due work in order. */
  moveTo(time: number): void {
    if (time < this.now()) throw new RangeError('time never moves backwards');
    this.base = time;
    this.wallBase = this.wall();
  }

  setMode(mode: ClockMode): void {
    this.base = this.now();
    this.wallBase = this.wall();
    this.currentMode = mode;
  }

  /** Starts a new world: used by reset and scenario loads, which may move time backwards. */
  restore(state: ClockState): void {
    this.currentMode = state.mode;
    this.base = state.now;
    this.wallBase = this.wall();
  }

  state(): ClockState {
    return { mode: this.currentMode, now: this.now() };
  }
}
