#!/usr/bin/env bash
# Fuzzes the parsers (tests/fuzz: one libFuzzer target per tests/fuzz/<name>.cpp).
#
#   npm run fuzz                     every target, 5 minutes each
#   npm run fuzz -- cube 600         one target, 10 minutes
#   npm run fuzz -- all 20           every target, 20 s each (what the `fuzz` layer of npm test runs;
#                                    npm run test:full gives each 120 s)
#
# Builds the `sanitize` preset (clang 14, ASan + UBSan) first. Each target starts from its seed
# corpus (tests/fuzz/corpus/<name>, never written to) plus what earlier runs here found
# (build/sanitize/corpus/<name>, where new inputs go), with tests/fuzz/<name>.dict if there is one.
# libFuzzer runs on one core, so as many targets run at once as the machine has cores.
# A crash, a sanitizer report, a broken property, a leak, an input slower than the timeout or a
# memory blow-up fails the run; the reproducer is left in test-artifacts/fuzz/<name>/ and the
# command to replay it is printed. Per-target logs and a summary go to test-artifacts/fuzz/.
set -uo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

which=${1:-all}
seconds=${2:-300}
[[ "$seconds" =~ ^[0-9]+$ && "$seconds" -gt 0 ]] || { echo "fuzz: seconds must be a positive whole number, got '$seconds'" >&2; exit 2; }

# Limits for every input: a parser input runs in milliseconds (the targets keep expensive requests
# out), so 10 s means a hang; 2 GiB RSS means a runaway allocation; 4 KiB inputs reach every
# parser state (the longest param is 256 bytes) and every popcount tail and block size.
LIMITS=(-timeout=10 -rss_limit_mb=2048 -max_len=4096)

build_sanitize || { echo "fuzz: the sanitize build failed" >&2; exit 1; }

targets=()
for source in tests/fuzz/*.cpp; do
  name=$(basename "$source" .cpp)
  [[ "$which" == all || "$which" == "$name" ]] && targets+=("$name")
done
if ((${#targets[@]} == 0)); then
  echo "fuzz: no target named '$which' (targets: $(basename -s .cpp tests/fuzz/*.cpp | tr '\n' ' '))" >&2
  exit 2
fi

artifacts=test-artifacts/fuzz
mkdir -p "$artifacts"
summary=$artifacts/summary.txt
: >"$summary"

# One target for `seconds`; its result line goes to the summary (and, with the evidence of a
# failure, to stdout). Exit status: the fuzzer's.
fuzz_one() {
  local name=$1
  local binary=build/sanitize/tests/fuzz/fuzz-$name work=build/sanitize/corpus/$name out=$artifacts/$name log=$artifacts/$name.log
  rm -rf "$out" && mkdir -p "$work" "$out"
  local dict=()
  [[ -f tests/fuzz/$name.dict ]] && dict=(-dict="tests/fuzz/$name.dict")
  "$binary" "${LIMITS[@]}" "${dict[@]}" -max_total_time="$seconds" -print_final_stats=1 \
    -artifact_prefix="$out/" "$work" "tests/fuzz/corpus/$name" >"$log" 2>&1
  local status=$?
  local runs rss cov corpus
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  rss=$(sed -n 's/^stat::peak_rss_mb: *//p' "$log" | tail -1)
  cov=$(grep -oE 'cov: [0-9]+ ft: [0-9]+' "$log" | tail -1)
  corpus=$(find "$work" "tests/fuzz/corpus/$name" -type f | wc -l)
  local line="$name: ${runs:-?} executions in ${seconds} s, ${cov:-no coverage line}, corpus ${corpus} files (seeds + found), peak ${rss:-?} MB"
  if ((status != 0)); then
    line="FAIL $line"
    {
      echo "$line"
      grep -E 'property broken|ERROR: (AddressSanitizer|LeakSanitizer|libFuzzer)|runtime error|^  ' "$log" | head -8
      for crash in "$out"/*; do
        [[ -f "$crash" ]] && echo "  reproducer: $crash   (replay: $binary $crash)"
      done
      echo "  full log: $log"
    }
  else
    echo "$line"
  fi
  echo "$line" >>"$summary"
  return $status
}

step "fuzz ${targets[*]} (${seconds} s each, $(nproc) at a time)"
failed=0
running=0
for name in "${targets[@]}"; do
  if ((running >= $(nproc))); then
    wait -n || failed=1
    ((running--))
  fi
  fuzz_one "$name" &
  ((running++))
done
while ((running > 0)); do
  wait -n || failed=1
  ((running--))
done
step "fuzz summary"
cat "$summary"
exit $failed
