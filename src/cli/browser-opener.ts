// The headless "browser" that `service-emulator exec` hands a command as $BROWSER: it opens the URL
// it is given, submits the emulator's own sign-in form as the chosen user, and follows the
// redirects to the command's localhost callback. A standalone script: Node built-ins only.
//
//   node browser-opener.js [--login-as USER] URL
//
// Only loopback URLs are opened (the emulator and the command's callback both live there); any
// other URL is named on stderr and left alone, as a browser on a machine without a network would.

/** Hops (redirects and one form submit) before giving up: a loop, not a sign-in. */
const MAX_HOPS = 10;

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };
const unescapeHtml = (text: string): string => text.replace(/&(?:amp|lt|gt|quot|#39);/g, (e) => ENTITIES[e] as string);

/** One `name="…"`-style attribute of a tag, unescaped. */
function attribute(tag: string, name: string): string | undefined {
  const match = new RegExp(`\\s${name}="([^"]*)"`).exec(tag);
  return match ? unescapeHtml(match[1]!) : undefined;
}

export interface SignInForm {
  action: string;
  /** The request's own parameters, carried by the form as hidden fields. */
  hidden: [string, string][];
  /** The users offered (`login_hint` radios), by id; the first is the checked one. */
  users: string[];
}

/** The emulator's sign-in form (src/areas/oauth/authorize-page.ts), or undefined for any other page. */
export function readSignInForm(html: string): SignInForm | undefined {
  const form = /<form\b[^>]*\bmethod="post"[^>]*>([\s\S]*?)<\/form>/i.exec(html);
  if (!form) return undefined;
  const action = attribute(form[0].slice(0, form[0].indexOf('>') + 1), 'action');
  if (action === undefined) return undefined;
  const hidden: [string, string][] = [];
  const users: string[] = [];
  for (const [tag] of form[1]!.matchAll(/<input\b[^>]*>/gi)) {
    const name = attribute(tag, 'name');
    const value = attribute(tag, 'value') ?? '';
    if (name === undefined) continue;
    if (attribute(tag, 'type') === 'hidden') hidden.push([name, value]);
    else if (name === 'login_hint') users.push(value);
  }
  if (!hidden.some(([name]) => name === 'client_id')) return undefined;
  return { action, hidden, users };
}

/** 127.0.0.0/8, ::1 and localhost names: where the emulator and a CLI's callback listen. */
export function isLoopback(url: URL): boolean {
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127(?:\.\d{1,3}){3}$/.test(host);
}

class OpenerFailure extends Error {}

/** Opens `start` and carries the sign-in through; resolves with the URL of the last page reached. */
export async function openUrl(start: URL, loginAs: string | undefined): Promise<URL> {
  let url = start;
  let init: RequestInit = { method: 'GET' };
  let submitted = false;
  for (let hop = 0; hop < MAX_HOPS; hop++) {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new OpenerFailure(`cannot open ${url.protocol} URLs (${url.href})`);
    if (!isLoopback(url)) throw new OpenerFailure(`not a loopback URL, left alone: ${url.origin}${url.pathname}`);
    let res: Response;
    try {
      res = await fetch(url, { ...init, redirect: 'manual' });
    } catch (err) {
      throw new OpenerFailure(`nothing answered at ${url.origin}${url.pathname} (${(err as { cause?: { code?: string } }).cause?.code ?? String(err)})`);
    }
    const location = res.headers.get('location');
    if (res.status >= 300 && res.status < 400 && location) {
      await res.body?.cancel();
      url = new URL(location, url);
      init = { method: 'GET' };
      continue;
    }
    const type = res.headers.get('content-type') ?? '';
    const text = await res.text();
    const form = !submitted && type.includes('text/html') ? readSignInForm(text) : undefined;
    if (form) {
      const user = loginAs ?? form.users[0];
      if (user === undefined) throw new OpenerFailure('the sign-in page offers no user (the scenario has none)');
      if (form.users.length > 0 && !form.users.includes(user)) throw new OpenerFailure(`the sign-in page does not offer user "${user}" (it offers ${form.users.join(', ')})`);
      // What a person does: pick the user and press Allow on the page's own form.
      const body = new URLSearchParams([...form.hidden, ['login_hint', user], ['approve', '1']]);
      url = new URL(form.action, url);
      init = { method: 'POST', body, headers: { 'content-type': 'application/x-www-form-urlencoded' } };
      submitted = true;
      continue;
    }
    // The approval page (settings.oauth.autoApprove false, a login_hint in the URL): press Approve.
    const approve = !submitted && type.includes('text/html') ? /<a href="([^"]*)">Approve<\/a>/.exec(text) : null;
    if (approve) {
      url = new URL(unescapeHtml(approve[1]!), url);
      init = { method: 'GET' };
      submitted = true;
      continue;
    }
    if (!res.ok) {
      const detail = text.replace(/\s+/g, ' ').trim().slice(0, 300);
      throw new OpenerFailure(`${url.origin}${url.pathname} answered ${res.status}${detail ? `: ${detail}` : ''}`);
    }
    return url;
  }
  throw new OpenerFailure(`more than ${MAX_HOPS} redirects from ${start.origin}${start.pathname}`);
}

/** `[--login-as USER] URL`: extra arguments a caller adds (as some pass `%s` forms) are ignored. */
function parseArgv(argv: string[]): { loginAs?: string; url?: URL } {
  let loginAs: string | undefined;
  let url: URL | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--login-as') loginAs = argv[++i];
    else if (arg.startsWith('--login-as=')) loginAs = arg.slice('--login-as='.length);
    else if (url === undefined && URL.canParse(arg)) url = new URL(arg);
  }
  return { ...(loginAs !== undefined && loginAs !== '' && { loginAs }), ...(url && { url }) };
}

async function main(argv: string[]): Promise<number> {
  const { loginAs, url } = parseArgv(argv);
  if (!url) {
    process.stderr.write('service-emulator browser: no URL to open\n');
    return 2;
  }
  try {
    await openUrl(url, loginAs);
    return 0;
  } catch (err) {
    if (!(err instanceof OpenerFailure)) throw err;
    process.stderr.write(`service-emulator browser: ${err.message}\n`);
    return 1;
  }
}

// Run only as a script (`node browser-opener.js URL`), not when a test imports the helpers.
const script = process.argv[1] ?? '';
if (/browser-opener\.[cm]?[jt]s$/.test(script)) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err: unknown) => {
      process.stderr.write(`service-emulator browser: ${err instanceof Error ? err.message : String(err)}\n`);
      process.exit(1);
    },
  );
}
