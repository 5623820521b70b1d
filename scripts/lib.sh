# Shared by the scripts: where things are, and a step printer.
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export NODE_PATH=/usr/share/nodejs   # Debian's emcc finds its acorn optimiser there
NATIVE_CLI="$ROOT/build/native/simd-puzzles"

step() { printf '\n\033[1m== %s\033[0m\n' "$*"; }

build_native() {
  cmake --preset native >/dev/null
  cmake --build --preset native
}

build_wasm() { bash "$ROOT/wasm-build/build.sh"; }

build_web() { npx vite build --config "$ROOT/web/vite.config.ts" --logLevel warn; }
