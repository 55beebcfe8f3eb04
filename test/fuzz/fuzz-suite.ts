// The fuzz suite over every operation of the OpenAPI document (issue 12, item 3): seeded bad and
// edge inputs must never answer 5xx, every 4xx carries the error envelope, a refused request
// changes no state, and the HTTP door's keep-alive connection is never dropped.
// Replay a failure with FUZZ_SEED=<seed> (printed in it); FUZZ_RUNS sets the full sample's size.
import { writeFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DoorName } from '../support/doors.js';
import type { StorageKind } from '../../src/storage/storage.js';
import { useDoor } from '../support/use-door.js';
import { answerProblem, fetchClient, httpClient } from './fuzz-client.js';
import { casesFor, operationsOf, resolver, type Operation } from './openapi-inputs.js';

const SEED = Number(process.env.FUZZ_SEED ?? 20261124);
/** Cases per operation: the full sample on the HTTP door over SQLite, a smaller one elsewhere. */
const RUNS_FULL = Number(process.env.FUZZ_RUNS ?? 2);
/** The smaller samples compare the state once per this many operations. */
const WINDOW = 8;
const RUNS_SMALL = 1;

/** Ids of the default scenario, by path parameter name; `zz_fuzz_missing` names nothing. */
const KNOWN: Record<string, string[]> = {
  workspaceId: ['ws_acme'],
  whitelabelId: ['ws_acme'],
  transcriptId: ['tr_refund'],
  releaseId: ['rel_help'],
  fileId: ['file_billing'],
  collectionId: ['vec_docs'],
  vectorId: ['vec_docs'],
  groupId: ['grp_support'],
  // Not the key the fuzz itself calls with: a rotate or revoke would lock it out.
  keyId: ['key_read'],
  userId: ['user_bob'],
};

/**
 * The state a refusal must leave alone: every table and setting, less what moves on any request
 * (clock, seeded random counter, rate windows) and the documented refusal counters (failed
 * validate-key attempts and address lockouts, CONTRACT section 7) and a key's `last_used_at`
 * (bookkeeping of a key that authenticated, whatever the route then answered).
 */
function digestOf(state: Record<string, unknown>): string {
  const { clock: _clock, random: _random, rateLimits: _rate, tables, ...rest } = state as Record<string, unknown> & { tables: Record<string, unknown> };
  const { auth_failures: _failures, ip_lockouts: _lockouts, ...kept } = tables;
  const rows = Object.fromEntries(
    Object.entries(kept).map(([name, list]) => [
      name,
      Array.isArray(list) ? list.map((row: Record<string, unknown>) => ({ ...row, last_used_at: undefined })) : list,
    ]),
  );
  return JSON.stringify({ ...rest, ...rows });
}

