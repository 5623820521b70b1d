#!/usr/bin/env bash
# npm test: every test layer, in order, with a summary. Exits non-zero if any layer fails.
#   native   GoogleTest + CLI checks (ctest), x86-64 with run-time dispatch
#   asan     the same under AddressSanitizer + UndefinedBehaviorSanitizer
#   aarch64  the same binary cross-compiled and run under qemu-aarch64 (NEON kernels)
#   fuzz     every libFuzzer target (tests/fuzz) for 20 s from its corpus, clang + ASan + UBSan
#   types    TypeScript type check of the page and the tests
#   web      Vitest: both wasm builds in Node, link codec, comparison logic
#   e2e      playwright-core + Debian Chromium against the built page
# Slow cases (large N) are skipped under sanitizers and qemu (SP_QUICK_TESTS=1).
set -uo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

declare -a names=() results=()
run_layer() {
  local name=$1
  shift
  step "$name"
  local start=$SECONDS
  if "$@"; then results+=("ok    $name ($((SECONDS - start)) s)"); else results+=("FAIL  $name ($((SECONDS - start)) s)"); failed=1; fi
}
failed=0

step "setup"
bash scripts/setup.sh || exit 1

layer_native() { build_native && ctest --preset native; }
layer_asan() {
  cmake --preset native-asan >/dev/null && cmake --build --preset native-asan &&
    SP_QUICK_TESTS=1 ctest --preset native-asan
}
layer_aarch64() {
  cmake --preset aarch64 >/dev/null && cmake --build --preset aarch64 &&
    SP_QUICK_TESTS=1 ctest --preset aarch64
}
layer_fuzz() { bash scripts/fuzz.sh all 20; }
layer_types() { npx tsc --noEmit -p tsconfig.json; }
layer_web() { build_wasm && npx vitest run --config vitest.config.ts; }
layer_e2e() { build_web && npx vitest run --config vitest.e2e.config.ts; }

run_layer native layer_native
run_layer asan layer_asan
run_layer aarch64 layer_aarch64
run_layer fuzz layer_fuzz
run_layer types layer_types
run_layer web layer_web
run_layer e2e layer_e2e

step "summary"
printf '%s\n' "${results[@]}"
exit $failed
