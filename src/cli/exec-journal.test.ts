// The journal `service-emulator exec` prints on failure: one line per request, secrets masked.
import { describe, expect, it } from 'vitest';
import { JOURNAL_LINES, formatJournal, maskSecrets } from './exec-journal.js';

const entry = (path: string, status = 200) => ({ method: 'GET', path, status, keyId: 'key_full', at: '2026-01-01T09:00:01.250Z', durationMs: 1.234 });

describe('formatJournal', () => {
  it('prints a heading and one line per request', () => {
    expect(formatJournal([entry('/api/v1/transcripts'), { ...entry('/x', 0), keyId: null, faultId: 'f1' }], 'exited 3')).toBe(
      'service-emulator exec: the command exited 3; requests it made to the emulator (2):\n' +
        '  09:00:01.250  GET    /api/v1/transcripts  200  1.2 ms  key key_full\n' +
        '  09:00:01.250  GET    /x  dropped  1.2 ms  fault f1\n',
    );
    expect(formatJournal([], 'was ended by SIGTERM')).toBe('service-emulator exec: the command was ended by SIGTERM; it made no request to the emulator\n');
  });

  it('keeps the newest lines of a long journal', () => {
    const text = formatJournal(Array.from({ length: JOURNAL_LINES + 5 }, (_, i) => entry(`/p/${i}`)), 'exited 1');
    expect(text).toContain('(5 earlier not shown)');
    expect(text).not.toContain('/p/4\u0020');
    expect(text).toContain(`/p/${JOURNAL_LINES + 4} `);
  });

  it('masks key secrets, JWTs, codes and refresh tokens in paths', () => {
    const key = `svc_${'a1B2'.repeat(21)}abc`;
    expect(maskSecrets(`/embed/${key}/x`)).toBe('/embed/svc_***/x');
    expect(maskSecrets('/t/eyJhbGciOiJFZERTQSJ9.eyJzdWIiOiJ1In0.c2ln')).toBe('/t/eyJ***');
    expect(maskSecrets('/c/oac_ABCDEFGHIJ/ort_0123456789ab')).toBe('/c/oac_***/ort_***');
    expect(maskSecrets('/api/v1/transcripts/tr_1')).toBe('/api/v1/transcripts/tr_1');
  });
});
