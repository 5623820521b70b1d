#!/usr/bin/env bash
# Installs everything simd-puzzles needs on Debian 12, and nothing twice:
#   apt: compilers and tools for every build (native, AArch64 + qemu, Emscripten, fuzz), the
#        header-only C++ libraries, GoogleTest sources, and Debian's Chromium for browser tests;
#   npm: the page's packages, exactly as package-lock.json pins them.
# As root it installs what is missing; otherwise it prints the apt-get line to run and stops.
set -euo pipefail
cd "$(dirname "$0")/.."

APT_PACKAGES=(
  cmake ninja-build g++ pkg-config               # native build
  googletest nlohmann-json3-dev libcli11-dev      # C++ test framework and libraries
  g++-aarch64-linux-gnu qemu-user                 # AArch64 cross build, NEON tests under qemu
  emscripten                                      # wasm builds (pulls clang-14, binaryen, node-acorn)
  clang-14 libclang-rt-14-dev                     # fuzz targets: libFuzzer, ASan and UBSan runtimes
  chromium                                        # e2e tests and bench:compare (never downloaded by npm)
)

missing=()
for pkg in "${APT_PACKAGES[@]}"; do
  status=$(dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null || true)
  [[ "$status" == "install ok installed" ]] || missing+=("$pkg")
done

if ((${#missing[@]})); then
  if [[ $(id -u) -eq 0 ]]; then
    echo "setup: installing ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  else
    echo "setup: missing Debian packages. Run, as root:" >&2
    echo "  apt-get update && apt-get install -y --no-install-recommends ${missing[*]}" >&2
    exit 1
  fi
fi

if ! command -v node >/dev/null || [[ $(node -p 'process.versions.node.split(".")[0]') -lt 20 ]]; then
  echo "setup: Node.js 20 or newer is required (found: $(node --version 2>/dev/null || echo none))" >&2
  exit 1
fi

# npm install (not npm ci): with npm 11, a lock written on one platform lists only that
# platform's optional packages (rollup, esbuild), and npm ci then refuses it (npm/cli#4828,
# #9083). npm install honours the lock and leaves it unchanged.
if [[ ! -f node_modules/.package-lock.json || package-lock.json -nt node_modules/.package-lock.json ]]; then
  echo "setup: installing npm packages from package-lock.json"
  npm install --no-audit --no-fund --loglevel=error
fi
