// Child process for (d): serves the list over HTTP, either the emulator or a bare node:http server.
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';

const [mode, bodyFile, contentType] = process.argv.slice(2);

async function start() {
  if (mode === 'emulator') {
    const { startServer } = await import('../dist/adapters/node-server.js');
    const { createLoadEmulator } = await import('./shared.js');
    const emulator = await createLoadEmulator();
    const server = await startServer(emulator, { port: 0 });
    return server.port;
  }
  if (mode === 'bare') {
    const bytes = readFileSync(bodyFile);
    const server = createServer((req, res) => {
      res.writeHead(200, { 'content-type': contentType, 'content-length': bytes.length });
      res.end(bytes);
    });
    server.keepAliveTimeout = 5000;
    await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
    return server.address().port;
  }
  throw new Error(`Unknown mode ${mode}`);
}

start().then(
  (port) => process.send({ port }),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
process.on('disconnect', () => process.exit(0));
