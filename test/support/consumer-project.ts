// A consumer project outside the repository, installed from `npm pack` with no network: its
// package-lock.json is cut from the repository's own (the packages `npm ci` just put in npm's
// cache, with their integrity), so `npm ci --offline` finds every tarball in the cache.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
export const REPO_ROOT = join(import.meta.dirname, '..', '..');

interface LockEntry {
  version: string;
  integrity?: string;
  resolved?: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
  dev?: boolean;
  devOptional?: boolean;
  peer?: boolean;
  [key: string]: unknown;
}

/** Runs a command and answers its stdout, throwing with its output when it fails. */
export async function sh(cmd: string, args: string[], cwd: string, timeout = 120_000): Promise<string> {
  try {
    const { stdout } = await run(cmd, args, { cwd, timeout, maxBuffer: 64 * 1024 * 1024, env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' } });
    return stdout;
  } catch (err) {
    const e = err as { stdout?: string; stderr?: string; message: string };
    throw new Error(`${cmd} ${args.join(' ')} failed in ${cwd}: ${e.message}\n${e.stdout ?? ''}\n${e.stderr ?? ''}`);
  }
}

/** `npm pack` of the built package (dist/ as it is: no prepare script runs) into `dir`; the tarball's path. */
export async function packPackage(dir: string): Promise<string> {
  await sh('npm', ['pack', '--ignore-scripts', '--silent', '--pack-destination', dir], REPO_ROOT);
  const tgz = readdirSync(dir).find((f) => f.endsWith('.tgz'));
  if (!tgz) throw new Error(`npm pack wrote no tarball into ${dir}`);
  return join(dir, tgz);
}

/** The lock entry that `node_modules/name` would resolve to when required from `from`. */
function locate(packages: Record<string, LockEntry>, from: string, name: string): string | undefined {
  let at = from;
  for (;;) {
    const candidate = `${at ? `${at}/` : ''}node_modules/${name}`;
    if (packages[candidate]) return candidate;
    if (!at) return undefined;
    const cut = at.lastIndexOf('/node_modules/');
    at = cut < 0 ? '' : at.slice(0, cut);
  }
}

/**
 * Writes package.json and package-lock.json of a consumer that depends on the tarball and on
 * `extra` packages of the repository's lock (by name): every entry reachable from them, with the
 * tarball URL npm's cache keys it under.
 */
export async function writeConsumer(dir: string, tgz: string, extra: string[]): Promise<void> {
  const lock = JSON.parse(readFileSync(join(REPO_ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, LockEntry> };
  const own = lock.packages['']!;
  const registry = (await sh('npm', ['config', 'get', 'registry'], REPO_ROOT)).trim().split('\n').filter((l) => /^https?:/.test(l)).at(-1)!.replace(/\/?$/, '/');
  const picked: Record<string, LockEntry> = {};
  const walk = (from: string, deps: Record<string, string>, optional: Record<string, string> = {}) => {
    for (const name of Object.keys(deps)) {
      const at = locate(lock.packages, from, name);
      if (!at) {
        if (optional[name] === undefined) throw new Error(`package-lock.json has no ${name} for ${from || 'the root'}`);
        continue;
      }
      if (picked[at]) continue;
      const { dev: _dev, devOptional: _devOptional, peer: _peer, ...entry } = lock.packages[at]!;
      const pkgName = at.slice(at.lastIndexOf('node_modules/') + 'node_modules/'.length);
      picked[at] = { ...entry, resolved: `${registry}${pkgName}/-/${pkgName.split('/').pop()}-${entry.version}.tgz` };
      const requiredPeers = Object.fromEntries(Object.entries(entry.peerDependencies ?? {}).filter(([peer]) => !entry.peerDependenciesMeta?.[peer]?.optional));
      walk(at, { ...entry.dependencies, ...entry.optionalDependencies, ...requiredPeers }, entry.optionalDependencies);
    }
  };
  walk('', { ...own.dependencies, ...own.optionalDependencies, ...Object.fromEntries(extra.map((n) => [n, '*'])) }, own.optionalDependencies);

  const spec = `file:./${basename(tgz)}`;
  const integrity = `sha512-${createHash('sha512').update(readFileSync(tgz)).digest('base64')}`;
  const dependencies = { 'service-emulator': spec, ...Object.fromEntries(extra.map((n) => [n, lock.packages[`node_modules/${n}`]!.version])) };
  const { name: _name, devDependencies: _devDependencies, ...ownEntry } = own as LockEntry & { name?: string; devDependencies?: unknown };
  const packages = { '': { name: 'consumer', dependencies }, 'node_modules/service-emulator': { ...ownEntry, resolved: spec, integrity }, ...picked };
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify({ name: 'consumer', private: true, type: 'module', dependencies }, null, 2)}\n`);
  writeFileSync(join(dir, 'package-lock.json'), `${JSON.stringify({ name: 'consumer', lockfileVersion: 3, requires: true, packages }, null, 2)}\n`);
}

/** `npm ci --offline` in the consumer (no install scripts: the native drivers stay unbuilt, as a browser needs). */
export async function installOffline(dir: string): Promise<void> {
  await sh('npm', ['ci', '--offline', '--ignore-scripts', '--no-audit', '--no-fund'], dir, 180_000);
}
