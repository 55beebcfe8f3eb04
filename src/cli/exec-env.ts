// What `service-emulator exec` gives the command: which key, workspace and user of the scenario it
// names, and the environment (SERVICE_*, an empty temporary HOME, the headless BROWSER).
import type { Handles } from '../scenarios/handles.js';
import { UsageError } from './args.js';

export interface ExecIdentity {
  /** The key's secret, absent with `--key none` (the real CLI prefers a key to its OAuth session). */
  apiKey?: string;
  keyId?: string;
  workspaceId?: string;
  /** The user the headless browser signs in as (a user id), when the scenario has one. */
  loginAs?: string;
}

/** The workspaces' owners, by workspace id (handles do not carry them; the scenario does). */
export type Owners = Map<string, string>;

const list = (items: string[]): string => (items.length > 0 ? items.join(', ') : 'none');

/**
 * The key (`--key ID`, `none`, or the first key of the first workspace, as the test harness's
 * `key()`), its workspace, and the user to sign in as (`--login-as ID|EMAIL`, or that workspace's
 * owner, else the first user). A name the scenario lacks is a usage error, before the command runs.
 */
export function pickIdentity(handles: Handles, owners: Owners, options: { key?: string; loginAs?: string }): ExecIdentity {
  const keys = handles.workspaces.flatMap((ws) => ws.apiKeys.map((key) => ({ key, workspaceId: ws.id })));
  let picked: ExecIdentity = {};
  if (options.key !== 'none') {
    const usable = keys.filter(({ key }) => key.secret !== undefined && key.status === 'active');
    const found =
      options.key === undefined
        ? (usable.find(({ workspaceId }) => workspaceId === handles.workspaces[0]?.id) ?? usable[0])
        : keys.find(({ key }) => key.id === options.key);
    if (options.key !== undefined && !found) {
      throw new UsageError(`--key: no API key "${options.key}" in scenario "${handles.scenario}" (keys: ${list(keys.map(({ key }) => key.id))}; or none)`, 'exec');
    }
    if (found && found.key.secret === undefined) {
      throw new UsageError(`--key: the secret of "${found.key.id}" is not known (a resumed --data world keeps only hashes); pass --key none`, 'exec');
    }
    if (found) picked = { apiKey: found.key.secret!, keyId: found.key.id, workspaceId: found.workspaceId };
  }
  const workspaceId = picked.workspaceId ?? handles.workspaces[0]?.id;
  if (workspaceId !== undefined) picked.workspaceId = workspaceId;

  if (options.loginAs !== undefined) {
    const wanted = options.loginAs.toLowerCase();
    const user = handles.users.find((u) => u.id === options.loginAs) ?? handles.users.find((u) => u.email?.toLowerCase() === wanted);
    if (!user) throw new UsageError(`--login-as: no user "${options.loginAs}" in scenario "${handles.scenario}" (users: ${list(handles.users.map((u) => u.id))})`, 'exec');
    picked.loginAs = user.id;
  } else {
    const owner = workspaceId === undefined ? undefined : owners.get(workspaceId);
    const user = handles.users.find((u) => u.id === owner) ?? handles.users[0];
    if (user) picked.loginAs = user.id;
  }
  return picked;
}

/** A word for /bin/sh, quoted so nothing in it is expanded. */
export const shellQuote = (word: string): string => `'${word.replace(/'/g, `'\\''`)}'`;

/** The generated $BROWSER: runs the opener with this Node (and its loader flags, from this folder). */
export function browserWrapper(options: { node: string; execArgv: string[]; cwd: string; opener: string; loginAs?: string }): string {
  const command = [options.node, ...options.execArgv, options.opener, ...(options.loginAs !== undefined ? ['--login-as', options.loginAs] : [])];
  return `#!/bin/sh
# service-emulator exec: the headless browser. Opens the URL it is given and signs in on the
# emulator's page as the chosen user, so a CLI's "auth login" gets its code (see docs/exec.md).
cd ${shellQuote(options.cwd)} || exit 1
exec ${command.map(shellQuote).join(' ')} "$@"
`;
}

export interface ChildEnvInput {
  url: string;
  identity: ExecIdentity;
  profile: string;
  home: string;
  browser: string;
}

/**
 * The command's environment: the caller's, with the SERVICE_* variables set (a caller's own
 * SERVICE_API_KEY never leaks through `--key none`), HOME and the XDG folders inside an empty
 * temporary folder (not created: a CLI makes what it writes), and BROWSER.
 */
export function childEnv(base: NodeJS.ProcessEnv, input: ChildEnvInput): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...base };
  for (const name of ['SERVICE_API_KEY', 'SERVICE_WORKSPACE_ID', 'SERVICE_TOKEN']) delete env[name];
  const { identity, home } = input;
  return {
    ...env,
    SERVICE_API_URL: input.url,
    ...(identity.apiKey !== undefined && { SERVICE_API_KEY: identity.apiKey }),
    ...(identity.workspaceId !== undefined && { SERVICE_WORKSPACE_ID: identity.workspaceId }),
    SERVICE_PROFILE: input.profile,
    HOME: home,
    // The real CLI keeps its session in ~/.config/<cli>; XDG-minded tools find the same folder.
    XDG_CONFIG_HOME: `${home}/.config`,
    XDG_CACHE_HOME: `${home}/.cache`,
    XDG_DATA_HOME: `${home}/.local/share`,
    XDG_STATE_HOME: `${home}/.local/state`,
    BROWSER: input.browser,
  };
}
