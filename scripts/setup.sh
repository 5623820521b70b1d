#!/usr/bin/env bash
# Installs everything simd-puzzles needs on Debian 12, and nothing twice:
#   apt: compilers and tools for every build (native, AArch64 + qemu, Emscripten, fuzz), the
#        header-only C++ libraries, GoogleTest sources, and Debian's Chromium for browser tests;
#   npm: the page's packages, exactly as package-lock.json pins them.
# As root it installs what is missing; otherwise it prints the apt-get line to run and stops.
#
#   bash scripts/setup.sh [start|aarch64]
#
# `start` (npm start) installs only what building and serving the page needs, so a first start
# does not wait for the test layers' cross compiler, qemu, fuzzing runtimes and Chromium; npm test
# and bench:compare install the rest. `aarch64` installs only the AArch64 cross tools (npm start's
# background AArch64 listing, as root).
set -euo pipefail
cd "$(dirname "$0")/.."

APT_PACKAGES=(
  cmake ninja-build g++ pkg-config               # native build
  googletest libgtest-dev nlohmann-json3-dev libcli11-dev  # C++ test framework (configured with the CLI) and libraries
  emscripten                                      # wasm builds (pulls clang-14, binaryen, node-acorn)
  binutils wabt                                   # instruction listings (objdump, c++filt, wasm-objdump); the relaxed wasm build (wasm2wat, wat2wasm)
  stockfish                                       # the chess puzzle's native peer (go perft)
  bubblewrap                                      # the playground's jails (docs/playground.md); prlimit and setpriv are util-linux's
)
if [[ "${1:-}" == aarch64 ]]; then
  # npm start's background AArch64 listing (scripts/aarch64-listing.mjs): the cross tools only.
  APT_PACKAGES=(g++-aarch64-linux-gnu binutils-aarch64-linux-gnu qemu-user)
elif [[ "${1:-}" != start ]]; then
  APT_PACKAGES+=(
    g++-aarch64-linux-gnu qemu-user               # AArch64 cross build, NEON tests under qemu
    binutils-aarch64-linux-gnu                    # its instruction listing (aarch64-linux-gnu-objdump)
    clang-14 libclang-rt-14-dev                   # fuzz targets: libFuzzer, ASan and UBSan runtimes
    chromium                                      # e2e tests and bench:compare (never downloaded by npm)
    firefox-esr                                   # the second engine: e2e and bench:compare over WebDriver BiDi (puppeteer-core)
  )
fi

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

[[ "${1:-}" == aarch64 ]] && exit 0

# The playground's sandbox user (docs/playground.md): a server running as root compiles and runs a
# user's kernel as this unprivileged system user, never as root (bwrap as root keeps CAP_SYS_ADMIN
# and the kernel ignores its process limit). Its own user rather than `nobody`, which other daemons
# share. Not needed when the server runs as an ordinary user (the jail then runs as that user).
if [[ $(id -u) -eq 0 ]] && ! getent passwd sp-sandbox >/dev/null; then
  echo "setup: creating the playground's sandbox user sp-sandbox"
  useradd --system --no-create-home --home-dir /nonexistent --shell /usr/sbin/nologin --user-group sp-sandbox
fi

# Node.js >= 20.19 (Vite 7's floor). Stock Debian 12 ships Node 18, so when the Node on PATH is
# older or missing, install one from the npm registry (reachable wherever npm is): the official
# binary published as node-linux-<arch>, and npm itself, into /opt/simd-puzzles-node, linked from
# /usr/local/bin (ahead of /usr/bin on PATH). Debian's nodejs + npm are only the bootstrap that
# fetches them.
NODE_MIN_MAJOR=20 NODE_MIN_MINOR=19 NODE_INSTALL_MAJOR=22
NODE_PREFIX=${SP_NODE_PREFIX:-/opt/simd-puzzles-node}
NODE_LINKS=${SP_NODE_LINKS:-/usr/local/bin}
node_ok() {
  command -v node >/dev/null &&
    node -e "const [a, b] = process.versions.node.split('.').map(Number);
             process.exit(a > $NODE_MIN_MAJOR || (a === $NODE_MIN_MAJOR && b >= $NODE_MIN_MINOR) ? 0 : 1)"
}
install_node() {
  local arch
  case "$(uname -m)" in
    x86_64) arch=x64 ;;
    aarch64) arch=arm64 ;;
    *) echo "setup: no Node.js binary for $(uname -m) on the npm registry; install Node >= 20.19 by hand" >&2; return 1 ;;
  esac
  if ! command -v npm >/dev/null; then
    apt-get update -qq && apt-get install -y -qq --no-install-recommends nodejs npm >/dev/null
  fi
  local tmp
  tmp=$(mktemp -d)
  (cd "$tmp" && npm pack --silent "node-linux-$arch@$NODE_INSTALL_MAJOR" "npm@11" >/dev/null) || return 1
  rm -rf "$NODE_PREFIX"
  mkdir -p "$NODE_PREFIX/lib/node_modules/npm"
  tar -xzf "$tmp"/node-linux-*.tgz -C "$NODE_PREFIX" --strip-components=1 package/bin package/LICENSE
  tar -xzf "$tmp"/npm-*.tgz -C "$NODE_PREFIX/lib/node_modules/npm" --strip-components=1
  ln -sf "$NODE_PREFIX/bin/node" "$NODE_LINKS/node"
  ln -sf "$NODE_PREFIX/lib/node_modules/npm/bin/npm-cli.js" "$NODE_LINKS/npm"
  ln -sf "$NODE_PREFIX/lib/node_modules/npm/bin/npx-cli.js" "$NODE_LINKS/npx"
  rm -rf "$tmp"
  hash -r
}
if ! node_ok; then
  found=$(node --version 2>/dev/null || echo none)
  if [[ $(id -u) -eq 0 ]]; then
    echo "setup: Node.js >= $NODE_MIN_MAJOR.$NODE_MIN_MINOR is required (found: $found); installing Node $NODE_INSTALL_MAJOR from the npm registry into $NODE_PREFIX"
    install_node && node_ok || { echo "setup: could not install Node.js" >&2; exit 1; }
    echo "setup: using $(command -v node) $(node --version), npm $(npm --version)"
  else
    echo "setup: Node.js >= $NODE_MIN_MAJOR.$NODE_MIN_MINOR is required (found: $found). Run this script as root to" >&2
    echo "  install Node $NODE_INSTALL_MAJOR from the npm registry into $NODE_PREFIX, or install it yourself (e.g. nvm)." >&2
    exit 1
  fi
fi

# npm install (not npm ci): with npm 11, a lock written on one platform lists only that
# platform's optional packages (rollup, esbuild), and npm ci then refuses it (npm/cli#4828,
# #9083). npm install honours the lock and leaves it unchanged.
if [[ ! -f node_modules/.package-lock.json || package-lock.json -nt node_modules/.package-lock.json ]]; then
  echo "setup: installing npm packages from package-lock.json"
  npm install --no-audit --no-fund --loglevel=error
fi
