#!/usr/bin/env bash
# npm run bench:compare: the wasm builds in headless Chromium (V8) and Firefox ESR (SpiderMonkey),
# taking turns, against the native numbers of the same machine, from one run. Builds what is stale
# first; extra arguments go to bench-compare.mjs (e.g. `npm run bench:compare -- nqueens --quick`,
# `-- --engines v8` for Chromium alone).
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"
step "setup"; bash scripts/setup.sh
step "native build"; build_native
step "wasm builds"; build_wasm
step "native benchmark"; node scripts/native-bench.mjs
step "page"; build_web
step "wasm benchmark in Chromium and Firefox"; node scripts/bench-compare.mjs "$@"
