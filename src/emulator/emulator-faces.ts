// The parts of an Emulator's JS face (clock, faults, journal, mailbox): the shapes emulator.ts builds.
import type { ClockMode } from '../clock/clock.js';
import type { FaultRuleInput, FaultView } from '../control/fault-schema.js';
import type { JournalEntry, JournalFilter } from '../control/request-journal.js';
import type { MailEntry } from '../control/mailbox-store.js';

export interface EmulatorClock {
  readonly mode: ClockMode;
  /** Emulator time, epoch ms. */
  now(): number;
  iso(): string;
  /** Moves time forward, running every scheduled job that falls due, in order. */
  advance(ms: number): Promise<void>;
  /** Moves time to an epoch-ms or ISO instant (never backwards). */
  set(time: number | string): Promise<void>;
  setMode(mode: ClockMode): Promise<void>;
}

/** Fault rules (contract section 4): applied to every route except /__emulator/*. */
export interface EmulatorFaults {
  /** Validates and adds a rule; a bad rule throws a VALIDATION_ERROR EmulatorError and adds nothing. */
  add(rule: FaultRuleInput): FaultView;
  list(): FaultView[];
  /** Removes one rule by id; false when there was none. */
  remove(id: string): boolean;
  /** Removes every rule; answers how many there were. */
  clear(): number;
}

/** The request journal: what reached the emulator, for assertions. */
export interface EmulatorRequests {
  /** Matching entries, oldest first (`limit`: only the last N). */
  list(filter?: JournalFilter): JournalEntry[];
  /** The newest matching entry. */
  last(filter?: Omit<JournalFilter, 'limit'>): JournalEntry | undefined;
  count(filter?: Omit<JournalFilter, 'limit'>): number;
  clear(): number;
}

/** The mailbox: mails the emulated service sent (free-chat gate links); none leave the machine. */
export interface EmulatorMailbox {
  /** Mails oldest first, optionally only those to one address. */
  list(to?: string): MailEntry[];
  /** The newest mail, optionally to one address. */
  last(to?: string): MailEntry | undefined;
  clear(): number;
}

export interface RouteSummary {
  method: string;
  path: string;
}
