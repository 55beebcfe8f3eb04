// The request lock: requests one at a time in arrival order; background turns between them, never
// two in a row while a request waits; a failing turn does not stop the ones after it.
import { describe, expect, it } from 'vitest';
import { RequestLock } from './request-lock.js';

const tick = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

describe('RequestLock', () => {
  it('runs turns one at a time, in arrival order, past a failing one', async () => {
    const lock = new RequestLock();
    const log: string[] = [];
    let inside = 0;
    const turn = (name: string, fail = false) =>
      lock.run(async () => {
        inside++;
        expect(inside).toBe(1);
        log.push(`${name}:start`);
        await tick();
        log.push(`${name}:end`);
        inside--;
        if (fail) throw new Error(name);
        return name;
      });
    const results = await Promise.allSettled([turn('a'), turn('b', true), turn('c')]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(log).toEqual(['a:start', 'a:end', 'b:start', 'b:end', 'c:start', 'c:end']);
  });

  it('rejects only the turn whose function throws synchronously', async () => {
    const lock = new RequestLock();
    const bad = lock.run((() => {
      throw new Error('sync');
    }) as () => Promise<void>);
    await expect(bad).rejects.toThrow('sync');
    await expect(lock.run(async () => 'after')).resolves.toBe('after');
  });

  it('takes work that answers at once (no promise) in its place, and waits for a thenable one', async () => {
    const lock = new RequestLock();
    const log: string[] = [];
    let release!: () => void;
    const thenable = { then: (ok: (v: string) => void) => void new Promise<void>((r) => (release = r)).then(() => (log.push('slow:end'), ok('slow'))) };
    const slow = lock.run(() => (log.push('slow:start'), thenable as unknown as Promise<string>));
    const now = lock.run(() => (log.push('now'), 'now'));
    const after = lock.run(async () => (log.push('after'), 'after'));
    await tick();
    // The thenable has not settled: the lock still holds the turns after it.
    expect(log).toEqual(['slow:start']);
    release();
    await expect(Promise.all([slow, now, after])).resolves.toEqual(['slow', 'now', 'after']);
    expect(log).toEqual(['slow:start', 'slow:end', 'now', 'after']);
  });

  it('never starts a turn inside the caller', async () => {
    const lock = new RequestLock();
    let started = false;
    const done = lock.run(async () => {
      started = true;
    });
    expect(started).toBe(false);
    await done;
    expect(started).toBe(true);
  });

  it('puts one background turn between two requests while requests wait', async () => {
    const lock = new RequestLock();
    const log: string[] = [];
    const request = (name: string) => lock.run(async () => void log.push(name));
    const background = (name: string) => lock.runBackground(async () => void log.push(name));
    await Promise.all([request('r1'), request('r2'), request('r3'), background('b1'), background('b2'), background('b3'), background('b4')]);
    // All queued before the first turn starts: they alternate, background first, and the
    // background runs back to back once no request waits.
    expect(log).toEqual(['b1', 'r1', 'b2', 'r2', 'b3', 'r3', 'b4']);
  });
});
