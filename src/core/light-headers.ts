// Headers as a plain map: what the core's own answers and the HTTP door's request view carry,
// so the hot path never builds an undici Headers object (names lower-cased, values as Headers joins them).

/** Past this many distinct names the memo below stops growing (request headers can be anything). */
const MAX_NAMES = 512;
const lowerNames = new Map<string, string>();

/**
 * `name` lower-cased, one string per distinct name: a name our code writes in mixed case
 * (`RateLimit-Limit`) is not lower-cased into a new string, hashed and kept on every answer.
 */
function lower(name: string): string {
  let lowered = lowerNames.get(name);
  if (lowered === undefined) {
    lowered = name.toLowerCase();
    if (lowerNames.size < MAX_NAMES) lowerNames.set(name, lowered);
  }
  return lowered;
}

export class LightHeaders implements Headers {
  private readonly map = new Map<string, string>();
  private cookies: string[] | undefined;

  constructor(init?: Record<string, string> | Iterable<readonly [string, string]>) {
    if (!init) return;
    if (Symbol.iterator in init) for (const [name, value] of init as Iterable<readonly [string, string]>) this.append(name, value);
    else for (const name in init) this.set(name, (init as Record<string, string>)[name] as string);
  }

  get(name: string): string | null {
    const key = lower(name);
    if (key === 'set-cookie') return this.cookies ? this.cookies.join(', ') : null;
    return this.map.get(key) ?? null;
  }

  has(name: string): boolean {
    const key = lower(name);
    return key === 'set-cookie' ? this.cookies !== undefined : this.map.has(key);
  }

  set(name: string, value: string): void {
    const key = lower(name);
    const v = String(value).trim();
    if (key === 'set-cookie') this.cookies = [v];
    else this.map.set(key, v);
  }

  append(name: string, value: string): void {
    const key = lower(name);
    const v = String(value).trim();
    if (key === 'set-cookie') (this.cookies ??= []).push(v);
    else {
      const prior = this.map.get(key);
      this.map.set(key, prior === undefined ? v : `${prior}, ${v}`);
    }
  }

  delete(name: string): void {
    const key = lower(name);
    if (key === 'set-cookie') this.cookies = undefined;
    else this.map.delete(key);
  }

  getSetCookie(): string[] {
    return this.cookies ? [...this.cookies] : [];
  }

  /** Sorted by name, as Headers iterates; set-cookie once per cookie. */
  *entries(): HeadersIterator<[string, string]> {
    const names = [...this.map.keys()];
    if (this.cookies) names.push('set-cookie');
    for (const name of names.sort()) {
      if (name === 'set-cookie') for (const c of this.cookies as string[]) yield [name, c];
      else yield [name, this.map.get(name) as string];
    }
  }

  *keys(): HeadersIterator<string> {
    for (const [name] of this.entries()) yield name;
  }

  *values(): HeadersIterator<string> {
    for (const [, value] of this.entries()) yield value;
  }

  [Symbol.iterator](): HeadersIterator<[string, string]> {
    return this.entries();
  }

  forEach(callback: (value: string, key: string, parent: Headers) => void, thisArg?: unknown): void {
    for (const [name, value] of this.entries()) callback.call(thisArg, value, name, this);
  }

  /**
   * Name, value, name, value... in insertion order (set-cookie last): one array for the socket's
   * `writeHead` or for a record that outlives the answer (`fromFlat` reads it back the same).
   */
  flat(): string[] {
    // Made at its size: a record kept for the journal holds no slack.
    const out = new Array<string>(2 * (this.map.size + (this.cookies?.length ?? 0)));
    let i = 0;
    for (const [name, value] of this.map) {
      out[i++] = name;
      out[i++] = value;
    }
    if (this.cookies) {
      for (const c of this.cookies) {
        out[i++] = 'set-cookie';
        out[i++] = c;
      }
    }
    return out;
  }

  /** Headers from a flat name/value list (`flat()`, or a socket's raw headers; `:` pseudo-headers skipped). */
  static fromFlat(list: readonly string[]): LightHeaders {
    const headers = new LightHeaders();
    for (let i = 0; i + 1 < list.length; i += 2) {
      const name = list[i] as string;
      if (name[0] !== ':') headers.append(name, list[i + 1] as string);
    }
    return headers;
  }

  /** Name/value pairs in insertion order (set-cookie last), for writing to a socket or a real Headers. */
  pairs(): [string, string][] {
    const out: [string, string][] = [...this.map];
    if (this.cookies) for (const c of this.cookies) out.push(['set-cookie', c]);
    return out;
  }
}
