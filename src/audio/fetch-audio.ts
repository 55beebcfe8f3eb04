// Fetches audio by URL through the service's outbound fetch (MSW or a test's server can answer it):
// its bytes, type and a file name, or a clear error (never a throw) for an unreachable URL.

export type Fetcher = (input: string | URL, init?: RequestInit) => Promise<Response>;

export type FetchedAudio =
  | { ok: true; bytes: Uint8Array; contentType: string; filename: string }
  | { ok: false; error: string; filename: string };

/** The last path segment of a URL, as a safe file name. */
export function nameOfUrl(url: string, fallback = 'audio'): string {
  const last = new URL(url).pathname.split('/').filter(Boolean).pop();
  let name = fallback;
  if (last) {
    try {
      name = decodeURIComponent(last);
    } catch {
      name = last;
    }
  }
  return name.replace(/[\\/\u0000-\u001f]/g, '_').slice(0, 255) || fallback;
}

const TIMEOUT_MS = 15_000;

export async function fetchAudio(fetcher: Fetcher, url: string, maxBytes: number): Promise<FetchedAudio> {
  const filename = nameOfUrl(url);
  let res: Response;
  try {
    res = await fetcher(url, { method: 'GET', redirect: 'follow', signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (err) {
    const cause = err instanceof Error && err.cause instanceof Error ? err.cause : undefined;
    const code = cause && 'code' in cause ? String((cause as { code: unknown }).code) : undefined;
    return { ok: false, filename, error: `Could not fetch the audio at ${url}: ${code ?? (err instanceof Error ? err.message : String(err))}` };
  }
  if (!res.ok) {
    await res.body?.cancel().catch(() => undefined);
    return { ok: false, filename, error: `Could not fetch the audio at ${url}: HTTP ${res.status}${res.statusText ? ` ${res.statusText}` : ''}` };
  }
  const declared = Number(res.headers.get('content-length') ?? '0');
  if (declared > maxBytes) {
    await res.body?.cancel().catch(() => undefined);
    return { ok: false, filename, error: `The audio at ${url} is larger than ${maxBytes} bytes` };
  }
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await res.arrayBuffer());
  } catch (err) {
    return { ok: false, filename, error: `Could not read the audio at ${url}: ${err instanceof Error ? err.message : String(err)}` };
  }
  if (bytes.length > maxBytes) return { ok: false, filename, error: `The audio at ${url} is larger than ${maxBytes} bytes` };
  const contentType = (res.headers.get('content-type') ?? 'application/octet-stream').split(';')[0]!.trim();
  return { ok: true, bytes, contentType, filename };
}
