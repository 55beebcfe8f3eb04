// Masking of journaled exchanges: secret headers and fields go, counts and error codes stay, and
// the journal masks an entry on first read, keeping bodies only for its newest entries.
import { describe, expect, it } from 'vitest';
import { EXCHANGE_CAPACITY, RequestJournal } from '../request-journal.js';
import { MASK, maskHeaders, maskText, type Exchange } from './mask.js';

const JWT = 'eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJ1c2VyX2FsaWNlIn0.c2lnbmF0dXJlLWJ5dGVz';
const KEY = 'svc_demoFulll8tGWJeyhzppz1RmOtAcSEpYGcxhNnPGi4fAiwh4m';

describe('maskText', () => {
  it('masks secret-named JSON fields at any depth and keeps counts and error codes', () => {
    const body = {
      password: 'p',
      client_secret: 'c',
      nested: [{ refreshToken: 'r', webhookSecret: 'w', apiKey: 'k', prevSigniture: 's' }],
      usage: { prompt_tokens: 3, tokenCount: 4, maxTokensPerMessage: 5 },
      error: { code: 'VALIDATION_ERROR' },
      note: `a JWT ${JWT} and a key ${KEY} inside text`,
    };
    expect(JSON.parse(maskText(JSON.stringify(body), 'application/json'))).toEqual({
      password: MASK,
      client_secret: MASK,
      nested: [{ refreshToken: MASK, webhookSecret: MASK, apiKey: MASK, prevSigniture: MASK }],
      usage: { prompt_tokens: 3, tokenCount: 4, maxTokensPerMessage: 5 },
      error: { code: 'VALIDATION_ERROR' },
      note: `a JWT ${MASK} and a key ${MASK} inside text`,
    });
  });

  it('masks a JSON body cut at the limit field by field, and form bodies by name', () => {
    const cut = '{"name":"x","password":"hunter2","items":[{"secret":"abc"';
    const masked = maskText(cut, 'application/json');
    expect(masked).not.toContain('hunter2');
    expect(masked).not.toContain('abc');
    expect(masked).toContain('"name":"x"');
    const form = maskText('grant_type=authorization_code&code=c0de&client_id=app&client_secret=s3&refresh_token=rt', 'application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(form))).toEqual({ grant_type: 'authorization_code', code: MASK, client_id: 'app', client_secret: MASK, refresh_token: MASK });
  });

  it('masks credential headers but keeps the scheme and harmless headers', () => {
    const headers = new Headers({ authorization: `Bearer ${JWT}`, 'x-api-key': KEY, 'x-csrf-token': 't', 'content-type': 'application/json', cookie: 'a=b' });
    expect(Object.fromEntries(maskHeaders(headers))).toEqual({
      authorization: `Bearer ${MASK}`,
      'x-api-key': MASK,
      'x-csrf-token': MASK,
      'content-type': 'application/json',
      cookie: MASK,
    });
  });
});

describe('RequestJournal exchanges', () => {
  const entry = { method: 'POST', path: '/p', status: 200, keyId: null, at: '2026-01-01T00:00:00.000Z', durationMs: 1 };
  const exchange = (secret: string): Exchange => ({
    requestHeaders: new Headers({ 'x-api-key': secret }),
    requestBody: { contentType: 'application/json', text: JSON.stringify({ password: secret }), truncated: false },
    responseHeaders: new Headers(),
    responseBody: { contentType: null, text: null, truncated: false, note: 'no body' },
  });

  it('opens an entry masked, numbers entries past a clear, and keeps bodies of the newest entries only', async () => {
    const journal = new RequestJournal(EXCHANGE_CAPACITY + 10);
    journal.record(entry, exchange('first-secret'));
    const opened = await journal.exchange(1);
    expect(JSON.stringify(opened)).not.toContain('first-secret');
    expect(opened?.exchange?.requestHeaders).toEqual([['x-api-key', MASK]]);
    journal.clear();
    expect(await journal.exchange(1)).toBeUndefined();
    for (let i = 0; i < EXCHANGE_CAPACITY + 5; i++) journal.record(entry, exchange(`s${i}`));
    const { entries } = journal.numbered();
    expect(entries[0]).toMatchObject({ seq: 2, hasExchange: false });
    expect(entries.filter((e) => e.hasExchange)).toHaveLength(EXCHANGE_CAPACITY);
    expect((await journal.exchange(entries.at(-1)!.seq))?.exchange?.requestBody.text).toBe(JSON.stringify({ password: MASK }));
  });

  it('reads headers kept as a flat list (raw request headers, a light answer) as a Headers object would show them', async () => {
    const flat = ['X-Api-Key', KEY, 'Host', 'localhost', ':authority', 'localhost', 'Accept', 'a', 'accept', ' b ', 'Set-Cookie', 'c=1', 'set-cookie', 'd=2'];
    const headers = new Headers();
    for (let i = 0; i < flat.length; i += 2) if (!flat[i]!.startsWith(':')) headers.append(flat[i]!, flat[i + 1]!);
    expect(maskHeaders(flat)).toEqual(maskHeaders(headers));
    expect(maskHeaders(flat).map(([name]) => name)).toEqual(['accept', 'host', 'set-cookie', 'set-cookie', 'x-api-key']);
    // A journal smaller than the exchange ring drops an entry's exchange with the entry.
    const journal = new RequestJournal(3);
    for (let i = 0; i < 5; i++) journal.record(entry, { ...exchange(`k${i}`), requestHeaders: ['x-api-key', `k${i}`] });
    expect(await journal.exchange(2)).toBeUndefined();
    expect(journal.numbered().entries.map((e) => [e.seq, e.hasExchange])).toEqual([[3, true], [4, true], [5, true]]);
    expect((await journal.exchange(5))?.exchange?.requestHeaders).toEqual([['x-api-key', MASK]]);
  });
});
