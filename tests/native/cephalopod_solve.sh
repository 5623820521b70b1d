#!/bin/sh
# `simd-puzzles solve cephalopod` as a contest harness runs it: each official input on stdin, the
# output compared byte for byte with the contest's expected output; bad stdin is a message and a
# non-zero exit. Usage: cephalopod_solve.sh <tests/data/cephalopod_contest> [emulator] <simd-puzzles>
set -u
dir=$1
shift
out=$(mktemp)
err=$(mktemp)
trap 'rm -f "$out" "$err"' EXIT
status=0
count=0
for input in "$dir"/*.in; do
  if ! "$@" solve cephalopod <"$input" >"$out" 2>"$err"; then
    echo "FAIL $input: $(cat "$err")"
    status=1
  elif ! cmp -s "$out" "${input%.in}.out"; then
    echo "FAIL $input: printed '$(cat "$out")', expected '$(cat "${input%.in}.out")'"
    status=1
  fi
  count=$((count + 1))
done
[ "$count" -eq 12 ] || { echo "FAIL: $count official inputs, expected 12"; status=1; }

# Reads $text (printf %b escapes) on stdin and expects a failure whose message matches $message.
rejects() {
  if printf '%b' "$text" | "$@" solve cephalopod >"$out" 2>"$err"; then
    echo "FAIL '$text' was accepted: $(cat "$out")"
    status=1
  elif ! grep -q -- "$message" "$err"; then
    echo "FAIL '$text': expected '$message', got '$(cat "$err")'"
    status=1
  fi
}
text='41\n0 0 0\n0 0 0\n0 0 0\n' message='depth must be in 0..40, got 41' rejects "$@"
text='x\n0 0 0\n0 0 0\n0 0 0\n' message="depth must be an integer in 0..40, got 'x'" rejects "$@"
text='20\n0 6 0\n2 2 2\n' message='board has 6 cells; it needs 9' rejects "$@"
text='20\n0 6 0\n2 7 2\n1 6 1\n' message='cell 5 (row 2, column 2) is 7' rejects "$@"
text='' message='contest input is empty' rejects "$@"
# Whitespace-tolerant: all on one line, tabs, no final newline.
printf '20 0 6 0\t2 2 2 1 6 1' | "$@" solve cephalopod >"$out" 2>"$err" && [ "$(cat "$out")" = 322444322 ] ||
  { echo "FAIL one-line input: '$(cat "$out")' $(cat "$err")"; status=1; }
[ "$status" -eq 0 ] && echo "12 official inputs answered byte for byte; bad input rejected"
exit $status
