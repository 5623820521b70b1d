# Shared by the scripts: where things are, and a step printer.
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export NODE_PATH=/usr/share/nodejs   # Debian's emcc finds its acorn optimiser there
NATIVE_CLI="$ROOT/build/native/simd-puzzles"

# A step's heading, with the time since the script started (SECONDS counts from bash's start).
step() { printf '\n\033[1m== %s\033[0m  (%d:%02d)\n' "$*" $((SECONDS / 60)) $((SECONDS % 60)); }

build_native() {
  cmake --preset native >/dev/null
  cmake --build --preset native
}

# clang ASan + UBSan: the unit tests, the CLI and the libFuzzer targets, one tree.
build_sanitize() {
  cmake --preset sanitize >/dev/null
  cmake --build --preset sanitize
}

# AArch64 (NEON), cross-compiled; its tests run under qemu-aarch64.
build_aarch64() {
  cmake --preset aarch64 >/dev/null
  cmake --build --preset aarch64
}

# Just the CLI (npm start needs no test binaries).
build_native_cli() {
  cmake --preset native >/dev/null
  # and the playground's link kit (an archive of the same objects: seconds)
  cmake --build --preset native --target simd-puzzles sp_playground_engine
}

# The three flavours (two compiles); arguments go to `cmake --build` (npm start: `--target sp_page_modules sp_playground_engine`).
build_wasm() { bash "$ROOT/wasm-build/build.sh" "$@"; }

build_web() { npx vite build --config "$ROOT/web/vite.config.ts" --logLevel warn; }

# The page, unless web/dist is newer than everything it is built from.
build_web_if_stale() {
  local built="$ROOT/web/dist/index.html"
  if [[ -f "$built" ]] && [[ -z $(find "$ROOT/web/src" "$ROOT/web/public" "$ROOT/web/index.html" "$ROOT/web/bench.html" \
      "$ROOT/web/vite.config.ts" "$ROOT/scripts/site-files.ts" "$ROOT/package-lock.json" "$ROOT"/wasm-build/out/*/simd-puzzles.{mjs,wasm} \
      -newer "$built" -type f -print -quit 2>/dev/null) ]]; then
    echo "page: up to date"
    return 0
  fi
  build_web
}
