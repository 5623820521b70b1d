#!/usr/bin/env bash
# A sixth puzzle for proving that a puzzle is its own folders (issue 30): `add` copies the scratch
# puzzle "trisum" (the sum 1..n: two scalar C++ kernels, a view, its CSS, a JavaScript kernel) from
# tests/fixtures/scratch-puzzle/ into cpp/puzzles/trisum/ and web/src/puzzles/trisum/, and nowhere
# else; `remove` takes it out again. In between, rebuild (native CLI and tests, both wasm builds, the
# page) and run the layers: each one picks trisum up with no edit to any other file.
# docs/adding-a-puzzle.md says what to run.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
FIXTURE="$ROOT/tests/fixtures/scratch-puzzle"
FOLDERS=(cpp/puzzles/trisum web/src/puzzles/trisum)

case "${1:-}" in
  add)
    for f in "${FOLDERS[@]}"; do
      [[ -e "$ROOT/$f" ]] && { echo "scratch-puzzle: $f exists already" >&2; exit 1; }
      cp -r "$FIXTURE/$f" "$ROOT/$f"
    done
    echo "scratch-puzzle: added ${FOLDERS[*]}; rebuild, test, then: $0 remove" ;;
  remove)
    for f in "${FOLDERS[@]}"; do rm -rf "${ROOT:?}/$f"; done
    echo "scratch-puzzle: removed ${FOLDERS[*]}" ;;
  *)
    echo "usage: $0 add|remove" >&2
    exit 2 ;;
esac
