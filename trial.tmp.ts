import { createEmulator } from './src/emulator/create-emulator.js';
const e = await createEmulator({ scenario: 'default', vectorSearch: 'exact', onNotice: () => undefined });
const key = (e.handles as any).workspaces[0].apiKeys[0].secret;
const B = 'http://emu.local';
async function go(method: string, path: string, body?: unknown) {
  const r = await e.fetch(new Request(B + path, { method, headers: { 'x-api-key': key, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined }));
  const t = await r.text();
  console.log('###', method, path, r.status, r.headers.get('content-type'));
  console.log(t.slice(0, 1500));
}
const paths = process.argv.slice(2);
for (const p of paths) { const [m, path, b] = p.split(' '); await go(m!, path!, b ? JSON.parse(b) : undefined); }
await e.close();
