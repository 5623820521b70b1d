#!/usr/bin/env bash
# check_shared_code_isa.sh must fail on each breach of the pass rules and pass clean code, as the
# tree's own compiler and flags build them (so the sanitize tree's UBSan prologues are in the test).
# Usage: check_shared_code_isa_test.sh CXX [FLAG...]
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cxx=$1; shift
work=$(mktemp -d) || exit 2
trap 'rm -rf "$work"' EXIT
failed=0
fail() { echo "FAIL: $*"; failed=1; }
for source in offenders clean; do
  "$cxx" -std=c++17 -O1 "$@" "$here/isa_check/$source.cpp" -o "$work/$source" || { echo "could not build $source.cpp"; exit 2; }
done

"$here/check_shared_code_isa.sh" "$work/offenders" >"$work/offenders.out"
status=$?
[ "$status" -eq 1 ] || fail "offenders: exit $status, expected 1"
for finding in 'outside_pass(.*): outside any pass, uses .*%ymm' \
                'sp::isa_avx2::wide_in_avx2(.*): AVX-512 registers in isa_avx2' \
                'int apply<sp::isa_avx2::Probe>(.*): baseline template calls into a pass'; do
  grep -q -- "$finding" "$work/offenders.out" || fail "offenders: no line matches '$finding'"
done

"$here/check_shared_code_isa.sh" "$work/clean" >"$work/clean.out"
status=$?
[ "$status" -eq 0 ] || fail "clean: exit $status, expected 0"
# Under UBSan's function sanitizer the check must have read past the prologues, or it proved less.
if printf '%s\n' "$@" | grep -q -- '-fsanitize=.*\(undefined\|function\)'; then
  grep -q "start with UBSan's prologue" "$work/clean.out" || fail "clean: built with UBSan, but no prologue was read past"
fi

"$here/check_shared_code_isa.sh" "$work/missing" >/dev/null
status=$?
[ "$status" -eq 2 ] || fail "missing binary: exit $status, expected 2"

sed 's/^/offenders: /' "$work/offenders.out"
sed 's/^/clean: /' "$work/clean.out"
exit $failed
