#!/usr/bin/env bash
# npm run bench:native: the full native benchmark (>= 11 samples of >= 10 ms per kernel and case)
# into build/native-bench.json, which the page serves; `npm start` runs a quick profile of it.
# Extra arguments go to native-bench.mjs (e.g. --force).
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"
step "native CLI"; build_native_cli
step "native benchmark (full profile)"; node scripts/native-bench.mjs --profile full "$@"
