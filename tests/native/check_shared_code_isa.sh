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
# Private files (mktemp), removed however the script ends: the binary as read, the findings and
# what the tools said.
readable=$(mktemp) report=$(mktemp) errors=$(mktemp) || exit 2
trap 'rm -f "$readable" "$report" "$errors"' EXIT
# A disassembly that did not finish proves nothing either way: say so, apart from a finding.
unreadable() {
  echo "could not check $binary: $1"
  sed 's/^/  /' "$errors" | head -20
  exit 2
}
# UBSan's -fsanitize=function (the sanitize tree) starts each function with `jmp .+8`, two
# signature bytes and a 4-byte offset to the function's type: data that objdump's linear sweep
# decodes as instructions, which swallow the real first ones (a call the third rule needs, or a
# `vandnps` no compiler emitted). So objdump reads a copy where the 6 bytes a function's leading
# `jmp .+8` (eb 06) skips are NOPs: bytes no CPU executes, whatever made them.
cp "$binary" "$readable" 2>"$errors" || unreadable "cannot copy it to read"
# shellcheck disable=SC2016
nop_prologues='
  open(my $sections, "-|", "objdump", "-h", $ARGV[0]) or die "objdump -h: $!\n";
  my @code;                                    # [vma, size, file offset] of each section
  while (<$sections>) { push @code, [map { hex } $2, $1, $3] if /^\s*\d+\s+\S+\s+([0-9a-f]+)\s+([0-9a-f]+)\s+[0-9a-f]+\s+([0-9a-f]+)/ }
  close $sections or die "objdump -h failed\n";
  open(my $file, "+<:raw", $ARGV[0]) or die "$ARGV[0]: $!\n";
  my $patched = 0;
  while (my $line = <STDIN>) {
    my ($address, $type) = split " ", $line;
    next unless $type =~ /^[TtWw]$/;
    my $at = hex $address;
    my ($section) = grep { $at >= $_->[0] && $at + 8 <= $_->[0] + $_->[1] } @code or next;
    my $offset = $section->[2] + $at - $section->[0];
    seek $file, $offset, 0; read($file, my $head, 2) == 2 or die "short read at $offset\n";
    next unless $head eq "\xeb\x06";
    seek $file, $offset + 2, 0; print $file "\x90" x 6 or die "write: $!\n";
    $patched++;
  }
  close $file or die "close: $!\n";
  print "$patched\n";
'
prologues=$(nm --defined-only "$binary" 2>>"$errors" | sort -u | perl -e "$nop_prologues" "$readable" 2>>"$errors") \
  || unreadable "could not read its functions' first bytes"
# SSSE3, SSE4, POPCNT, BMI and GFNI mnemonics. Not tzcnt: GCC emits "rep bsf" for baseline
# count-trailing-zeros, which objdump shows as tzcnt and pre-BMI CPUs run as bsf (the same result
# for the non-zero inputs it is used on).
mnemonics='pshufb|palignr|pabs[bwd]|phadd[a-z]*|pmaddubsw|pmulhrsw|psign[bwd]|pblendvb|pblendw|ptest|pmin[su][bdw]|pmax[su][bdw]|pextr[bdq]|pinsr[bdq]|pmov[sz]x[a-z]*|pcmpeqq|pcmpgtq|pmulld|pmuldq|packusdw|blendv?p[sd]|roundp[sd]|dpp[sd]|insertps|extractps|popcnt|lzcnt|pdep|pext|bzhi|shlx|shrx|sarx|rorx|andn|blsr|blsi|blsmsk|gf2p8[a-z0-9]*'
# Only the lines the rules read reach awk: symbol headers, calls, vector registers and the
# mnemonics. grep drops the other ~85% far faster than awk's regexes would (the sanitize tree's
# sp_tests: 19 s to 5 s).
keep=">:\$|call|%[xyz]mm|%k[0-7]|$mnemonics"
# shellcheck disable=SC2016
rules='
  BEGIN {
    # VEX/EVEX (ymm, zmm, mask registers, v-prefixed ops on xmm) and the mnemonics above.
    beyond = "%[yz]mm|%k[0-7]|(^|[^a-z0-9_])v[a-z0-9]+[ \t].*%xmm|(^|[^a-z0-9_])(" mnemonics ")([^a-z0-9_]|$)"
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
  /^[0-9a-f]+ <.*>:$/ { name = substr($2, 2, length($2) - 3); sub(/\+0x[0-9a-f]+$/, "", name); pass = pass_of(name); next }
  name == "" { next }
  !(name in seen1) && pass == "" && $0 ~ beyond { seen1[name] = 1; insn = $0; gsub(/[ \t]+/, " ", insn); print "outside any pass, uses" insn "\t" name }
  !(name in seen2) && pass != "" && pass !~ /^isa_avx512/ && $0 ~ avx512_only { seen2[name] = 1; print "AVX-512 registers in " pass "\t" name }
  pass == "" && mentions_pass(name) && /call/ && match($0, /<[^>+]*/) {
    callee = substr($0, RSTART + 1, RLENGTH - 1)
    if (pass_of(callee) != "" && !(name in seen3)) { seen3[name] = 1; print "baseline template calls into a pass\t" name }
  }
'
objdump -d --no-show-raw-insn "$readable" 2>"$errors" | grep -E "$keep" | awk -v mnemonics="$mnemonics" "$rules" >"$report"
statuses=("${PIPESTATUS[@]}")
[ "${statuses[0]}" -eq 0 ] && [ "${statuses[1]}" -le 1 ] && [ "${statuses[2]}" -eq 0 ] || unreadable "objdump exit ${statuses[0]}, grep exit ${statuses[1]}, awk exit ${statuses[2]}"
if [ -s "$report" ]; then
  echo "code that breaks the ISA pass rules (cpp/simd/isa.h):"
  while IFS=$'\t' read -r what sym; do
    printf '  %s: %s\n' "$(echo "$sym" | c++filt)" "$what"
  done <"$report"
  exit 1
fi
echo "$(nm --defined-only "$binary" | grep -c ' [TtWw] _ZZ\?NK\?2sp[0-9]*isa_') functions in ISA passes; none beyond x86-64 baseline outside them"
[ "$prologues" -eq 0 ] || echo "($prologues functions start with UBSan's prologue: read past it)"
