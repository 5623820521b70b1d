#!/usr/bin/env bash
# The run-time dispatch guarantee, checked on the linked x86-64 binary: no weak (COMDAT) function,
# i.e. no code the linker picked one copy of among several object files, uses an instruction
# beyond the x86-64 baseline. Such a copy may have been compiled inside one file's AVX-512 region
# and be called from another file's SSE4.1 or baseline path (cpp/simd/target.h, families.h).
# Usage: check_shared_code_isa.sh BINARY. Exit 1 and a list of offenders on failure.
set -euo pipefail
binary=$1
weak_list=/tmp/sp_weak.$$
# The names go through a file: a sanitizer build has too many for one awk argument.
nm --defined-only "$binary" | awk '$2 == "W" { print $3 }' | sort -u > "$weak_list"
weak=$(cat "$weak_list")
objdump -d --no-show-raw-insn "$binary" | awk -v weak_list="$weak_list" '
  BEGIN {
    while ((getline line < weak_list) > 0) is_weak[line] = 1
    # VEX/EVEX (ymm, zmm, mask registers, v-prefixed ops on xmm), SSSE3, SSE4, POPCNT, BMI, GFNI.
    # Not tzcnt: GCC emits "rep bsf" for baseline count-trailing-zeros, which objdump shows as
    # tzcnt and pre-BMI CPUs run as bsf (the same result for the non-zero inputs it is used on).
    beyond = "%[yz]mm|%k[0-7]|(^|[^a-z0-9_])v[a-z0-9]+[ \t].*%xmm|(^|[^a-z0-9_])(pshufb|palignr|pabs[bwd]|phadd[a-z]*|pmaddubsw|pmulhrsw|psign[bwd]|pblendvb|pblendw|ptest|pmin[su][bdw]|pmax[su][bdw]|pextr[bdq]|pinsr[bdq]|pmov[sz]x[a-z]*|pcmpeqq|pcmpgtq|pmulld|pmuldq|packusdw|blendv?p[sd]|roundp[sd]|dpp[sd]|insertps|extractps|popcnt|lzcnt|pdep|pext|bzhi|shlx|shrx|sarx|rorx|andn|blsr|blsi|blsmsk|gf2p8[a-z0-9]*)([^a-z0-9_]|$)"
  }
  /^[0-9a-f]+ <.*>:$/ { name = substr($2, 2, length($2) - 3); next }
  (name in is_weak) && !(name in reported) && $0 ~ beyond { reported[name] = 1; print name; ++bad }
  END { exit bad ? 1 : 0 }
' > /tmp/sp_shared_isa.$$ && status=0 || status=$?
if [ "$status" -ne 0 ]; then
  echo "shared (weak) functions with instructions beyond x86-64 baseline:"
  c++filt < /tmp/sp_shared_isa.$$ | sed 's/^/  /'
fi
rm -f /tmp/sp_shared_isa.$$ "$weak_list"
[ "$status" -eq 0 ] && echo "$(echo "$weak" | wc -l) weak functions, none beyond x86-64 baseline"
exit "$status"