/** The top-level parts (settings, tables) two digests differ in, for the failure message. */
function changedParts(before: string, after: string): string {
  const a = JSON.parse(before) as Record<string, unknown>;
  const b = JSON.parse(after) as Record<string, unknown>;
  return [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((k) => JSON.stringify(a[k]) !== JSON.stringify(b[k])).join(', ');
}

export interface FuzzRow {
  driver: StorageKind;
  door: DoorName;
  label: string;
}

/** Registers the fuzz over each row: the full sample on the HTTP door over SQLite, a smaller one elsewhere. */
export function defineFuzzSuite(rows: FuzzRow[], stride = 2): void {
  if (rows.length === 0) {
    it.skip('fuzz: no door of this file in the narrowed matrix', () => {});
    return;
  }
  describe.each(rows)('fuzz every operation: $label', ({ driver, door: doorName }) => fuzzRow(driver, doorName, stride));
}

function fuzzRow(driver: StorageKind, doorName: DoorName, stride: number): void {
  const door = useDoor(driver, doorName);
  const full = doorName === 'http' && driver === 'sqlite';
  const runs = full ? RUNS_FULL : RUNS_SMALL;

  it(`seed ${SEED}: no 5xx, an envelope on every 4xx, no state change on refusal, no dropped connection`, async () => {
    const doc = (await (await door.fetch('/openapi.json')).json()) as { paths: Record<string, unknown> };
    const ops = operationsOf(doc);
    expect(ops.length).toBeGreaterThan(100);
    const resolve = resolver(doc);
    const client = doorName === 'http' ? httpClient(door.baseUrl) : fetchClient(door.baseUrl);
    const timing = { send: 0, digest: 0, reload: 0 };
    const timed = async <T>(what: keyof typeof timing, run: () => Promise<T>): Promise<T> => {
      const start = performance.now();
      try {
        return await run();
      } finally {
        timing[what] += performance.now() - start;
      }
    };
    const state = () => timed('digest', async () => digestOf((await door.emulator.exportState()) as unknown as Record<string, unknown>));
    const credentials = (op: Operation): Record<string, string> => {
      const schemes = op.security.flatMap((s) => Object.keys(s));
      if (schemes.includes('apiKey')) return { 'x-api-key': door.key('key_full') };
      if (schemes.includes('bearerAuth')) return { authorization: `Bearer ${door.token('user_alice')}` };
      return {};
    };
    const ctx = {
      resolve,
      credentials,
      pathValue: (name: string) => fc.constantFrom(...(KNOWN[name] ?? []), 'zz_fuzz_missing'),
    };
    const clockMode = door.emulator.clock.mode;
    /** The default scenario again, on the clock mode the suite started with (a fuzzed clock call may change it). */
    const fresh = () =>
      timed('reload', async () => {
        if (door.emulator.clock.mode !== clockMode) await door.emulator.clock.setMode(clockMode);
        await door.emulator.loadScenario('default');
      });
    const failures: string[] = [];
    const counts = { sent: 0, refused: 0, accepted: 0, reloads: 0 };
    let baseline = await state();
    let windowOps: string[] = [];
    let windowAccepted = false;
    for (const [index, op] of ops.entries()) {
      // The smaller samples take every `stride`-th operation (which ones turns with the seed).
      if (!full && index % stride !== SEED % stride) continue;
      const seed = SEED + index;
      const cases = fc.sample(casesFor(op, ctx), { seed, numRuns: runs });
      let accepted = false;
      for (const [n, c] of cases.entries()) {
        const answer = await timed('send', () => client.send(c, op.method));
        counts.sent++;
        const problem = answerProblem(op.path, answer);
        const replay = `FUZZ_SEED=${SEED} op #${index} ${op.id} case ${n} (${c.kind}) ${op.method} ${c.url.slice(0, 160)} body ${String(c.body ?? '').slice(0, 160)}`;
        if (problem) failures.push(`${replay}: ${problem}`);
        const refused = answer.status >= 400;
        if (refused) counts.refused++;
        else counts.accepted++;
        accepted ||= !refused;
        // The full sample checks the state after every request; the smaller ones once per operation.
        // A read that answered is no refusal, and reads change nothing worth a reload.
        if (!full || (!refused && op.method === 'GET')) continue;
        const after = await state();
        if (after === baseline) continue;
        if (refused) failures.push(`${replay}: state changed after a ${answer.status} (${changedParts(baseline, after)})`);
        // An accepted input changed the world legitimately (or a refusal did, reported): start afresh.
        await fresh();
        counts.reloads++;
        baseline = await state();
      }
      if (full) continue;
      windowAccepted ||= accepted;
      windowOps.push(`#${index}`);
      if (windowOps.length < WINDOW && index < ops.length - 2) continue;
      const after = await state();
      if (after !== baseline) {
        if (!windowAccepted) failures.push(`FUZZ_SEED=${SEED} ops ${windowOps.join(' ')}: state changed after refusals only (${changedParts(baseline, after)})`);
        await fresh();
        counts.reloads++;
        baseline = await state();
      }
      windowOps = [];
      windowAccepted = false;
    }
    client.close();
    if (process.env.FUZZ_TIMING) console.info(`fuzz ${doorName}/${driver}`, counts, Object.fromEntries(Object.entries(timing).map(([k, v]) => [k, Math.round(v)])));
    if (failures.length > 0 || client.socketErrors.length > 0) {
      console.error(`fuzz ${doorName}/${driver} seed ${SEED}: ${failures.length} failures, ${client.socketErrors.length} socket errors`, counts);
      if (process.env.FUZZ_REPORT) writeFileSync(process.env.FUZZ_REPORT, [...failures, ...client.socketErrors].join('\n'));
    }
    expect({ failures, socketErrors: client.socketErrors }).toEqual({ failures: [], socketErrors: [] });
    expect(counts.sent).toBe(full ? ops.length * runs : ops.filter((_, i) => i % stride === SEED % stride).length * runs);
  }, 300_000);
}
