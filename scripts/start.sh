#!/usr/bin/env bash
# npm start: install what is missing, build native + both wasm builds + the page, measure the
# native benchmark the page compares against (only when the binary changed), and serve the page
# cross-origin isolated on localhost.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

step "setup"; bash scripts/setup.sh
step "native build"; build_native
step "wasm builds (SIMD128 and baseline)"; build_wasm
step "native benchmark"; node scripts/native-bench.mjs
step "page"; build_web
step "serving"; exec node scripts/serve.mjs
