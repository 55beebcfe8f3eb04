// Serialised answers of read-only GET routes that opt in (`RouteDef.cacheable`), reused while
// nothing could have changed them: any storage write, load, reset, restore, import or control call
// empties the cache, and the key holds the clock's instant unless the route is timeless. Auth, rate limits, request ids, CORS
// and the journal still run for every request; only the handler and its JSON are skipped.
import type { KeyForAuth, KeyLookup } from './auth.js';
import type { EncodedBody } from './light-response.js';
import type { Principal } from './route.js';

export interface CachedAnswer extends EncodedBody {
  readonly status: number;
  /** The JSON body exactly as the handler's result serialised (`bytes`: its UTF-8, once a door needed it). */
  readonly bodyText: string;
}

/** Past this many distinct answers the cache starts over (a bound on memory, not a policy). */
const MAX_ENTRIES = 1024;

export class AnswerCache {
  private entries = new Map<string, CachedAnswer>();
  /** Keys found by secret (auth's one query on every keyed call), under the same invalidation. */
  private keys = new Map<string, KeyForAuth>();
  /** Moves on every invalidation: an answer computed across one is never stored. */
  private generation = 0;
  /** Moves on every invalidation that may have changed a key (a key found across one is not kept). */
  private keyGeneration = 0;
  /**
   * The last answer found or stored, with the parts of its key: a request asking the same again
   * (a client polling one URL) is answered by comparing the parts, without making and hashing the
   * whole key text. Forgotten with the answers.
   */
  private last: AnswerKeyParts & { answer: CachedAnswer } | undefined;

  get version(): number {
    return this.generation;
  }

  /**
   * Anything an answer may depend on changed (or may have): forget every answer. `keys` false:
   * the change cannot have touched a key (a write to another table), so keys found stay known.
   */
  invalidate(keys = true): void {
    this.generation++;
    this.last = undefined;
    if (this.entries.size > 0) this.entries = new Map();
    if (!keys) return;
    this.keyGeneration++;
    if (this.keys.size > 0) this.keys = new Map();
  }

  /**
   * `keys` with `findForAuth` answered from memory while no key's rows were written and the status
   * a key was found with still holds at the instant (`statusHolds`; a real clock moves every
   * millisecond). `touch` still runs: when it writes, the memory empties.
   */
  keyLookup(keys: KeyLookup, now: () => number): KeyLookup {
    const knownForAuth = (secret: string): KeyForAuth | undefined => {
      const known = this.keys.get(secret);
      return known && statusHolds(known, now()) ? known : undefined;
    };
    const memo: KeyLookup = {
      knownForAuth,
      findForAuth: async (secret) => {
        const known = knownForAuth(secret);
        if (known) return known;
        const version = this.keyGeneration;
        const found = await keys.findForAuth(secret);
        if (found && version === this.keyGeneration) {
          if (this.keys.size >= MAX_ENTRIES) this.keys = new Map();
          this.keys.set(secret, found);
        }
        return found;
      },
      touch: (key) => keys.touch(key),
    };
    if (keys.allowsOrigin) memo.allowsOrigin = (origin) => (keys.allowsOrigin as (o: string) => Promise<boolean>)(origin);
    return memo;
  }

  /** The answer stored under `parts`, if any. */
  get(parts: AnswerKeyParts): CachedAnswer | undefined {
    const last = this.last;
    if (last !== undefined && sameParts(last, parts)) return last.answer;
    const answer = this.entries.get(keyText(parts));
    if (answer !== undefined) this.last = { ...parts, answer };
    return answer;
  }

  /** Stores an answer computed while the cache stood at `version` (dropped if it moved since). */
  set(parts: AnswerKeyParts, version: number, answer: CachedAnswer): void {
    if (version !== this.generation) return;
    if (this.entries.size >= MAX_ENTRIES) this.entries = new Map();
    this.entries.set(keyText(parts), answer);
    this.last = { ...parts, answer };
  }
}

/** What an answer's identity is made of (see `answerKey`). */
export interface AnswerKeyParts {
  routeId: string;
  url: string;
  /** The caller's text (`principalKey`). */
  caller: string;
  /** The `x-workspace-id` sent, or ''. */
  named: string;
  /** The emulator instant, or undefined for a timeless route. */
  now: number | undefined;
}

function sameParts(a: AnswerKeyParts, b: AnswerKeyParts): boolean {
  return a.now === b.now && a.routeId === b.routeId && a.caller === b.caller && a.named === b.named && a.url === b.url;
}

function keyText(parts: AnswerKeyParts): string {
  return `${parts.routeId}\u0000${parts.url}\u0000${parts.caller}\u0000${parts.named}\u0000${parts.now ?? 'any instant'}`;
}

/** Who is asking, as far as an answer can depend on it. */
function principalKey(principal: Principal): string {
  if (principal.kind !== 'apiKey') return JSON.stringify(principal);
  // A remembered key hands the same permissions array to every request's principal: its text is made once.
  const known = keyTexts.get(principal.permissions);
  if (known && known.keyId === principal.keyId && known.workspaceId === principal.workspaceId) return known.text;
  const text = `k\u0000${principal.keyId}\u0000${principal.workspaceId}\u0000${principal.permissions.join(',')}`;
  // Keyed by the array: a permissions list is never changed in place once a key is read.
  keyTexts.set(principal.permissions, { keyId: principal.keyId, workspaceId: principal.workspaceId, text });
  return text;
}

const keyTexts = new WeakMap<readonly string[], { keyId: string; workspaceId: string; text: string }>();

/**
 * The identity of an answer: the route, the whole URL (origin, path, query), the caller, the
 * workspace it names and the emulator instant (none for a timeless route).
 */
export function answerKey(routeId: string, request: Request, principal: Principal, now: number | undefined): AnswerKeyParts {
  return { routeId, url: request.url, caller: principalKey(principal), named: request.headers.get('x-workspace-id') ?? '', now };
}

/**
 * Whether a key found earlier still has the status it was found with at `now`: only its expiry
 * makes the status depend on the instant (an active key expires at `expiresAt`; a clock set back
 * before it would make an expired one active again, so that one is looked up anew).
 */
function statusHolds(key: KeyForAuth, now: number): boolean {
  if (key.expiresAt === undefined) return true;
  if (key.status === 'active') return now < key.expiresAt;
  if (key.status === 'expired') return now >= key.expiresAt;
  return true;
}
