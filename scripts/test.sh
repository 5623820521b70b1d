#!/usr/bin/env bash
# npm test: every test layer, with a summary (each layer's time and its five slowest tests).
# Exits non-zero if any layer fails.
#
#   npm test              bash scripts/test.sh          what every change must pass
#   npm run test:full     bash scripts/test.sh --full   also the `slow` label and longer fuzzing
#
# Layers:
#   native    GoogleTest (one ctest entry per test, each in its own process) + CLI checks, x86-64
#             with run-time dispatch to every ISA this CPU has
#   sanitize  the same tests, in shuffled shards, under clang's ASan + UBSan, plus every fuzz
#             corpus replayed (one instrumented tree serves this layer and `fuzz`)
#   aarch64   the same test binary cross-compiled and run under qemu-aarch64 (NEON kernels),
#             in shuffled shards
#   fuzz      every libFuzzer target (tests/fuzz) from its corpus, briefly (two at a time)
#   types     TypeScript type check of the page and the tests
#   web       Vitest: both wasm builds in Node, link codec, comparison logic
#   e2e       playwright-core + Debian Chromium against the built page, served by `npm start`'s
#             server and, as a static site, by python3 -m http.server under a sub-path
#   listings  the instruction listings made from the native, AArch64 and wasm builds above, checked
#             against the programs (Vitest) and shown on the page (one e2e file); last, since it
#             reads every build
# Under the sanitizers and qemu the large cases are skipped (SP_QUICK_TESTS=1); every kernel still
# runs on every ISA there. What --full adds is listed in the README ("What npm test runs").
#
# The layers run in two lanes at once, so that one lane's serial stretches (a single test, a
# browser, a fuzzer, the linker) overlap the other's builds on a 2-core machine. Each layer's
# output goes to test-artifacts/layers/<layer>.log; a failing layer's tail is printed.
set -uo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

full=0
case "${1:-}" in
  --full) full=1 ;;
  "") ;;
  *) echo "test: unknown option '$1' (the only one is --full)" >&2; exit 2 ;;
esac

step "setup"
bash scripts/setup.sh || exit 1

jobs=$(nproc)
export CTEST_PARALLEL_LEVEL=$jobs
# One shuffle seed for every shuffled shard of this run, printed so a failing order can be replayed.
export GTEST_RANDOM_SEED=${GTEST_RANDOM_SEED:-$((RANDOM % 99999 + 1))}
echo "gtest shuffle seed: $GTEST_RANDOM_SEED (replay an order: GTEST_RANDOM_SEED=$GTEST_RANDOM_SEED npm test)"
if ((full)); then
  ctest_filter=()
  fuzz_seconds=120
else
  ctest_filter=(-LE slow)
  fuzz_seconds=20
fi

artifacts=$ROOT/test-artifacts/layers
rm -rf "$artifacts" && mkdir -p "$artifacts"

# ctest with a JUnit report (for the slowest tests in the summary).
run_ctest() {
  local preset=$1
  ctest --preset "$preset" "${ctest_filter[@]}" --output-junit "$artifacts/$preset.junit.xml"
}
layer_native() { build_native && run_ctest native; }
layer_sanitize() {
  cmake --preset sanitize >/dev/null && cmake --build --preset sanitize && SP_QUICK_TESTS=1 run_ctest sanitize
}
layer_aarch64() {
  cmake --preset aarch64 >/dev/null && cmake --build --preset aarch64 && SP_QUICK_TESTS=1 run_ctest aarch64
}
layer_fuzz() { bash scripts/fuzz.sh all "$fuzz_seconds"; }
layer_types() { npx tsc --noEmit -p tsconfig.json; }
run_vitest() {
  local layer=$1
  shift
  npx vitest run --reporter=default --reporter=junit --outputFile.junit="$artifacts/$layer.junit.xml" "$@"
}
# The listings tests need every build: they run in their own layer, at the end (below).
layer_web() { build_wasm && run_vitest web --config vitest.config.ts --exclude tests/web/listings.test.ts; }
# The page as a static site (npm run build), its shipped native report a small fixture: a real
# native benchmark would take minutes and prove nothing more about the site.
layer_e2e() {
  bash scripts/build-site.sh --native-report tests/data/native-report-nqueens.json && run_vitest e2e --config vitest.e2e.config.ts --exclude tests/e2e/listings.test.ts
}
# After aarch64 in its lane; the native layer runs in the other lane, so wait for its line in the
# results file (its build, not its tests, is what this needs, but the line is what we can see).
layer_listings() {
  local waited=0
  until grep -q " native " "$results"; do
    ((waited++ < 3600)) || { echo "listings: the native layer never finished"; return 1; }
    sleep 1
  done
  node scripts/build-listings.mjs x86-64 aarch64 simd128 baseline &&
    run_vitest listings --config vitest.config.ts tests/web/listings.test.ts &&
    run_vitest listings-e2e --config vitest.e2e.config.ts tests/e2e/listings.test.ts
}

# Runs one layer into its log; appends "<status> <name> <seconds>" to the results file.
results=$artifacts/results.txt
: >"$results"
run_layer() {
  local name=$1 start=$SECONDS status
  echo "   $name: started ($((SECONDS / 60)):$(printf %02d $((SECONDS % 60))))"
  if "layer_$name" >"$artifacts/$name.log" 2>&1; then status=ok; else status=FAIL; fi
  local took=$((SECONDS - start))
  echo "$status $name $took" >>"$results"
  if [[ $status == ok ]]; then
    echo "   $name: ok in $took s"
  else
    echo "   $name: FAILED after $took s; the last lines of $artifacts/$name.log:"
    tail -n 60 "$artifacts/$name.log" | sed 's/^/     | /'
  fi
}
lane() { for name in "$@"; do run_layer "$name"; done; }

step "test layers (two lanes; logs in test-artifacts/layers/)"
# The lanes are balanced by measured time (README "What npm test runs"); each keeps its own
# order where a layer needs another's build (fuzz after sanitize, web and e2e after the wasm build).
lane native sanitize fuzz &
lane types web e2e aarch64 listings &
wait

step "summary"
failed=0
for name in native sanitize aarch64 fuzz types web e2e listings; do
  line=$(grep " $name " "$results" || echo "FAIL $name ?")
  read -r status _ took <<<"$line"
  [[ $status == ok ]] || failed=1
  printf '%-5s %-9s %4s s\n' "$status" "$name" "$took"
done
node scripts/lib/slowest-tests.mjs 5 "$artifacts"/*.junit.xml
echo "total: $((SECONDS / 60)) min $((SECONDS % 60)) s"
exit $failed
