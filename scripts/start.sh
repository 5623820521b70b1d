#!/usr/bin/env bash
# npm start: install what is missing, build both wasm builds and the page (each only if stale), and
# serve the page cross-origin isolated on localhost at once. The page needs nothing native: the
# native CLI is built after that, in the background, and then measures the numbers the page
# compares against (a quick profile; the full one is `npm run bench:native`), with progress on this
# terminal and on the page, which picks them up as each puzzle finishes. A second `npm start` with
# nothing changed reaches the URL in seconds.
#
#   npm start [-- --base-url URL]   URL: where the same page is public, for the links it makes
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

step "setup"; bash scripts/setup.sh start
step "wasm builds (SIMD128, relaxed SIMD and baseline)"; build_wasm --target sp_page_modules sp_playground_engine
# Their instruction listings (seconds; each only when stale). The native one follows its build.
step "instruction listings (wasm)"; node scripts/build-listings.mjs simd128 relaxed baseline
step "page"; build_web_if_stale
step "serving"; exec node scripts/serve.mjs --native-bench quick "$@"
