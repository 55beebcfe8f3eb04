// The HTTP door's request view: method, URL, headers and body read straight from node:http, with
// no undici object made. It passes for a Request (`instanceof Request`); members the core's hot
// path never uses (streams, formData, signal, clone...) are served by a real Request made on first use.
import type { IncomingMessage } from 'node:http';
import { LightHeaders } from '../../core/light-headers.js';
import { parentOnFirstUse } from '../../core/lazy-prototype.js';

/**
 * The rest of a request body as a web stream, read as the consumer pulls. Unlike Readable.toWeb,
 * cancelling it (a handler that stops reading, a form parser that gives up) drains the socket
 * instead of destroying it, so a keep-alive client keeps its connection.
 */
function socketBody(incoming: IncomingMessage): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    start(controller) {
      const fail = (err: unknown) => {
        try {
          controller.error(err);
        } catch {
          /* already closed or errored */
        }
      };
      incoming.on('data', (chunk: Buffer) => {
        controller.enqueue(chunk);
        if ((controller.desiredSize ?? 1) <= 0) incoming.pause();
      });
      incoming.once('end', () => {
        try {
          controller.close();
        } catch {
          /* cancelled before the end */
        }
      });
      incoming.once('error', fail);
      incoming.once('close', () => {
        if (!incoming.complete) fail(new Error('The client closed the request before its body ended'));
      });
    },
    pull() {
      incoming.resume();
    },
    cancel() {
      incoming.removeAllListeners('data');
      incoming.on('data', () => undefined);
      incoming.resume();
    },
  });
}

/**
 * An origin-form target the WHATWG parser keeps byte for byte: no dots (dot segments, `%2e`),
 * no percent signs, and only characters neither the path nor the query percent-encode.
 */
const PLAIN_TARGET = /^\/[A-Za-z0-9\-_~!$&()*+,;=:@/?]*$/;
/** A Host of plain name or address characters, with an optional port. */
const PLAIN_ORIGIN = /^http:\/\/([A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(:\d{1,5})?$/;
const origins = new Map<string, string>();

/** `origin` as the URL parser writes it (lower case, no default port), parsed once per Host. */
function normalOrigin(origin: string): string | undefined {
  let normal = origins.get(origin);
  if (normal === undefined) {
    if (!PLAIN_ORIGIN.test(origin) || !URL.canParse(`${origin}/`)) return undefined;
    normal = new URL(`${origin}/`).href.slice(0, -1);
    if (origins.size >= 64) origins.clear();
    origins.set(origin, normal);
  }
  return normal;
}

export class DoorRequest {
  /** The door drains what is left of the body once the answer is out (see listener.ts). */
  readonly drainsItself = true;
  readonly method: string;
  readonly url: string;
  private lightHeaders: LightHeaders | undefined;
  private buffered: Promise<Buffer> | undefined;
  private real: Request | undefined;

  constructor(
    readonly incoming: IncomingMessage,
    origin: string,
  ) {
    this.method = incoming.method ?? 'GET';
    const target = incoming.url ?? '/';
    // Normalised as a real Request's url is (dot segments, percent-encoding), so both doors see one
    // path. A target the URL parser would leave as it is skips the parse (see plainTarget).
    const base = PLAIN_TARGET.test(target) ? normalOrigin(origin) : undefined;
    this.url = base !== undefined ? base + target : new URL(target.startsWith('/') ? origin + target : target).href;
  }

  get headers(): Headers {
    if (this.real) return this.real.headers;
    return (this.lightHeaders ??= LightHeaders.fromFlat(this.incoming.rawHeaders));
  }

  /**
   * The headers as received, name, value, name, value... (`headers` reads them so): what the
   * journal keeps of a request, a list node:http already made, instead of the header map.
   */
  get receivedHeaders(): readonly string[] {
    return this.incoming.rawHeaders;
  }

  /** The whole body, read once from the socket (never left half-read). */
  private bytesRead(): Promise<Buffer> {
    if (!this.buffered) {
      const incoming = this.incoming;
      this.buffered = new Promise<Buffer>((resolve, reject) => {
        if (this.method === 'GET' || this.method === 'HEAD' || incoming.readableEnded) return resolve(Buffer.alloc(0));
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.once('end', () => resolve(chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks)));
        incoming.once('error', reject);
      });
    }
    return this.buffered;
  }

  text(): Promise<string> {
    if (this.real) return this.real.text();
    // A real Request's text() drops a leading byte-order mark; so does this.
    return this.bytesRead().then((b) => {
      const text = b.toString('utf8');
      return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
    });
  }

  json(): Promise<unknown> {
    return this.text().then((t) => JSON.parse(t) as unknown);
  }

  arrayBuffer(): Promise<ArrayBuffer> {
    if (this.real) return this.real.arrayBuffer();
    return this.bytesRead().then((b) => b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer);
  }

  /** The real Request: the body streams from the socket, or from the bytes already read. */
  toRequest(): Request {
    if (this.real) return this.real;
    const headers = new Headers();
    for (const [name, value] of (this.headers as LightHeaders).pairs()) headers.append(name, value);
    const init: RequestInit & { duplex?: 'half' } = { method: this.method, headers };
    if (this.method !== 'GET' && this.method !== 'HEAD') {
      const pending = this.buffered;
      init.body = pending
        ? new ReadableStream<Uint8Array>({
            async start(controller) {
              const bytes = await pending;
              if (bytes.length > 0) controller.enqueue(new Uint8Array(bytes));
              controller.close();
            },
          })
        : socketBody(this.incoming);
      init.duplex = 'half';
    }
    this.real = new Request(this.url, init);
    return this.real;
  }
}

// Everything else a Request has, delegated to the real one. Defined when something first reaches
// past DoorRequest's own members (or asks `instanceof Request`), not at import: reading the global
// Request loads Node's fetch implementation, which the door's hot path never needs.
function delegateTheRest(): object {
  for (const name of Object.getOwnPropertyNames(Request.prototype)) {
    if (name === 'constructor' || Object.prototype.hasOwnProperty.call(DoorRequest.prototype, name)) continue;
    const descriptor = Object.getOwnPropertyDescriptor(Request.prototype, name);
    if (!descriptor) continue;
    if (descriptor.get) {
      Object.defineProperty(DoorRequest.prototype, name, {
        get(this: DoorRequest) {
          return Reflect.get(this.toRequest(), name);
        },
        configurable: true,
      });
    } else if (typeof descriptor.value === 'function') {
      Object.defineProperty(DoorRequest.prototype, name, {
        value(this: DoorRequest, ...args: unknown[]) {
          const real = this.toRequest() as unknown as Record<string, (...a: unknown[]) => unknown>;
          return (real[name] as (...a: unknown[]) => unknown).apply(real, args);
        },
        configurable: true,
        writable: true,
      });
    }
  }
  return Request.prototype;
}
parentOnFirstUse(DoorRequest.prototype, delegateTheRest);
