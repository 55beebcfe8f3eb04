// The standalone HTTP door: node:http in front of emulator.fetch, nothing more.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import type { Emulator } from '../emulator/emulator.js';
import { guardServer } from './http-guards.js';

export interface ServerOptions {
  port?: number;
  host?: string;
}

export interface RunningServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

export const DEFAULT_PORT = 4010;
export const DEFAULT_HOST = '127.0.0.1';

export async function startServer(emulator: Pick<Emulator, 'fetch'> & Partial<Pick<Emulator, 'serveAt'>>, options: ServerOptions = {}): Promise<RunningServer> {
  const host = options.host ?? DEFAULT_HOST;
  const listener = getRequestListener(
    async (request, env) => {
      const response = await emulator.fetch(request, { clientIp: env.incoming.socket.remoteAddress ?? '127.0.0.1' });
      if (response.type === 'error') {
        // A network-error fault: close the connection without an answer.
        env.incoming.socket.destroy();
        return new Response(null, { status: 599 });
      }
      return response;
    },
    { overrideGlobalObjects: false },
  );
  const server = createServer((req, res) => void listener(req, res));
  server.keepAliveTimeout = 5000;
  guardServer(server);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? DEFAULT_PORT, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const shownHost = host.includes(':') ? `[${host}]` : host;
  const url = `http://${shownHost}:${port}`;
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
