// The standalone HTTP door: node:http in front of the emulator's core. Requests reach the core as
// a light view and its JSON answers go straight to the socket (src/adapters/http-door/).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { hostGuard } from '../core/origin-policy.js';
import { doorListener, type DoorEmulator } from './http-door/listener.js';
import { guardServer } from './http-guards.js';

export interface ServerOptions {
  port?: number;
  host?: string;
  /**
   * Host names answered besides loopback ones and the bound address (docs/security.md). Bound to
   * loopback, any other Host gets 403 (DNS rebinding); bound to 0.0.0.0 or a public address, Host
   * is checked only when this names some.
   */
  allowedHosts?: string[];
}

export interface RunningServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

export const DEFAULT_PORT = 4010;
export const DEFAULT_HOST = '127.0.0.1';

export async function startServer(emulator: DoorEmulator, options: ServerOptions = {}): Promise<RunningServer> {
  const host = options.host ?? DEFAULT_HOST;
  const guard = hostGuard(host, options.allowedHosts);
  const shownHost = host.includes(':') ? `[${host}]` : host;
  let url = `http://${shownHost}:${options.port ?? DEFAULT_PORT}`;
  const listener = doorListener(emulator, () => url, guard);
  const server = createServer((req, res) => void listener(req, res));
  server.keepAliveTimeout = 5000;
  guardServer(server);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? DEFAULT_PORT, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  url = `http://${shownHost}:${port}`;
  await emulator.serveAt?.(url);
  return {
    url,
    port,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      }),
  };
}
