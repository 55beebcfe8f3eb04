// (a) createEmulator() cold starts and (b) emulator.reset(), on SQLite and PGlite.
import { createEmulator } from '../dist/index.js';
import { BASE_URL, LIST_PATH, apiKeyOf } from './shared.js';
import { gc, summary, timeAsync } from './stats.js';

async function timedCreations(storage, count) {
  const times = [];
  for (let i = 0; i < count; i++) {
    gc();
    const { ms, value: emulator } = await timeAsync(() => createEmulator({ storage }));
    times.push(ms);
    await emulator.close();
  }
  return times;
}

/**
 * Cold starts after a warm-up creation (modules loaded, JIT warm). `firstMs` is the first creation
 * of this storage kind in the process when the caller has not measured it already.
 */
export async function benchCreate(storage, { iterations, measureFirst }) {
  let firstMs;
  if (measureFirst) {
    const { ms, value } = await timeAsync(() => createEmulator({ storage }));
    firstMs = ms;
    await value.close();
  } else {
    const warm = await createEmulator({ storage }); // warm-up, not recorded
    await warm.close();
  }
  return { firstMs, stats: summary(await timedCreations(storage, iterations)) };
}

/** A little state change so reset has work to do: one new transcript with two messages. */
async function mutate(emulator, key, i, prefix = 'bench') {
  const res = await emulator.fetch(
    new Request(BASE_URL + LIST_PATH, {
      method: 'POST',
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      body: JSON.stringify({
        title: `${prefix} ${i}`,
        messages: [
          { role: 'user', content: 'Where is my order?' },
          { role: 'assistant', content: 'Let me look that up.' },
        ],
      }),
    }),
  );
  if (res.status !== 201) throw new Error(`POST transcript answered ${res.status}: ${await res.text()}`);
}

export async function benchReset(storage, { iterations, warmup }) {
  const emulator = await createEmulator({ storage });
  try {
    const key = apiKeyOf(emulator);
    const times = [];
    for (let i = 0; i < warmup + iterations; i++) {
      await mutate(emulator, key, i);
      const { ms } = await timeAsync(() => emulator.reset());
      if (i >= warmup) times.push(ms);
    }
    // Reset really happened: the posted transcript is gone.
    const list = await (await emulator.fetch(new Request(BASE_URL + LIST_PATH, { headers: { 'x-api-key': key } }))).json();
    if (list.transcripts.some((t) => t.title.startsWith('bench '))) throw new Error(`${storage}: reset left a posted transcript`);
    return summary(times);
  } finally {
    await emulator.close();
  }
}

/**
 * emulator.snapshot() and emulator.restore(snapshot) on the default scenario, each timed on its
 * own, with a transcript posted before each (so snapshot has written tables to read) and another
 * in between (so restore has work to do).
 */
export async function benchSnapshot(storage, { iterations, warmup }) {
  const emulator = await createEmulator({ storage });
  try {
    const key = apiKeyOf(emulator);
    const snapshots = [];
    const restores = [];
    for (let i = 0; i < warmup + iterations; i++) {
      await mutate(emulator, key, i, 'kept');
      const taken = await timeAsync(() => emulator.snapshot());
      await mutate(emulator, key, i);
      const restored = await timeAsync(() => emulator.restore(taken.value));
      if (i >= warmup) {
        snapshots.push(taken.ms);
        restores.push(restored.ms);
      }
    }
    const list = await (await emulator.fetch(new Request(BASE_URL + LIST_PATH, { headers: { 'x-api-key': key } }))).json();
    if (list.transcripts.some((t) => t.title.startsWith('bench '))) throw new Error(`${storage}: restore left a posted transcript`);
    if (!list.transcripts.some((t) => t.title === `kept ${warmup + iterations - 1}`)) throw new Error(`${storage}: the snapshot lost a transcript posted before it`);
    return { snapshot: summary(snapshots), restore: summary(restores) };
  } finally {
    await emulator.close();
  }
}
