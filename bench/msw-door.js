// (c) In-process list, get-by-id and create through the MSW door vs a bare MSW handler answering
// the same bytes, interleaved in rounds; p50 and p99 per request.
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { createHandlers } from '../dist/adapters/msw.js';
import { BASE_URL, REQUESTS, apiKeyOf, capture, createLoadEmulator, headersFor } from './shared.js';
import { gc, median, quantile } from './stats.js';

async function loop(count, t, into) {
  for (let i = 0; i < count; i++) {
    const start = performance.now();
    const res = await fetch(t.url, { method: t.method, headers: t.headers, body: t.body });
    await res.arrayBuffer();
    const elapsed = performance.now() - start;
    if (res.status >= 300) throw new Error(`MSW ${t.method} ${t.url} answered ${res.status}`);
    into?.push(elapsed);
  }
}

/**
 * A bare handler: reads answer the captured bytes; a create does what a minimal real create does
 * (parses the JSON body, stores a record with a new id, answers it serialised with 201).
 */
function bareHandler(request, answer) {
  const url = BASE_URL + request.path;
  const reply = () => new HttpResponse(answer.text, { status: answer.status, headers: { 'content-type': answer.contentType } });
  const stored = [];
  return request.method === 'GET'
    ? http.get(url, reply)
    : http.post(url, async ({ request: req }) => {
        const input = JSON.parse(await req.text());
        const record = { ...answer.body, _id: (stored.length + 1).toString(16).padStart(24, '0'), title: input.title };
        stored.push(record);
        return new HttpResponse(JSON.stringify(record), { status: 201, headers: { 'content-type': answer.contentType } });
      });
}

export async function benchMsw({ rounds, perRound, warmup }) {
  const emulator = await createLoadEmulator();
  const key = apiKeyOf(emulator);
  const out = {};
  try {
    for (const [kind, request] of Object.entries(REQUESTS)) {
      const answer = await capture(emulator, request);
      const t = { url: BASE_URL + request.path, method: request.method, headers: headersFor(request, key), body: request.body };
      const sides = {
        emulator: { server: setupServer(...createHandlers(emulator, { baseUrl: BASE_URL })), times: [] },
        bare: { server: setupServer(bareHandler(request, answer)), times: [] },
      };
      const seen = {};
      for (const [name, side] of Object.entries(sides)) {
        side.server.listen({ onUnhandledRequest: 'error' });
        const res = await fetch(t.url, { method: t.method, headers: t.headers, body: t.body });
        seen[name] = { status: res.status, text: await res.text() };
        await loop(warmup, t);
        side.server.close();
      }
      for (let r = 0; r < rounds; r++) {
        // A,B,A,B... with the order flipped every other round, so neither side always goes first.
        const order = r % 2 === 0 ? ['emulator', 'bare'] : ['bare', 'emulator'];
        for (const name of order) {
          const side = sides[name];
          gc();
          side.server.listen({ onUnhandledRequest: 'error' });
          try {
            await loop(perRound, t, side.times);
          } finally {
            side.server.close();
          }
        }
      }
      const stat = (times) => ({ n: times.length, p50: median(times), p99: quantile(times, 0.99) });
      const emu = stat(sides.emulator.times);
      const bare = stat(sides.bare.times);
      out[kind] = {
        emulator: emu,
        bare,
        p50Ratio: emu.p50 / bare.p50,
        p99Ratio: emu.p99 / bare.p99,
        bodyBytes: Buffer.byteLength(answer.text),
        // Creates make a new id each time: compare the shape, not the bytes.
        sameBytes: kind === 'create' ? seen.emulator.status === seen.bare.status : seen.emulator.text === seen.bare.text,
      };
    }
  } finally {
    await emulator.close();
  }
  return out;
}
