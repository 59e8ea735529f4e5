#!/usr/bin/env bash
# Smoke test of the README's first command on a clean clone of the commit under test:
#   npm install && npm start
# in a sibling folder (so ../shared stays in reach), with no .data/ and no test opt-ins, then
# GET /, GET /api/apis and one detection on a site sample image through the request the demo
# page sends; stops the server. Prints what it checked; exits non-zero on any failure.
set -euo pipefail
cd "$(dirname "$0")/../.."
src="$PWD"
commit="$(git rev-parse HEAD)"
dir="$(mktemp -d "$(dirname "$src")/optiq-smoke-XXXXXX")"
port="${SMOKE_PORT:-$((43000 + RANDOM % 900))}"
log="$dir.start.log"
pid=""

cleanup() {
  if [ -n "$pid" ]; then kill -- "-$pid" 2>/dev/null || true; sleep 1; kill -9 -- "-$pid" 2>/dev/null || true; fi
  rm -rf "$dir" "$log"
}
trap cleanup EXIT

say() { echo "smoke: $*"; }
fail() { say "FAILED: $*"; [ -f "$log" ] && { echo "--- last lines of the server log ---"; tail -n 40 "$log"; }; exit 1; }

say "clean clone of $commit in $dir"
git clone -q --no-hardlinks "$src" "$dir"
git -C "$dir" checkout -q "$commit"
[ ! -e "$dir/.data" ] || fail "the clone already has a .data folder"

cd "$dir"
# CI's own checkout was installed from scratch a moment ago (.ci/run); its packages, hard-linked,
# spare this clone a second download and unpack. `npm install` still runs and completes them.
if [ -d "$src/node_modules" ]; then cp -al "$src/node_modules" node_modules; fi
say "npm install"
npm install --no-audit --no-fund --loglevel=error >/dev/null 2>&1 || fail "npm install failed"

say "npm start on port $port (embedded database, no VISION_ALLOW_PRIVATE_URLS)"
env -u VISION_ALLOW_PRIVATE_URLS -u DATABASE_URL -u NETLIFY_DATABASE_URL -u PGLITE_DIR -u SKIP_BUILD PORT="$port" \
  setsid npm start >"$log" 2>&1 &
pid=$!

origin="http://127.0.0.1:$port"
for _ in $(seq 1 300); do
  if curl -fsS -o /dev/null "$origin/" 2>/dev/null; then break; fi
  kill -0 "$pid" 2>/dev/null || fail "npm start exited before serving"
  sleep 1
done
curl -fsS -o /dev/null "$origin/" || fail "no answer on $origin within 300 s"
say "server answers on $origin; embedded database created in .data/: $([ -d .data/pglite ] && echo yes || echo no)"
[ -d .data/pglite ] || fail "no .data/pglite after start"

npx tsx scripts/ci/smoke-requests.ts "$origin" || fail "requests against the started server"
say "passed"
