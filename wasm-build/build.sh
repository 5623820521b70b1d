#!/usr/bin/env bash
# Builds both wasm flavours into wasm-build/out/{simd,baseline}/simd-puzzles.{mjs,wasm}.
# Debian's emcc needs NODE_PATH to find its acorn optimiser at -O2 and above.
set -euo pipefail
cd "$(dirname "$0")/.."
export NODE_PATH=/usr/share/nodejs
for preset in wasm-simd wasm-baseline; do
  cmake --preset "$preset" >/dev/null
  cmake --build --preset "$preset"
done
