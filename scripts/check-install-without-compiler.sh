#!/usr/bin/env bash
# npm run test:install: a fresh clone of this repository's HEAD installed as a user without a
# compiler would (npm ci --omit=optional), in its own temporary folder with its own node_modules:
# it must build, leave out better-sqlite3 and hnswlib-node, and serve on PGlite with exact search
# (saying so once). Then, reinstalled with the native modules present but never built (as on a
# machine without a compiler or prebuilt binaries), it must pass the quick tests. Reuses the npm
# cache, so it needs no network once the main install has run. KEEP=1 keeps the folder.
set -euo pipefail

repo=$(git -C "$(dirname "$0")/.." rev-parse --show-toplevel)
head=$(git -C "$repo" rev-parse HEAD)
work=$(mktemp -d "${TMPDIR:-/tmp}/emulator-install-XXXXXX")
server_pid=
cleanup() {
  if [ -n "$server_pid" ]; then kill "$server_pid" 2>/dev/null || true; fi
  if [ "${KEEP:-}" = 1 ]; then echo "kept $work"; else rm -rf "$work"; fi
}
trap cleanup EXIT

started=$SECONDS
step() { echo "[$((SECONDS - started)) s] $*"; }
fail() { echo "FAIL: $*" >&2; exit 1; }

step "clone $head (committed state only) into $work/repo"
git clone --quiet --no-checkout --no-hardlinks "$repo" "$work/repo"
git -C "$work/repo" checkout --quiet --detach "$head"
cd "$work/repo"

# npm ci runs `prepare` (tsc), so a build failure fails here.
step 'npm ci --omit=optional --prefer-offline'
npm ci --omit=optional --prefer-offline --no-audit --no-fund --loglevel=error

step 'check that the native modules are absent'
for name in better-sqlite3 hnswlib-node; do
  [ ! -e "node_modules/$name" ] || fail "node_modules/$name was installed despite --omit=optional"
done
[ -f dist/cli/main.js ] || fail 'prepare did not build dist/'

step 'serve --port 0 and ask it one question'
node dist/cli/main.js serve --port 0 >"$work/serve.out" 2>"$work/serve.err" &
server_pid=$!
url=
for _ in $(seq 1 300); do
  url=$(sed -n 's/^service-emulator listening on //p' "$work/serve.out")
  [ -n "$url" ] && break
  kill -0 "$server_pid" 2>/dev/null || { cat "$work/serve.err" >&2; fail 'serve exited before listening'; }
  sleep 0.1
done
[ -n "$url" ] || fail 'serve did not listen within 30 s'
health=$(node -e "fetch(process.argv[1] + '/__emulator/health').then(async (r) => { if (!r.ok) process.exit(1); process.stdout.write(await r.text()); })" "$url")
echo "  $url/__emulator/health → $health"
echo "$health" | grep -q '"storage":"pglite"' || fail 'health does not report PGlite storage'
echo '  stderr of serve:'
sed 's/^/    /' "$work/serve.err"
[ "$(grep -c 'better-sqlite3 is not installed' "$work/serve.err")" = 1 ] || fail 'serve did not say once that storage is PGlite'
[ "$(grep -c 'hnswlib-node is not installed' "$work/serve.err")" = 1 ] || fail 'serve did not say once that vector search is exact'
kill "$server_pid"
wait "$server_pid" 2>/dev/null || true
server_pid=

# The test toolchain cannot run under --omit=optional: vitest's bundler (rolldown) ships its
# native binding as an optional dependency too. So the tests run on the other way a machine ends
# up without the native modules: they are installed but never built (no compiler, no prebuilt
# binary), which --ignore-scripts reproduces. dist/ from the first install stays.
step 'npm ci --ignore-scripts --prefer-offline (native modules present but unbuilt)'
npm ci --ignore-scripts --prefer-offline --no-audit --no-fund --loglevel=error
node --input-type=module -e "
  const { betterSqliteLoads } = await import('./dist/storage/sqlite-probe.js');
  const { loadHnswlib } = await import('./dist/vector/hnsw-index.js');
  if (await betterSqliteLoads()) throw new Error('better-sqlite3 loads although it was not built');
  if (await loadHnswlib()) throw new Error('hnswlib-node loads although it was not built');
  console.log('  better-sqlite3 and hnswlib-node are installed but do not load');
"

# Every suite boots PGlite here, which takes far longer than SQLite on a busy machine: hooks and
# tests that boot one get five minutes instead of one and half a minute.
step 'npm run test:quick (on PGlite)'
npm run --silent test:quick -- --hookTimeout=300000 --testTimeout=300000

step "PASS: installed without native modules, served on PGlite and passed the quick tests"
