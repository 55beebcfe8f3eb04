// Child process for (d): serves the three requests over HTTP, either the emulator (from a given
// dist directory, so a "before" build can run beside the current one) or a bare node:http server.
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

const [mode, arg] = process.argv.slice(2);

async function start() {
  if (mode === 'emulator') {
    const dist = arg; // absolute path of a dist directory
    const { startServer } = await import(pathToFileURL(`${dist}/adapters/node-server.js`).href);
    const { createEmulator } = await import(pathToFileURL(`${dist}/index.js`).href);
    const { createLoadEmulator } = await import('./shared.js');
    const emulator = await createLoadEmulator(createEmulator);
    const server = await startServer(emulator, { port: 0 });
    return server.port;
  }
  if (mode === 'bare') {
    // answers: { "GET /path": { status, contentType, text } }; request bodies are read to the end first.
    const answers = Object.fromEntries(
      Object.entries(JSON.parse(readFileSync(arg, 'utf8'))).map(([k, a]) => [k, { ...a, bytes: Buffer.from(a.text) }]),
    );
    const server = createServer((req, res) => {
      const answer = answers[`${req.method} ${req.url}`];
      const reply = () => {
        if (!answer) return res.writeHead(404).end();
        res.writeHead(answer.status, { 'content-type': answer.contentType, 'content-length': answer.bytes.length });
        res.end(answer.bytes);
      };
      if (req.method === 'GET') return reply();
      req.on('data', () => undefined).on('end', reply);
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
