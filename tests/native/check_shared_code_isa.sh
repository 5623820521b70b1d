#!/usr/bin/env bash
# The run-time dispatch guarantee, checked on a linked x86-64 binary (cpp/simd/isa.h):
#  1. every function that uses an instruction beyond the x86-64 baseline is compiled in an ISA
#     pass (its name is in sp::isa_<pass>): anything else could be code every CPU runs, or one
#     copy the linker kept among several object files' copies;
#  2. zmm and mask registers only in an AVX-512 pass (sp::isa_avx512*);
#  3. no baseline function instantiated on a pass's types calls into the pass: such a template was
#     defined outside the pass, so it takes the baseline target and cannot inline the pass's vector
#     ops (the "reverse hazard": define it inside the pass, i.e. include its header from kernels.inl).
# Names are read mangled: a function of pass P starts _ZN2sp<len>isa_P (or _ZZN for a local, _ZNK
# for a const member). Usage: check_shared_code_isa.sh BINARY. Exit 1 and the offenders on failure;
# exit 2 with objdump's words when the binary could not be read (that proves nothing either way).
set -uo pipefail
binary=$1
# Private files (mktemp), removed however the script ends: the findings, the first reading's and
# one re-reading's lines, and what objdump said.
report=$(mktemp) all=$(mktemp) one=$(mktemp) errors=$(mktemp) || exit 2
trap 'rm -f "$report" "$all" "$one" "$errors"' EXIT
# A disassembly that did not finish proves nothing either way: say so, apart from a finding.
unreadable() {
  echo "could not check $binary: $1"
  sed 's/^/  /' "$errors" | head -20
  exit 2
}
# UBSan's -fsanitize=function (the sanitize tree) starts each function with `jmp .+8`, two
# signature bytes and a 4-byte offset to the function's type: data that objdump decodes as
# instructions, which can swallow the first bytes of the real code and show, say, a `vandnps` no
# compiler emitted. A function that starts so and is flagged is disassembled again from its real
# first instruction (after the 8 bytes), and only that reading counts.
# shellcheck disable=SC2016
rules='
  BEGIN {
    # VEX/EVEX (ymm, zmm, mask registers, v-prefixed ops on xmm), SSSE3, SSE4, POPCNT, BMI, GFNI.
    # Not tzcnt: GCC emits "rep bsf" for baseline count-trailing-zeros, which objdump shows as
    # tzcnt and pre-BMI CPUs run as bsf (the same result for the non-zero inputs it is used on).
    beyond = "%[yz]mm|%k[0-7]|(^|[^a-z0-9_])v[a-z0-9]+[ \t].*%xmm|(^|[^a-z0-9_])(pshufb|palignr|pabs[bwd]|phadd[a-z]*|pmaddubsw|pmulhrsw|psign[bwd]|pblendvb|pblendw|ptest|pmin[su][bdw]|pmax[su][bdw]|pextr[bdq]|pinsr[bdq]|pmov[sz]x[a-z]*|pcmpeqq|pcmpgtq|pmulld|pmuldq|packusdw|blendv?p[sd]|roundp[sd]|dpp[sd]|insertps|extractps|popcnt|lzcnt|pdep|pext|bzhi|shlx|shrx|sarx|rorx|andn|blsr|blsi|blsmsk|gf2p8[a-z0-9]*)([^a-z0-9_]|$)"
    avx512_only = "%zmm|%k[1-7]"
  }
  # The pass a mangled name is compiled in ("" for none): the sp::isa_<pass> right after _ZN2sp.
  function pass_of(sym,    rest, n, p) {
    if (match(sym, /^_ZZ?NK?2sp/) == 0) return ""
    rest = substr(sym, RLENGTH + 1)             # "8isa_avx27nqueens...": a length, then the name
    n = rest + 0
    sub(/^[0-9]+/, "", rest)
    p = substr(rest, 1, n)
    return p ~ /^isa_/ ? p : ""
  }
  function mentions_pass(sym) { return sym ~ /2sp[0-9]+isa_/ }
  function flush() { if (suspect) print "recheck\t" start "\t" $1 "\t" name; suspect = 0 }
  /^[0-9a-f]+ <.*>:$/ {
    flush()
    name = substr($2, 2, length($2) - 3); sub(/\+0x[0-9a-f]+$/, "", name); pass = pass_of(name)
    start = $1; first = 1; prologue = 0; next
  }
  name == "" { next }
  first { first = 0; if (!recheck && index($0, "jmp") && index($0, "<" name "+0x8>")) prologue = 1 }
  prologue && (($0 ~ beyond && pass == "") || ($0 ~ avx512_only && pass != "" && pass !~ /^isa_avx512/)) { suspect = 1; next }
  !(name in seen1) && pass == "" && $0 ~ beyond { seen1[name] = 1; insn = $0; gsub(/[ \t]+/, " ", insn); print "outside any pass, uses" insn "\t" name }
  !(name in seen2) && pass != "" && pass !~ /^isa_avx512/ && $0 ~ avx512_only { seen2[name] = 1; print "AVX-512 registers in " pass "\t" name }
  pass == "" && mentions_pass(name) && /call/ && match($0, /<[^>+]*/) {
    callee = substr($0, RSTART + 1, RLENGTH - 1)
    if (pass_of(callee) != "" && !(name in seen3)) { seen3[name] = 1; print "baseline template calls into a pass\t" name }
  }
  END { $1 = "end"; flush() }
'
objdump -d --no-show-raw-insn "$binary" 2>"$errors" | awk -v recheck=0 "$rules" >"$all"
statuses=("${PIPESTATUS[@]}")
[ "${statuses[0]}" -eq 0 ] && [ "${statuses[1]}" -eq 0 ] || unreadable "objdump exit ${statuses[0]}, awk exit ${statuses[1]}"
grep -v '^recheck' "$all" >"$report"
# start and end are hex addresses as objdump prints them (end: the next symbol's, or "end").
while IFS=$'\t' read -r _ start end _; do
  stop=()
  [ "$end" != end ] && stop=(--stop-address=$((16#$end)))
  objdump -d --no-show-raw-insn --start-address=$((16#$start + 8)) "${stop[@]}" "$binary" 2>"$errors" | awk -v recheck=1 "$rules" >"$one"
  statuses=("${PIPESTATUS[@]}")
  [ "${statuses[0]}" -eq 0 ] && [ "${statuses[1]}" -eq 0 ] || unreadable "objdump exit ${statuses[0]} re-reading the function at 0x$start"
  grep -v '^recheck' "$one" >>"$report"
done < <(grep '^recheck' "$all")
if [ -s "$report" ]; then
  echo "code that breaks the ISA pass rules (cpp/simd/isa.h):"
  while IFS=$'\t' read -r what sym; do
    printf '  %s: %s\n' "$(echo "$sym" | c++filt)" "$what"
  done <"$report"
  exit 1
fi
echo "$(nm --defined-only "$binary" | grep -c ' [TtWw] _ZZ\?NK\?2sp[0-9]*isa_') functions in ISA passes; none beyond x86-64 baseline outside them"
