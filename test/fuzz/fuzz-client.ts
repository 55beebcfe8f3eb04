// The fuzz suite's way in: one keep-alive connection to the HTTP door (node:http, one socket, so a
// dropped connection shows as an error), or the MSW door's fetch; and the checks on every answer.
import http from 'node:http';
import type { FuzzCase } from './openapi-inputs.js';

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

export interface FuzzClient {
  send(c: FuzzCase, method: string): Promise<Answer>;
  /** Connection-level failures seen so far (resets, hang-ups, parse errors). */
  readonly socketErrors: string[];
  close(): void;
}

/** A keep-alive client over one socket: every request reuses the connection the last one left. */
export function httpClient(baseUrl: string): FuzzClient {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const socketErrors: string[] = [];
  return {
    socketErrors,
    send(c, method) {
      return new Promise((resolve) => {
        // Always framed: without a length Node sends a DELETE body unframed, as the next request.
        const headers = c.body === undefined ? c.headers : { ...c.headers, 'content-length': String(Buffer.byteLength(c.body)) };
        const req = http.request(`${baseUrl}${c.url}`, { agent, method, headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
          res.on('error', (err: NodeJS.ErrnoException) => {
            socketErrors.push(`${c.kind} ${method} ${c.url.slice(0, 120)}: ${err.code ?? err.message}`);
            resolve({ status: 0, headers: {}, text: '' });
          });
        });
        req.on('error', (err: NodeJS.ErrnoException) => {
          socketErrors.push(`${c.kind} ${method} ${c.url.slice(0, 120)}: ${err.code ?? err.message}`);
          resolve({ status: 0, headers: {}, text: '' });
        });
        req.end(c.body);
      });
    },
    close: () => agent.destroy(),
  };
}

/** The MSW door: fetch is intercepted in-process, so there is no connection to drop. */
export function fetchClient(baseUrl: string): FuzzClient {
  const socketErrors: string[] = [];
  return {
    socketErrors,
    async send(c, method) {
      try {
        const res = await fetch(`${baseUrl}${c.url}`, { method, headers: c.headers, ...(c.body !== undefined && { body: c.body }), redirect: 'manual' });
        const headers: Record<string, string> = {};
        res.headers.forEach((v, k) => (headers[k] = v));
        return { status: res.status, headers, text: await res.text() };
      } catch (err) {
        socketErrors.push(`${c.kind} ${method} ${c.url.slice(0, 120)}: ${(err as Error).message}`);
        return { status: 0, headers: {}, text: '' };
      }
    },
    close: () => {},
  };
}

/** Paths whose errors follow another documented format than the envelope. */
function otherErrorFormat(path: string, body: unknown): boolean {
  const b = body as Record<string, unknown> | null;
  // OAuth endpoints answer RFC 6749 errors (CONTRACT section 6).
  if (path.startsWith('/oauth/') && b && typeof b.error === 'string') return true;
  // A2A answers JSON-RPC 2.0 error objects (CONTRACT section 7).
  if (path.startsWith('/api/v1/a2a') && b && b.jsonrpc === '2.0') return true;
  // The tool servers answer the MCP SDK transport's JSON-RPC 2.0 errors, and 405 to GET and DELETE (docs/mcp.md).
  if (/^\/(?:\{whitelabelId\}\/)?mcp$/.test(path) && b && b.jsonrpc === '2.0') return true;
  // A tenant's OAuth endpoints are the OAuth ones under its prefix: RFC 6749 errors.
  if (/^\/\{whitelabelId\}\/(?:authorize|token|register)$/.test(path) && b && typeof b.error === 'string') return true;
  return false;
}

/** What is wrong with an answer to a bad input, or undefined. */
export function answerProblem(path: string, answer: Answer): string | undefined {
  if (answer.status === 0) return 'no answer (connection dropped)';
  if (answer.status >= 500) return `status ${answer.status}: ${answer.text.slice(0, 300)}`;
  if (answer.status < 400) return undefined;
  // The www-rag webhook answers a bad signature with a bare 401, no body to read (REAL-WIRE section 8).
  if (path === '/api/v1/www-rag-webhook/register-sites' && answer.status === 401) return undefined;
  // A tenant's OAuth callback is a page for the browser that comes back from sign-in: an error
  // (`?error=`) shows as an HTML page with status 400, not as the JSON envelope (docs/mcp.md).
  if (path === '/{whitelabelId}/callback' && answer.status === 400 && answer.text.startsWith('<!doctype html>')) return undefined;
  let body: unknown;
  try {
    body = JSON.parse(answer.text);
  } catch {
    return `status ${answer.status} without a JSON body: ${answer.text.slice(0, 200)}`;
  }
  if (otherErrorFormat(path, body)) return undefined;
  const error = (body as { error?: { code?: unknown; message?: unknown } } | null)?.error;
  if (!error || typeof error.code !== 'string' || typeof error.message !== 'string') {
    return `status ${answer.status} without the envelope: ${answer.text.slice(0, 200)}`;
  }
  return undefined;
}
