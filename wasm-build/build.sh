#!/usr/bin/env bash
# Builds the three wasm flavours into wasm-build/out/{simd,relaxed,baseline}/: the module the page loads
# (simd-puzzles.{mjs,wasm}) and the test programs Vitest runs. Two compiles: the relaxed flavour is
# the SIMD128 tree's module rewritten after linking (wasm-build/CMakeLists.txt). Arguments go to
# `cmake --build`, e.g. `--target sp_page_modules` for the modules alone (what `npm start` needs).
# Debian's emcc needs NODE_PATH to find its acorn optimiser at -O2 and above.
set -euo pipefail
cd "$(dirname "$0")/.."
export NODE_PATH=/usr/share/nodejs
for preset in wasm-simd wasm-baseline; do
  cmake --preset "$preset" >/dev/null
  cmake --build --preset "$preset" "$@"
done
