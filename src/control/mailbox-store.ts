// The emulator's outbox: every mail the emulated service would send (free-chat gate verification
// links) lands here instead of leaving the machine. Harness state, per world, cleared on load and reset.

export interface MailEntry {
  id: string;
  to: string;
  subject: string;
  text: string;
  /** Every link in the mail, in order: what a test follows. */
  links: string[];
  /** ISO 8601, emulator time. */
  at: string;
}

export type OutgoingMail = Omit<MailEntry, 'id' | 'at'>;

/** Keeps the newest this many mails; older ones drop off. */
export const MAILBOX_CAPACITY = 1000;

export class Mailbox {
  private entries: MailEntry[] = [];
  private sent = 0;

  constructor(private readonly iso: () => string) {}

  send(mail: OutgoingMail): MailEntry {
    this.sent++;
    const entry: MailEntry = { id: `mail_${this.sent}`, to: mail.to, subject: mail.subject, text: mail.text, links: [...mail.links], at: this.iso() };
    this.entries.push(entry);
    if (this.entries.length > MAILBOX_CAPACITY) this.entries.shift();
    return entry;
  }

  /** Mails oldest first, optionally only those to one address (case-insensitive). */
  list(to?: string): MailEntry[] {
    const wanted = to?.toLowerCase();
    return this.entries.filter((m) => wanted === undefined || m.to.toLowerCase() === wanted).map((m) => ({ ...m, links: [...m.links] }));
  }

  /** Empties the mailbox; answers how many mails there were. Numbering starts over. */
  clear(): number {
    const n = this.entries.length;
    this.entries = [];
    this.sent = 0;
    return n;
  }
}
