// (c) In-process list request through the MSW door vs a bare MSW handler, interleaved in rounds.
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { createHandlers } from '../dist/adapters/msw.js';
import { BASE_URL, LIST_PATH, apiKeyOf, captureList, createLoadEmulator } from './shared.js';
import { gc, median, summary } from './stats.js';

async function loop(count, url, headers, into) {
  for (let i = 0; i < count; i++) {
    const start = performance.now();
    const res = await fetch(url, { headers });
    await res.arrayBuffer();
    const elapsed = performance.now() - start;
    if (res.status !== 200) throw new Error(`MSW request answered ${res.status}`);
    into?.push(elapsed);
  }
}

export async function benchMsw({ rounds, perRound, warmup }) {
  const emulator = await createLoadEmulator();
  const captured = await captureList(emulator);
  const url = BASE_URL + LIST_PATH;
  const headers = { 'x-api-key': apiKeyOf(emulator) };
  const sides = {
    emulator: { server: setupServer(...createHandlers(emulator, { baseUrl: BASE_URL })), times: [], roundMedians: [] },
    bare: { server: setupServer(http.get(url, () => HttpResponse.json(captured.body))), times: [], roundMedians: [] },
  };
  // Same bytes from both doors before timing anything.
  const seen = {};
  for (const [name, side] of Object.entries(sides)) {
    side.server.listen({ onUnhandledRequest: 'error' });
    const res = await fetch(url, { headers });
    seen[name] = { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
    await loop(warmup, url, headers);
    side.server.close();
  }
  const sameBytes = seen.emulator.text === seen.bare.text;
  try {
    for (let r = 0; r < rounds; r++) {
      // A,B,A,B... with the order flipped every other round, so neither side always goes first.
      const order = r % 2 === 0 ? ['emulator', 'bare'] : ['bare', 'emulator'];
      for (const name of order) {
        const side = sides[name];
        gc();
        side.server.listen({ onUnhandledRequest: 'error' });
        const times = [];
        try {
          await loop(perRound, url, headers, times);
        } finally {
          side.server.close();
        }
        side.times.push(...times);
        side.roundMedians.push(median(times));
      }
    }
  } finally {
    await emulator.close();
  }
  const emu = summary(sides.emulator.times);
  const bare = summary(sides.bare.times);
  const roundRatios = sides.emulator.roundMedians.map((m, i) => m / sides.bare.roundMedians[i]);
  return {
    emulator: emu,
    bare,
    ratio: emu.median / bare.median,
    roundRatios,
    bodyBytes: Buffer.byteLength(captured.text),
    sameBytes,
    contentTypes: [seen.emulator.type, seen.bare.type],
  };
}
