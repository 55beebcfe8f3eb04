// The terms gate as the chat routes call it, and the 403 TERMS_NOT_ACCEPTED it turns into.
import { afterEach, describe, expect, it } from 'vitest';
import { Clock } from '../../clock/clock.js';
import { Scheduler } from '../../clock/scheduler.js';
import { errorResponse } from '../../core/errors.js';
import { IdFactory } from '../../seed/ids.js';
import { SeededRandom } from '../../seed/random.js';
import { chooseStorage, openStorage } from '../../emulator/open-storage.js';
import type { Storage } from '../../storage/storage.js';
import { termsNotAccepted } from './errors.js';
import { TermsStore } from './store.js';

let storage: Storage;
// Closed once: a later test that opens nothing must not close it again (PGlite refuses).
afterEach(async () => {
  const open = storage as Storage | undefined;
  storage = undefined as unknown as Storage;
  await open?.close();
});

async function setup() {
  storage = await openStorage(await chooseStorage(undefined, () => {}));
  const clock = new Clock({ mode: 'manual', now: 1_000 });
  const random = new SeededRandom(1);
  const ids = new IdFactory(random, () => clock.now());
  const scheduler = new Scheduler(storage, clock, () => ids.objectId(), {});
  return new TermsStore({ storage, clock, ids, random, scheduler });
}

describe('TermsStore.gate', () => {
  it('is open without published terms, closed until the subject accepts the current version', async () => {
    const terms = await setup();
    expect(await terms.gate('rel_1', 'user:u1')).toEqual({ required: false });
    const id = await terms.insert('ws_1', { id: 'tos_1', releaseId: 'rel_1', title: 'Terms', content: 'v1' });
    expect(await terms.gate('rel_1', 'user:u1')).toEqual({ required: false });
    expect(await terms.publish(id)).toBe(1);
    const closed = { required: true, tosId: 'tos_1', version: 1, title: 'Terms', content: 'v1' };
    expect(await terms.gate('rel_1', 'user:u1')).toEqual(closed);
    await terms.accept(id, 1, 'user:u1');
    expect(await terms.gate('rel_1', 'user:u1')).toEqual({ ...closed, required: false });
    expect(await terms.gate('rel_1', 'anon:s1')).toEqual(closed);
    await terms.update(id, { content: 'v2' });
    expect(await terms.publish(id)).toBe(2);
    expect(await terms.gate('rel_1', 'user:u1')).toEqual({ ...closed, version: 2, content: 'v2' });
  });

  it('turns a closed gate into 403 TERMS_NOT_ACCEPTED whose details are the gate', async () => {
    const gate = { required: true, tosId: 'tos_1', version: 2, title: 'Terms', content: 'v2' };
    const res = errorResponse(termsNotAccepted(gate));
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: { code: 'TERMS_NOT_ACCEPTED', message: 'Accept the current terms of service before chatting', details: gate } });
  });
});
