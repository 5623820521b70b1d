#!/usr/bin/env bash
# npm run build: the playground as a static site in web/dist, for any static host (a GitHub
# Pages-style host, an object store, a plain web server), under any sub-path: both wasm builds,
# the page, the peers we may redistribute, the licences, and a shipped native report measured on
# this machine, which the page shows as "shipped, measured on <CPU>" to visitors without a native
# CLI of their own. Relative paths throughout; cross-origin isolation by web/public/_headers where
# the host reads it, else by the page's service worker (coi-sw.js). docs/page.md (the static site).
#
#   npm run build [-- --native-report FILE | --profile quick|full] [--with-stockfish]
#
# --native-report FILE  ship FILE (from `simd-puzzles bench --json FILE`) instead of measuring
# --profile P           the native benchmark to measure and ship (default full: >= 11 samples of
#                       >= 10 ms, tens of minutes; quick: a few minutes); reused when this machine
#                       already measured it with the same binary (scripts/native-bench.mjs)
# --with-stockfish      ship Stockfish.js (GPL-3.0) with its licence and where its source is;
#                       without it the page says Stockfish.js is not shipped and how to add it
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

report="" profile=full with_stockfish=0
while (($#)); do
  case "$1" in
    --native-report) report=${2:?--native-report needs a file}; shift 2 ;;
    --profile) profile=${2:?--profile needs quick or full}; shift 2 ;;
    --with-stockfish) with_stockfish=1; shift ;;
    *) echo "build-site: unknown option '$1' (--native-report FILE, --profile quick|full, --with-stockfish)" >&2; exit 2 ;;
  esac
done
if [[ -n $report ]]; then
  [[ -f $report ]] || { echo "build-site: no such file: $report" >&2; exit 2; }
  report=$(realpath "$report")
fi

step "wasm builds (SIMD128, relaxed SIMD and baseline)"; build_wasm --target sp_page_modules
# Instruction listings shipped with the site: the wasm ones always, the x86-64 one when this
# script builds the native CLI (each only when stale; docs/architecture.md, "Instruction listings").
step "instruction listings"; node scripts/build-listings.mjs simd128 relaxed baseline
if [[ -z $report ]]; then
  step "native CLI"; build_native_cli
  node scripts/build-listings.mjs x86-64
  step "native benchmark to ship ($profile profile)"; node scripts/native-bench.mjs --profile "$profile"
  report=$ROOT/build/native-bench.json
fi
step "page and site files"
SP_SITE_NATIVE_REPORT=$report SP_SITE_WITH_OPT_IN_PEERS=$with_stockfish SP_SITE_VERBOSE=1 build_web
echo "static site in web/dist ($(du -sh web/dist | cut -f1)); try it: (cd web/dist && python3 -m http.server 8000)"
