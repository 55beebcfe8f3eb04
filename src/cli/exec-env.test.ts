// Which key, workspace and user `service-emulator exec` hands the command, and its environment.
import { describe, expect, it } from 'vitest';
import type { Handles } from '../scenarios/handles.js';
import { UsageError } from './args.js';
import { browserWrapper, childEnv, pickIdentity, shellQuote } from './exec-env.js';

const workspace = (id: string, keys: Handles['workspaces'][number]['apiKeys']) => ({
  id,
  slug: id,
  name: id,
  apiKeys: keys,
  transcripts: [],
  releases: [],
  ragTargets: [],
  ragGroups: [],
});

const handles: Handles = {
  scenario: 'demo',
  seed: 1,
  now: '2026-01-01T00:00:00.000Z',
  users: [
    { id: 'u_first', email: 'first@x.example', accessToken: 't', expiresAt: '' },
    { id: 'u_owner', email: 'Owner@x.example', accessToken: 't', expiresAt: '' },
  ],
  workspaces: [
    workspace('ws_a', [
      { id: 'k_revoked', name: 'old', secret: 'svc_old', status: 'revoked' },
      { id: 'k_a', name: 'a', secret: 'svc_a', status: 'active' },
    ]),
    workspace('ws_b', [{ id: 'k_b', name: 'b', secret: 'svc_b', status: 'active' }, { id: 'k_hashed', name: 'h', status: 'active' }]),
  ],
};
const owners = new Map([['ws_a', 'u_owner'], ['ws_b', 'u_first']]);

describe('pickIdentity', () => {
  it('defaults to the first active key of the first workspace and that workspace owner', () => {
    expect(pickIdentity(handles, owners, {})).toEqual({ apiKey: 'svc_a', keyId: 'k_a', workspaceId: 'ws_a', loginAs: 'u_owner' });
  });

  it('--key picks a key and its workspace; none leaves the key out but keeps a workspace', () => {
    expect(pickIdentity(handles, owners, { key: 'k_b' })).toEqual({ apiKey: 'svc_b', keyId: 'k_b', workspaceId: 'ws_b', loginAs: 'u_first' });
    expect(pickIdentity(handles, owners, { key: 'none' })).toEqual({ workspaceId: 'ws_a', loginAs: 'u_owner' });
  });

  it('--login-as takes an id or an email in any case', () => {
    expect(pickIdentity(handles, owners, { loginAs: 'u_first' }).loginAs).toBe('u_first');
    expect(pickIdentity(handles, owners, { loginAs: 'OWNER@X.EXAMPLE' }).loginAs).toBe('u_owner');
  });

  it('refuses names the scenario lacks, and keys whose secret is not known, as usage errors', () => {
    expect(() => pickIdentity(handles, owners, { key: 'k_nope' })).toThrow(/--key: no API key "k_nope" in scenario "demo" \(keys: k_revoked, k_a, k_b, k_hashed; or none\)/);
    expect(() => pickIdentity(handles, owners, { key: 'k_hashed' })).toThrow(/secret of "k_hashed" is not known/);
    expect(() => pickIdentity(handles, owners, { loginAs: 'ghost' })).toThrow(UsageError);
  });

  it('a scenario without users or keys gives what it has', () => {
    expect(pickIdentity({ ...handles, users: [], workspaces: [] }, new Map(), {})).toEqual({});
  });
});

describe('the command environment', () => {
  it('sets SERVICE_*, HOME with the XDG folders inside it and BROWSER; drops the caller key with --key none', () => {
    const env = childEnv(
      { PATH: '/bin', HOME: '/root', SERVICE_API_KEY: 'svc_callers', SERVICE_WORKSPACE_ID: 'ws_callers' },
      { url: 'http://127.0.0.1:5', identity: { workspaceId: 'ws_a' }, profile: 'emulator', home: '/tmp/h', browser: '/tmp/b' },
    );
    expect(env).toEqual({
      PATH: '/bin',
      HOME: '/tmp/h',
      SERVICE_API_URL: 'http://127.0.0.1:5',
      SERVICE_WORKSPACE_ID: 'ws_a',
      SERVICE_PROFILE: 'emulator',
      XDG_CONFIG_HOME: '/tmp/h/.config',
      XDG_CACHE_HOME: '/tmp/h/.cache',
      XDG_DATA_HOME: '/tmp/h/.local/share',
      XDG_STATE_HOME: '/tmp/h/.local/state',
      BROWSER: '/tmp/b',
    });
  });

  it('quotes every word of the browser wrapper for /bin/sh', () => {
    expect(shellQuote("it's")).toBe(`'it'\\''s'`);
    const text = browserWrapper({ node: '/usr/bin/node', execArgv: ['--import', 'tsx'], cwd: '/a b', opener: '/o.js', loginAs: 'u_$x' });
    expect(text).toContain(`cd '/a b' || exit 1\nexec '/usr/bin/node' '--import' 'tsx' '/o.js' '--login-as' 'u_$x' "$@"\n`);
  });
});
