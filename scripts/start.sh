#!/usr/bin/env bash
# npm start: install what is missing, build the native CLI, both wasm builds and the page (each only
# if stale), and serve the page cross-origin isolated on localhost at once. The native numbers the
# page compares against are measured after that, in the background (a quick profile; the full one
# is `npm run bench:native`), with progress on this terminal and on the page, which picks them up
# as each puzzle finishes. A second `npm start` with nothing changed reaches the URL in seconds.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

step "setup"; bash scripts/setup.sh
step "native CLI"; build_native_cli
step "wasm builds (SIMD128 and baseline)"; build_wasm
step "page"; build_web_if_stale
step "serving"; exec node scripts/serve.mjs --native-bench quick
