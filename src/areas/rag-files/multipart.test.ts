// The fast multipart reader must give what the platform's Request.formData() gives, entry for
// entry, or step aside (undefined): checked on seeded FormData bodies and hand-written variants.
import { describe, expect, it } from 'vitest';
import { SeededRandom } from '../../seed/random.js';
import { fileBytes, plainBoundary, readPlainForm, type FormEntry } from './multipart.js';

type Seen = [string, string | { name: string; type: string; bytes: number[] }];

async function view(entries: Iterable<[string, FormDataEntryValue]> | FormEntry[]): Promise<Seen[]> {
  const out: Seen[] = [];
  for (const [name, value] of entries) {
    if (typeof value !== 'string') expect(value.size).toBe((await fileBytes(value)).length);
    out.push([name, typeof value === 'string' ? value : { name: value.name, type: value.type, bytes: [...(await fileBytes(value))] }]);
  }
  return out;
}

async function platform(type: string, body: Uint8Array<ArrayBuffer>): Promise<Seen[] | 'error'> {
  try {
    return await view((await new Request('http://x/', { method: 'POST', headers: { 'content-type': type }, body }).formData()).entries());
  } catch {
    return 'error';
  }
}

/** Both readers on one body: the fast one, when it answers, must agree. Returns whether it answered. */
async function agree(type: string, body: Uint8Array<ArrayBuffer>): Promise<boolean> {
  const boundary = plainBoundary(type);
  const fast = boundary === undefined ? undefined : readPlainForm(body, boundary);
  if (fast === undefined) return false;
  expect(await view(fast)).toEqual(await platform(type, body));
  return true;
}

async function serialise(form: FormData): Promise<{ type: string; body: Uint8Array<ArrayBuffer> }> {
  const response = new Response(form);
  return { type: response.headers.get('content-type') as string, body: new Uint8Array(await response.arrayBuffer()) };
}

const enc = (s: string) => new TextEncoder().encode(s);
const VALUES = ['', 'plain', 'émoji 🙂 日本', '\uFEFFbom first', 'line\r\nbreak', 'a\nb', '--', '"quoted"', 'x'.repeat(3000), 'tab\tend ', '%22'];
const NAMES = ['title', 'description', 'file', 'ragVectorId', 'chunkingTool', 'na me', 'ümlaut', 'q"uote', 'a%b', 'x\ny'];
const TYPES = ['text/markdown', 'text/plain', 'application/pdf', 'Text/HTML', 'text/plain;charset=UTF-8', ''];

describe('readPlainForm', () => {
  it('agrees with the platform on 300 seeded FormData bodies, and reads most of them itself', async () => {
    const random = new SeededRandom(7);
    let answered = 0;
    for (let n = 0; n < 300; n++) {
      const form = new FormData();
      for (let i = 0; i < 1 + random.int(6); i++) {
        const name = NAMES[random.int(NAMES.length)] as string;
        if (random.int(3) === 0) {
          const bytes = random.bytes(random.int(400)) as Uint8Array<ArrayBuffer>;
          const fileName = ['a.md', 'b c.pdf', 'ü.txt', 'q"x.md', 'n\r\nl.md', ''][random.int(6)] as string;
          form.append(name, new File([bytes, enc(VALUES[random.int(VALUES.length)] as string)], fileName, { type: TYPES[random.int(TYPES.length)] as string }));
        } else form.append(name, VALUES[random.int(VALUES.length)] as string);
      }
      const { type, body } = await serialise(form);
      if (await agree(type, body)) answered++;
    }
    expect(answered).toBeGreaterThan(40);
  });

  it('reads a typical upload itself (fields and a markdown file, as fetch sends them)', async () => {
    const form = new FormData();
    form.set('title', 'Notes');
    form.set('chunkingTool', 'default');
    form.set('file', new File(['# Note\n\nA short note.'], 'note.md', { type: 'text/markdown' }));
    const { type, body } = await serialise(form);
    expect(await agree(type, body)).toBe(true);
  });

  it('agrees with the platform, or steps aside, on hand-written bodies', async () => {
    const B = 'XyZ123';
    const type = `multipart/form-data; boundary=${B}`;
    const part = (headers: string, value: string) => `--${B}\r\n${headers}\r\n\r\n${value}\r\n`;
    const cases: [string, string][] = [
      [type, `${part('Content-Disposition: form-data; name="a"', 'one')}--${B}--\r\n`],
      [type, `${part('Content-Disposition: form-data; name="a"', 'one')}--${B}--`],
      [type, `${part('content-disposition: form-data; name="f"; filename="x.md"\r\ncontent-type: text/markdown', '# hi')}--${B}--\r\n`],
      [type, `${part('Content-Disposition: form-data; name="f"; filename="x.md"', 'no type')}--${B}--\r\n`],
      [type, `${part('Content-Disposition: form-data; name="t"\r\nContent-Type: text/plain', 'typed text')}--${B}--\r\n`],
      [type, `${part('Content-Disposition:form-data; name="a"', 'tight')}--${B}--\r\n`],
      [type, `${part('Content-Disposition: form-data; name="a"\r\nX-Extra: 1', 'extra')}--${B}--\r\n`],
      [type, `preamble\r\n${part('Content-Disposition: form-data; name="a"', 'one')}--${B}--\r\n`],
      [type, `${part('Content-Disposition: form-data; name="a"', 'one')}--${B}--\r\nepilogue`],
      [type, `${part('Content-Disposition: form-data; name="a"', 'one')}`],
      [type, `--${B}\nContent-Disposition: form-data; name="a"\n\none\n--${B}--\n`],
      [type, `${part('Content-Disposition: form-data; name=a', 'unquoted')}--${B}--\r\n`],
      [type, `${part('Content-Disposition: Form-Data; name="a"', 'case')}--${B}--\r\n`],
      [type, `${part('Content-Disposition: form-data; name="a"; filename="f.md"\r\nContent-Type: text/markdown; charset=utf-8', 'params')}--${B}--\r\n`],
      [type, `--${B}--\r\n`],
      [`multipart/form-data; boundary="${B}"`, `${part('Content-Disposition: form-data; name="a"', 'quoted boundary')}--${B}--\r\n`],
      [`multipart/form-data;boundary=${B}`, `${part('Content-Disposition: form-data; name="a"', 'no space')}--${B}--\r\n`],
      [`MULTIPART/FORM-DATA; BOUNDARY=${B}`, `${part('Content-Disposition: form-data; name="a"', 'upper')}--${B}--\r\n`],
    ];
    let answered = 0;
    for (const [t, body] of cases) if (await agree(t, enc(body))) answered++;
    expect(answered).toBeGreaterThanOrEqual(4);
  });
});
