// Test set-up (vitest setupFiles): the process's fetch reaches loopback addresses and reserved test
// names only. The emulator's outbound HTTP (webhooks, crawls, audio by URL, remote tool servers)
// uses the process's fetch, and a test (the fuzz above all) may name any URL: nothing may leave
// the machine. MSW, when listening, intercepts before this guard, so MSW-served URLs still work.

const MARK = Symbol.for('service-emulator.test.loopback-only-fetch');

/** Loopback (127.0.0.0/8, ::1, localhost) and the names RFC 2606/6761 reserve: they never reach the internet. */
export function isLocalTarget(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '').replace(/\.$/, '');
  if (host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host)) return true;
  return /\.(test|invalid|localhost|example)$/.test(host);
}

type Fetch = typeof globalThis.fetch & { [MARK]?: true };

const current = globalThis.fetch as Fetch;
if (!current[MARK]) {
  const original = current;
  const guarded: Fetch = (input, init) => {
    const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const url = URL.canParse(href) ? new URL(href) : undefined;
    if (url && !isLocalTarget(url.hostname)) {
      return Promise.reject(new TypeError(`fetch failed: the test suite reaches loopback addresses only, not ${url.host}`));
    }
    return original(input, init);
  };
  guarded[MARK] = true;
  globalThis.fetch = guarded;
}
