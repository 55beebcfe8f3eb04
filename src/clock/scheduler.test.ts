// The clock and scheduler: manual time, due work in time order, never backwards.
import { afterEach, describe, expect, it } from 'vitest';
import { chooseStorage, openStorage } from '../emulator/open-storage.js';
import type { Storage } from '../storage/storage.js';
import { Clock } from './clock.js';
import { Scheduler } from './scheduler.js';

let storage: Storage;
// Closed once: a later test that opens nothing must not close it again (PGlite refuses).
afterEach(async () => {
  const open = storage as Storage | undefined;
  storage = undefined as unknown as Storage;
  await open?.close();
});

async function setup(mode: 'manual' | 'real' = 'manual', wall?: () => number) {
  storage = await openStorage(await chooseStorage(undefined, () => {}));
  const clock = new Clock({ mode, now: 1_000 }, wall);
  const ran: string[] = [];
  let n = 0;
  const scheduler = new Scheduler(storage, clock, () => `job${++n}`, {
    note: async (payload) => {
      ran.push(`${String(payload.name)}@${clock.now()}`);
      if (payload.then) await scheduler.schedule('note', { name: payload.then }, 50);
    },
  });
  return { clock, scheduler, ran };
}

describe('clock', () => {
  it('stands still in manual mode and follows an injected wall clock in real mode', () => {
    let wall = 5_000;
    const clock = new Clock({ mode: 'manual', now: 100 }, () => wall);
    wall += 1_000;
    expect(clock.now()).toBe(100);
    clock.setMode('real');
    wall += 250;
    expect(clock.now()).toBe(350);
    clock.setMode('manual');
    wall += 10_000;
    expect(clock.now()).toBe(350);
    expect(() => clock.moveTo(349)).toThrow(RangeError);
    expect(clock.iso()).toBe('1970-01-01T00:00:00.350Z');
  });
});

describe('scheduler', () => {
  it('runs due work in time order, each job at its own time, when the clock advances', async () => {
    const { clock, scheduler, ran } = await setup();
    await scheduler.schedule('note', { name: 'c' }, 300);
    await scheduler.schedule('note', { name: 'a' }, 100);
    await scheduler.schedule('note', { name: 'b' }, 100);
    expect(await scheduler.advance(99)).toBe(0);
    expect(ran).toEqual([]);
    expect(await scheduler.advance(150)).toBe(2);
    expect(ran).toEqual(['a@1100', 'b@1100']);
    expect(clock.now()).toBe(1_249);
    await scheduler.advance(1_000);
    expect(ran).toEqual(['a@1100', 'b@1100', 'c@1300']);
    expect(clock.now()).toBe(2_249);
  });

  it('runs work that jobs schedule while it advances, and flush drains everything', async () => {
    const { clock, scheduler, ran } = await setup();
    await scheduler.schedule('note', { name: 'first', then: 'second' }, 10);
    expect(await scheduler.advance(100)).toBe(2);
    expect(ran).toEqual(['first@1010', 'second@1060']);
    await scheduler.schedule('note', { name: 'far', then: 'farther' }, 60_000);
    expect(await scheduler.flush()).toBe(2);
    expect(ran.slice(2)).toEqual(['far@61100', 'farther@61150']);
    expect(clock.now()).toBe(61_150);
    expect(await scheduler.pending()).toBe(0);
  });

  it('refuses to move backwards and to schedule unknown kinds', async () => {
    const { scheduler } = await setup();
    await expect(scheduler.advance(-1)).rejects.toThrow(RangeError);
    await expect(scheduler.setTime(0)).rejects.toThrow(RangeError);
    await expect(scheduler.schedule('nope', {}, 1)).rejects.toThrow('no handler');
  });

  it('catches up lazily in real mode', async () => {
    let wall = 0;
    const { scheduler, ran } = await setup('real', () => wall);
    await scheduler.schedule('note', { name: 'later' }, 500);
    expect(await scheduler.runDue()).toBe(0);
    wall = 600;
    expect(await scheduler.runDue()).toBe(1);
    expect(ran).toEqual(['later@1600']);
  });

  it('says when the next job is due and runs due jobs in slices, at least one per slice', async () => {
    let wall = 0;
    const { scheduler, ran } = await setup('real', () => wall);
    expect(scheduler.dueIn()).toBeUndefined();
    expect(await scheduler.runDueSlice(5)).toBe(0);
    expect(scheduler.dueIn()).toBeNull();
    await scheduler.schedule('note', { name: 'a' }, 100);
    await scheduler.schedule('note', { name: 'b' }, 100);
    await scheduler.schedule('note', { name: 'c' }, 300);
    expect(scheduler.dueIn()).toBe(100);
    wall = 150;
    expect(scheduler.dueIn()).toBe(0);
    // A spent budget still runs one job, in time order, and leaves the rest for the next slice.
    expect(await scheduler.runDueSlice(-1)).toBe(1);
    expect(ran).toEqual(['a@1150']);
    expect(scheduler.dueIn()).toBe(0);
    expect(await scheduler.runDueSlice(1_000)).toBe(1);
    expect(ran).toEqual(['a@1150', 'b@1150']);
    expect(scheduler.dueIn()).toBe(150);
    wall = 1_000;
    // A slice whose caller says no runs nothing, and still knows what is due.
    expect(await scheduler.runDueSlice(1_000, () => false)).toBe(0);
    expect(scheduler.dueIn()).toBe(0);
    expect(await scheduler.runDueSlice(1_000)).toBe(1);
    expect(scheduler.dueIn()).toBeNull();
  });
  it('learns when the next job is due without running any (after a load)', async () => {
    const { clock, scheduler, ran } = await setup();
    await scheduler.learnNextDue();
    expect(scheduler.dueIn()).toBeNull();
    await scheduler.schedule('note', { name: 'a' }, 0);
    await scheduler.schedule('note', { name: 'b' }, 200);
    scheduler.invalidate();
    expect(scheduler.dueIn()).toBeUndefined();
    await scheduler.learnNextDue();
    // Due now, not run: the next runDue runs it, as it would have without knowing.
    expect(scheduler.dueIn()).toBe(0);
    expect(ran).toEqual([]);
    expect(await scheduler.runDue()).toBe(1);
    expect(ran).toEqual(['a@1000']);
    expect(scheduler.dueIn()).toBe(200);
    await scheduler.advance(200);
    expect(ran).toEqual(['a@1000', 'b@1200']);
    expect(clock.now()).toBe(1200);
  });
});
