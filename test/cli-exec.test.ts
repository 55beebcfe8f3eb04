// `service-emulator exec -- COMMAND`, run as a CLI's test suite runs it: a small shell-script CLI
// (bash + curl) lists transcripts and writes its config, and an `auth login` script does the
// browser OAuth flow (PKCE, a localhost callback, $BROWSER, the token exchange) headless.
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CLI } from './support/cli-command.js';

const ROOT = join(import.meta.dirname, '..');
const tmp = mkdtempSync(join(tmpdir(), 'emu-exec-test-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** A key secret: `svc_` and 87 base62 characters. */
const SECRET = `svc_${'CliSuiteKey0'.repeat(8).slice(0, 87)}`;
const SCENARIO = join(tmp, 'cli-suite.json');
writeFileSync(
  SCENARIO,
  JSON.stringify({
    name: 'cli-suite',
    seed: 7,
    users: [
      { id: 'u_alice', email: 'alice@cli.example', name: 'Alice' },
      { id: 'u_bob', email: 'bob@cli.example', name: 'Bob' },
    ],
    workspaces: [
      {
        id: 'ws_cli',
        name: 'CLI suite',
        ownerId: 'u_alice',
        members: [{ userId: 'u_bob', role: 'editor' }],
        apiKeys: [{ id: 'key_ci', name: 'CI', secret: SECRET }],
        transcripts: [{ title: 'First' }, { title: 'Second' }],
      },
    ],
  }),
);

/** Writes an executable script into the test's folder. */
function script(name: string, text: string): string {
  const path = join(tmp, name);
  writeFileSync(path, text);
  chmodSync(path, 0o755);
  return path;
}

/** A tiny CLI: reports its environment, lists transcripts with the key, writes its config, exits $EXIT_WITH. */
const LIST = script(
  'list.sh',
  `#!/usr/bin/env bash
set -euo pipefail
{
  echo "url=$SERVICE_API_URL"
  echo "key=\${SERVICE_API_KEY:-}"
  echo "workspace=\${SERVICE_WORKSPACE_ID:-}"
  echo "profile=\${SERVICE_PROFILE:-}"
  echo "home=$HOME"
  echo "xdg=$XDG_CONFIG_HOME"
  echo "home_entries=$(ls -A "$HOME" | wc -l)"
  echo "browser=\${BROWSER:-}"
} > "$REPORT"
status=$(curl -sS -o "$REPORT.body" -w '%{http_code}' -H "x-api-key: $SERVICE_API_KEY" "$SERVICE_API_URL/api/v1/transcripts?limit=10")
echo "list_status=$status" >> "$REPORT"
mkdir -p "$XDG_CONFIG_HOME/service"
printf '{"workspaceId":"%s","apiUrl":"%s"}' "$SERVICE_WORKSPACE_ID" "$SERVICE_API_URL" > "$XDG_CONFIG_HOME/service/config.json"
echo "config=$(cat "$XDG_CONFIG_HOME/service/config.json")" >> "$REPORT"
echo "listed"
exit "\${EXIT_WITH:-0}"
`,
);

/**
 * A CLI's "auth login": a localhost callback listener (a node one-liner), the PKCE authorize URL
 * opened with $BROWSER, the code exchanged at the token endpoint, the session stored under
 * $XDG_CONFIG_HOME in the real CLI's credentials.json form, and the token used.
 */
const LOGIN = script(
  'auth-login.sh',
  `#!/usr/bin/env bash
set -euo pipefail
api="$SERVICE_API_URL"
# A base64url verifier can start with "-": after "--", node takes it as the script's argument, not an option.
verifier="$(node -e 'process.stdout.write(require("crypto").randomBytes(32).toString("base64url"))')"
challenge="$(node -e 'process.stdout.write(require("crypto").createHash("sha256").update(process.argv[1]).digest("base64url"))' -- "$verifier")"
state="st$$"
coproc LISTEN { node -e '
const server = require("http").createServer((req, res) => {
  const q = new URL(req.url, "http://127.0.0.1").searchParams;
  res.end("Signed in; you can close this window.");
  console.log(q.get("state") + " " + (q.get("code") || "error:" + q.get("error")));
  server.close();
});
server.listen(0, "127.0.0.1", () => console.log(server.address().port));
setTimeout(() => process.exit(1), 15000).unref();
'; }
read -r port <&"\${LISTEN[0]}"
redirect="http://127.0.0.1:$port/callback"
enc() { node -e 'process.stdout.write(encodeURIComponent(process.argv[1]))' "$1"; }
"$BROWSER" "$api/oauth/authorize?response_type=code&client_id=service-cli&redirect_uri=$(enc "$redirect")&code_challenge=$challenge&code_challenge_method=S256&state=$state&scope=openid%20profile%20email%20offline_access" &
read -r got code <&"\${LISTEN[0]}"
[ "$got" = "$state" ] || { echo "state mismatch" >&2; exit 4; }
case "$code" in error:*) echo "login refused: $code" >&2; exit 5;; esac
tokens="$(curl -sS -X POST "$api/oauth/token" -d grant_type=authorization_code --data-urlencode "code=$code" \\
  --data-urlencode "redirect_uri=$redirect" -d client_id=service-cli --data-urlencode "code_verifier=$verifier")"
access="$(node -e 'process.stdout.write(JSON.parse(process.argv[1]).access_token)' "$tokens")"
creds="$XDG_CONFIG_HOME/service/credentials.json"
mkdir -p "$(dirname "$creds")"
printf '{"version":1,"defaultProfile":"%s","profiles":{"%s":{"apiUrl":"%s","authType":"oauth","accessToken":"%s"}}}' \\
  "$SERVICE_PROFILE" "$SERVICE_PROFILE" "$api" "$access" > "$creds"
chmod 600 "$creds"
{
  echo "key=\${SERVICE_API_KEY:-}"
  echo "creds_mode=$(stat -c %a "$creds")"
  echo "userinfo=$(curl -sS -H "Authorization: Bearer $access" "$api/oauth/userinfo")"
} > "$REPORT"
`,
);

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** `service-emulator exec ARGS`, asynchronously (the event loop keeps serving meanwhile). */
function exec(args: string[], env: Record<string, string> = {}, onStart?: (pid: number) => void): Promise<Run> {
  const child = spawn(process.execPath, [...CLI, 'exec', ...args], { cwd: ROOT, env: { ...process.env, ...env } });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  onStart?.(child.pid!);
  return new Promise((resolve) => child.once('close', (status) => resolve({ status, stdout, stderr })));
}

/** The KEY=value lines a script wrote. */
function report(path: string): Record<string, string> {
  return Object.fromEntries(
    readFileSync(path, 'utf8')
      .trimEnd()
      .split('\n')
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
}

const SCENARIO_ARGS = ['--scenario', SCENARIO, '--clock', 'manual'];
// Each run boots an emulator under tsx: a few seconds alone, several times that on a busy machine.

describe('service-emulator exec -- a shell-script CLI', () => {
  it('runs the command with the emulator env, an empty temporary HOME, and passes exit 0 through quietly', { timeout: 60_000 }, async () => {
    const out = join(tmp, 'ok.report');
    const result = await exec([...SCENARIO_ARGS, '--', LIST], { REPORT: out, SERVICE_API_KEY: 'svc_callers_own', EXIT_WITH: '0' });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toBe('listed\n');
    const env = report(out);
    expect(env.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(env.key).toBe(SECRET);
    expect(env.workspace).toBe('ws_cli');
    expect(env.profile).toBe('emulator');
    expect(env.home).toContain(tmpdir());
    expect(env.home_entries).toBe('0');
    expect(env.xdg).toBe(`${env.home}/.config`);
    expect(env.list_status).toBe('200');
    const listed = JSON.parse(readFileSync(`${out}.body`, 'utf8')) as { data: { title: string }[] };
    expect(listed.data.map((t) => t.title).sort()).toEqual(['First', 'Second']);
    expect(JSON.parse(env.config!)).toEqual({ workspaceId: 'ws_cli', apiUrl: env.url });
    // The temporary HOME, the config written in it and the browser script are gone.
    expect(existsSync(env.home!)).toBe(false);
    expect(existsSync(env.browser!)).toBe(false);
  });

  it('passes a failing exit code through and prints the request journal, secrets masked', { timeout: 60_000 }, async () => {
    const out = join(tmp, 'fail.report');
    const result = await exec([...SCENARIO_ARGS, '--', LIST], { REPORT: out, EXIT_WITH: '3' });
    expect(result.status).toBe(3);
    expect(result.stdout).toBe('listed\n');
    expect(result.stderr).toMatch(/^service-emulator exec: the command exited 3; requests it made to the emulator \(1\):\n/);
    expect(result.stderr).toMatch(/ {2}\d\d:\d\d:\d\d\.\d{3} {2}GET {4}\/api\/v1\/transcripts {2}200 {2}\d+\.\d ms {2}key key_ci\n/);
    expect(result.stderr).not.toContain(SECRET);
  });

  it('cannot run a missing command: 127 and the journal', { timeout: 60_000 }, async () => {
    const result = await exec([...SCENARIO_ARGS, '--', join(tmp, 'no-such-cli')]);
    expect(result.status).toBe(127);
    expect(result.stderr).toContain(`cannot run "${join(tmp, 'no-such-cli')}": not found`);
    expect(result.stderr).toContain('it made no request to the emulator');
  });

  it('forwards SIGTERM to the command, exits 128+15 and removes the temporary HOME', { timeout: 60_000 }, async () => {
    const out = join(tmp, 'term.report');
    const waiter = script(
      'wait.sh',
      `#!/usr/bin/env bash
trap 'kill "$sleeper"; echo "got=TERM" >> "$REPORT"; exit 143' TERM
echo "home=$HOME" > "$REPORT"
sleep 20 & sleeper=$!
wait
`,
    );
    let pid = 0;
    const running = exec([...SCENARIO_ARGS, '--', waiter], { REPORT: out }, (p) => (pid = p));
    for (let i = 0; i < 400 && !existsSync(out); i++) await new Promise((r) => setTimeout(r, 50));
    expect(existsSync(out)).toBe(true);
    process.kill(pid, 'SIGTERM');
    const result = await running;
    expect(result.status).toBe(143);
    const env = report(out);
    expect(env.got).toBe('TERM');
    expect(existsSync(env.home!)).toBe(false);
  });
});

describe('service-emulator exec -- auth login with the headless BROWSER', () => {
  // The real CLI's session file: divinci-ai/divinci-demo-pipeline-oss targets/local/src/cli-session.js
  // and targets/container/entrypoint.sh (~/.config/<cli>/credentials.json, profiles, mode 0600).
  it('signs in as the key workspace owner by default and the CLI gets its code on its localhost callback', { timeout: 60_000 }, async () => {
    const out = join(tmp, 'login-default.report');
    const result = await exec([...SCENARIO_ARGS, '--', LOGIN], { REPORT: out });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    const env = report(out);
    expect(JSON.parse(env.userinfo!)).toMatchObject({ sub: 'u_alice', email: 'alice@cli.example' });
    expect(env.creds_mode).toBe('600');
  });

  it('--login-as picks the user (by email), and --key none leaves SERVICE_API_KEY unset', { timeout: 60_000 }, async () => {
    const out = join(tmp, 'login-bob.report');
    const result = await exec([...SCENARIO_ARGS, '--login-as', 'BOB@cli.example', '--key', 'none', '--profile', 'ci', '--', LOGIN], { REPORT: out, SERVICE_API_KEY: 'svc_callers_own' });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    const env = report(out);
    expect(env.key).toBe('');
    expect(JSON.parse(env.userinfo!)).toMatchObject({ sub: 'u_bob' });
  });
});

describe('service-emulator exec: usage errors exit 2', () => {
  const run = (...args: string[]) => spawnSync(process.execPath, [...CLI, 'exec', ...args], { cwd: ROOT, encoding: 'utf8', timeout: 30_000 });

  it.each([
    [['--scenario', 'empty', 'true'], /exec needs "--" before the command/],
    [['--bogus', '--', 'true'], /unknown option '--bogus'; see service-emulator exec --help/],
    [['--seed', 'x', '--', 'true'], /--seed must be a whole number, not "x"; see service-emulator exec --help/],
    [['--'], /a command must follow "--"/],
    [['--host', '0.0.0.0', '--', 'true'], /--host must be a loopback address/],
    [['--profile', 'a b', '--', 'true'], /--profile must be a name/],
  ])('%j is refused before anything starts', (args, text) => {
    const result = run(...args);
    expect(result.status).toBe(2);
    expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(text);
  });

  // An unknown --key is the same check (src/cli/exec-env.test.ts).
  it('an unknown --login-as is refused once the scenario is loaded, before the command runs', { timeout: 60_000 }, () => {
    const marker = join(tmp, 'never-ran');
    const login = run('--scenario', SCENARIO, '--login-as', 'nobody@cli.example', '--', 'touch', marker);
    expect(login.status).toBe(2);
    expect(login.stderr).toMatch(/--login-as: no user "nobody@cli.example" in scenario "cli-suite" \(users: u_alice, u_bob\)/);
    expect(existsSync(marker)).toBe(false);
  });

  it('--help prints the exec help', () => {
    const result = run('--help');
    expect(result.status).toBe(0);
    for (const word of ['-- COMMAND', '--login-as', '--key', '--profile', 'SERVICE_API_URL', 'BROWSER']) expect(result.stdout).toContain(word);
  });
});

describe('the headless browser (src/cli/browser-opener.ts) against a served emulator', () => {
  /** A CLI's one-shot callback listener on a free loopback port; resolves with the query it got. */
  async function callback(): Promise<{ redirect: string; got: Promise<URLSearchParams>; close(): void }> {
    const { createServer } = await import('node:http');
    let deliver!: (q: URLSearchParams) => void;
    const got = new Promise<URLSearchParams>((resolve) => (deliver = resolve));
    const server = createServer((req, res) => {
      res.end('ok');
      deliver(new URL(req.url!, 'http://127.0.0.1').searchParams);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    return { redirect: `http://127.0.0.1:${port}/callback`, got, close: () => server.close() };
  }

  it('submits the sign-in form, presses Approve, and refuses what is not loopback', { timeout: 60_000 }, async () => {
    const [{ createEmulator }, { startServer }, { openUrl }] = await Promise.all([
      import('../src/emulator/create-emulator.js'),
      import('../src/adapters/node-server.js'),
      import('../src/cli/browser-opener.js'),
    ]);
    const doc = JSON.parse(readFileSync(SCENARIO, 'utf8')) as Record<string, unknown>;
    const emulator = await createEmulator({ scenario: { ...doc, settings: { oauth: { autoApprove: false } } } as never, clock: 'manual' });
    const server = await startServer(emulator, { port: 0 });
    try {
      const authorize = (redirect: string, extra = '') =>
        new URL(
          `${server.url}/oauth/authorize?response_type=code&client_id=service-cli&redirect_uri=${encodeURIComponent(redirect)}` +
            `&code_challenge=${'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM'}&code_challenge_method=S256&state=s1${extra}`,
        );
      // No login_hint: the chooser page's form, submitted as u_bob with Allow.
      const first = await callback();
      await openUrl(authorize(first.redirect), 'u_bob');
      expect((await first.got).get('code')).toMatch(/^oac_/);
      first.close();
      // A login_hint in the URL and autoApprove off: the approval page's Approve link.
      const second = await callback();
      await openUrl(authorize(second.redirect, '&login_hint=u_alice'), undefined);
      expect((await second.got).get('state')).toBe('s1');
      second.close();
      const journal = emulator.requests.list({ path: '/oauth/authorize' }).map((e) => `${e.method} ${e.status}`);
      expect(journal).toEqual(['GET 200', 'POST 302', 'GET 200', 'GET 302']);
      // A user the page does not offer, and a URL off this machine, are refused.
      await expect(openUrl(authorize('http://127.0.0.1:9/cb'), 'u_nobody')).rejects.toThrow(/does not offer user "u_nobody" \(it offers u_alice, u_bob\)/);
      await expect(openUrl(new URL('https://example.com/'), undefined)).rejects.toThrow(/not a loopback URL/);
    } finally {
      await server.close();
      await emulator.close();
    }
  });
});
