// The core's own answers (JSON results, error envelopes) as plain data: status, a header map and
// the body text. The HTTP door writes them straight to the socket; anyone reading one as a Response
// (the MSW door, tests, handlers) gets a real Response made on first need, with the same bytes.
import { parentOnFirstUse } from './lazy-prototype.js';
import { LightHeaders } from './light-headers.js';

/**
 * Where a reused body keeps its UTF-8 bytes once made (a cached answer): every answer served from
 * it writes the same bytes without encoding its text again (a 7 KB list with non-ASCII characters
 * costs ~20 µs to measure and encode).
 */
export interface EncodedBody {
  bytes?: Uint8Array<ArrayBuffer>;
}

const UTF8 = new TextEncoder();

export class LightResponse {
  readonly headers: LightHeaders;
  private real: Response | undefined;

  constructor(
    /** The body exactly as it goes on the wire; null for none. */
    readonly bodyText: string | null,
    readonly status: number,
    headers: Record<string, string>,
    /** Given for a body served more than once: its bytes are made once, there. */
    private readonly encoded?: EncodedBody,
  ) {
    this.headers = new LightHeaders(headers);
  }

  /** The body's UTF-8 bytes when it is a reused one (made on first need, then shared); else undefined. */
  sharedBytes(): Uint8Array<ArrayBuffer> | undefined {
    const memo = this.encoded;
    if (memo === undefined || this.bodyText === null) return undefined;
    return (memo.bytes ??= UTF8.encode(this.bodyText));
  }

  get ok(): boolean {
    return this.status >= 200 && this.status < 300;
  }
  get statusText(): string {
    return '';
  }
  get type(): ResponseType {
    return 'default';
  }
  get redirected(): boolean {
    return false;
  }
  get url(): string {
    return '';
  }
  get body(): ReadableStream<Uint8Array> | null {
    return this.toResponse().body;
  }
  get bodyUsed(): boolean {
    return this.real?.bodyUsed ?? false;
  }

  text(): Promise<string> {
    return this.real ? this.real.text() : Promise.resolve(this.bodyText ?? '');
  }
  json(): Promise<unknown> {
    return this.real ? this.real.json() : Promise.resolve().then(() => JSON.parse(this.bodyText ?? ''));
  }
  arrayBuffer(): Promise<ArrayBuffer> {
    return this.toResponse().arrayBuffer();
  }
  bytes(): Promise<Uint8Array> {
    return this.toResponse().arrayBuffer().then((b) => new Uint8Array(b));
  }
  blob(): Promise<Blob> {
    return this.toResponse().blob();
  }
  formData(): Promise<FormData> {
    return this.toResponse().formData();
  }
  clone(): Response {
    if (this.real) return this.real.clone();
    return new LightResponse(this.bodyText, this.status, Object.fromEntries(this.headers.pairs()), this.encoded) as unknown as Response;
  }

  /** The real Response with the same status, headers and bytes (made once). */
  toResponse(): Response {
    if (!this.real) {
      // Pairs straight into the init: Response appends them itself, with no Headers in between.
      // A reused body's bytes, when it has them: the same bytes the text encodes to, not encoded again.
      this.real = new Response(this.sharedBytes() ?? this.bodyText, { status: this.status, headers: this.headers.pairs() });
    }
    return this.real;
  }
}

// `instanceof Response` holds, so handlers and the core treat both kinds alike; every member the
// class does not define would hit Response's own accessors, so all of them are defined above.
// Linked when something first asks (`instanceof Response`, a member not defined above), not at
// import or construction: reading the global Response loads Node's fetch (undici, ~70 ms of a
// fresh process), which neither creating an emulator nor the HTTP door's light answers need.
parentOnFirstUse(LightResponse.prototype, () => (typeof Response === 'function' ? Response.prototype : Object.prototype));

/** What a door hands its caller: a real Response, made from a light one when needed. */
export function toWebResponse(response: Response | LightResponse): Response {
  return response instanceof LightResponse ? response.toResponse() : response;
}

/**
 * `value instanceof Response`, asked without reading the global Response for the answers that
 * cannot be one (a light answer, plain data: an object literal, an array, a primitive), so a
 * JSON result does not load Node's fetch implementation.
 */
export function isResponse(value: unknown): value is Response {
  if (value instanceof LightResponse) return true;
  if (typeof value !== 'object' || value === null) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  if (proto === Object.prototype || proto === Array.prototype || proto === null) return false;
  return value instanceof Response;
}
