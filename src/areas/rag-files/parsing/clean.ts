// The cleaners applied to a file's extracted text before chunking (a pure function, so the parse
// worker can run it too and hand back text and chunks in one round trip).

/** Cleaners the emulator applies (emulator-defined names). */
export const CLEANERS = ['whitespace', 'urls', 'emails', 'lowercase'] as const;

export function clean(text: string, cleaners: string[]): string {
  let out = text;
  for (const cleaner of cleaners) {
    if (cleaner === 'urls') out = out.replace(/https?:\/\/\S+/g, '');
    else if (cleaner === 'emails') out = out.replace(/[\w.+-]+@[\w-]+\.[\w.-]+/g, '');
    else if (cleaner === 'lowercase') out = out.toLowerCase();
    else if (cleaner === 'whitespace') out = out.replace(/[ \t]+/g, ' ');
  }
  // What a cleaner removed leaves no double spaces behind.
  return (cleaners.length ? out.replace(/[ \t]{2,}/g, ' ') : out).trim();
}
