#!/usr/bin/env bash
# npm run bench:compare: the wasm builds in headless Chromium (V8) and Firefox ESR (SpiderMonkey),
# taking turns, against the native numbers of the same machine, from one run. Builds what is stale
# first (the CLI and the page's module: nothing else is timed); extra arguments go to
# bench-compare.mjs (e.g. `npm run bench:compare -- --puzzle nqueens --quick`, `-- --engines v8`
# for Chromium alone). `--puzzle ID` and `--case LABEL` (repeatable) also limit the native benchmark
# to those puzzles and cases, and `--force-native` measures them natively again even if the report is up to date
# (a check on a busy machine: both sides measured beside the same load).
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"
native_args=()
previous=""
for arg in "$@"; do
  [[ $previous == --puzzle || $previous == --case ]] && native_args+=("$previous" "$arg")
  [[ $arg == --force-native ]] && native_args+=(--force)
  previous=$arg
done
step "setup"; bash scripts/setup.sh
step "native build"; build_native_cli
step "wasm builds"; build_wasm --target sp_page_modules
step "native benchmark"; node scripts/native-bench.mjs "${native_args[@]}"
step "page"; build_web
step "wasm benchmark in Chromium and Firefox"; node scripts/bench-compare.mjs "$@"
