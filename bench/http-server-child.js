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
    // answers: { "GET /path": { status, contentType, text, body } }. Reads answer the captured
    // bytes; a create does what a minimal real create does: reads and parses the JSON body, stores
    // a record with a new id and answers it serialised (201), so it is compared like with like.
    const answers = Object.fromEntries(
      Object.entries(JSON.parse(readFileSync(arg, 'utf8'))).map(([k, a]) => [k, { ...a, bytes: Buffer.from(a.text) }]),
    );
    const stored = [];
    const server = createServer((req, res) => {
      const answer = answers[`${req.method} ${req.url}`];
      const reply = () => {
        if (!answer) return res.writeHead(404).end();
        res.writeHead(answer.status, { 'content-type': answer.contentType, 'content-length': answer.bytes.length });
        res.end(answer.bytes);
      };
      if (req.method === 'GET') return reply();
      let text = '';
      req.setEncoding('utf8');
      req.on('data', (chunk) => (text += chunk)).on('end', () => {
        if (answer?.status !== 201) return reply();
        const input = JSON.parse(text);
        const record = { ...answer.body, _id: (stored.length + 1).toString(16).padStart(24, '0'), title: input.title };
        stored.push(record);
        const json = JSON.stringify(record);
        res.writeHead(201, { 'content-type': answer.contentType, 'content-length': Buffer.byteLength(json) });
        res.end(json);
      });
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
