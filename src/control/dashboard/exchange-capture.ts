// What the journal keeps of a request and its answer for the dashboard: headers, and the first
// JOURNAL_BODY_LIMIT characters of text bodies. Bounded copies only: JSON request bodies are the
// text the core already read, the core's own answers are their body text, streams are copied on
// the side (never awaited by the request); binary bodies and large uploads are only noted.
import { LightResponse } from '../../core/light-response.js';
import { jsonBodyTexts } from '../../core/validation.js';
import type { CapturedBody, Exchange } from './mask.js';

/** Characters of a body kept per entry. */
export const JOURNAL_BODY_LIMIT = 16 * 1024;

const TEXT_TYPE = /^(text\/|application\/([\w.+-]+\+)?(json|xml|x-www-form-urlencoded|javascript|x-ndjson)\b)/i;
const JSON_TYPE = /^application\/([\w.+-]+\+)?json\b/i;

function bounded(contentType: string | null, text: string): CapturedBody {
  const truncated = text.length > JOURNAL_BODY_LIMIT;
  return { contentType, text: truncated ? text.slice(0, JOURNAL_BODY_LIMIT) : text, truncated };
}

/** The note of a body that is not there and has no type (a GET's request): one object for them all. */
const NO_BODY: CapturedBody = Object.freeze({ contentType: null, text: null, truncated: false, note: 'no body' });

function noted(contentType: string | null, note: string): CapturedBody {
  return contentType === null && note === 'no body' ? NO_BODY : { contentType, text: null, truncated: false, note };
}

/**
 * Whether a request carries a body. The HTTP door's light request (it drains itself) is asked
 * through its headers: reading its `body` would build a whole undici Request, on every request.
 */
function hasBody(request: Request): boolean {
  if (request.method === 'GET' || request.method === 'HEAD') return false;
  if (!('drainsItself' in request)) return request.body !== null;
  const length = request.headers.get('content-length');
  return (length !== null && length !== '0') || request.headers.has('transfer-encoding');
}

function sizeOf(headers: Headers): string {
  const length = headers.get('content-length');
  return length === null ? 'size unknown' : `${length} bytes`;
}

/**
 * Called before the core reads the request: only a small non-JSON text body (a form, plain text) is
 * copied here, with a clone; JSON is picked up after (`requestBodyAfter`), anything else noted.
 */
export function requestBodyBefore(request: Request): Promise<CapturedBody> | undefined {
  const type = request.headers.get('content-type');
  if (type === null || JSON_TYPE.test(type) || !TEXT_TYPE.test(type) || !hasBody(request)) return undefined;
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > JOURNAL_BODY_LIMIT * 4) return Promise.resolve(noted(type, `large body not kept (${declared} bytes)`));
  return request
    .clone()
    .text()
    .then(
      (text) => bounded(type, text),
      () => noted(type, 'body could not be read'),
    );
}

function requestBodyAfter(request: Request, before: CapturedBody | undefined): CapturedBody {
  if (before) return before;
  const type = request.headers.get('content-type');
  const text = jsonBodyTexts.get(request);
  if (text !== undefined) return text.length === 0 ? noted(type, 'empty') : bounded(type, text);
  if (!hasBody(request)) return noted(type, 'no body');
  if (type !== null && !TEXT_TYPE.test(type)) return noted(type, `binary or upload body not kept (${sizeOf(request.headers)})`);
  return noted(type, 'body not read by the route');
}

/** Reads at most the limit of a stream's text, then lets it go (the caller's copy goes on). */
async function readBounded(stream: ReadableStream<Uint8Array>, contentType: string | null): Promise<CapturedBody> {
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let text = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
      if (text.length > JOURNAL_BODY_LIMIT) {
        await reader.cancel();
        return bounded(contentType, text);
      }
    }
    return bounded(contentType, text + decoder.decode());
  } catch {
    return noted(contentType, 'answer could not be read');
  }
}

/**
 * The exchange of one journaled request; a streamed answer's text arrives later (`pending`). It
 * lives for the last EXCHANGE_CAPACITY requests, so it keeps lists already made where it can (the
 * HTTP door's raw request headers, a light answer's headers as one flat list) rather than the
 * header maps: what outlives the request is what the garbage collector copies and marks.
 */
export function captureExchange(request: Request, before: Promise<CapturedBody> | undefined, response: Response): Exchange {
  const received = (request as { receivedHeaders?: readonly string[] }).receivedHeaders;
  const exchange: Exchange = {
    requestHeaders: received ?? request.headers,
    requestBody: before ? noted(request.headers.get('content-type'), 'no body') : requestBodyAfter(request, undefined),
    responseHeaders: response instanceof LightResponse ? response.headers.flat() : response.headers,
    responseBody: NO_BODY,
  };
  const waits: Promise<void>[] = [];
  if (before) waits.push(before.then((body) => void (exchange.requestBody = body)));

  const type = response.headers.get('content-type');
  if (response instanceof LightResponse) {
    exchange.responseBody = response.bodyText === null || response.bodyText === '' ? noted(type, 'no body') : bounded(type, response.bodyText);
  } else if (response.body === null || response.type === 'error') {
    exchange.responseBody = noted(type, response.type === 'error' ? 'network error' : 'no body');
  } else if (type !== null && TEXT_TYPE.test(type)) {
    // A clone tees the stream: the caller reads its branch at its own pace, this copy stops at the limit.
    const copy = response.clone().body;
    if (copy) waits.push(readBounded(copy, type).then((body) => void (exchange.responseBody = body)));
  } else {
    exchange.responseBody = noted(type, `binary answer not kept (${sizeOf(response.headers)})`);
  }
  if (waits.length > 0) {
    exchange.pending = Promise.all(waits).then(() => void delete exchange.pending);
  }
  return exchange;
}
