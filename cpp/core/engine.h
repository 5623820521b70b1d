#pragma once
// The engine: the one place that turns a request into results. The CLI and the wasm bindings are
// thin shells around `handle_request`, so a kernel is selected, verified, timed and reported the
// same way on both sides, and the JSON record schema has one definition.
//
// Requests (JSON objects):
//   {"action": "catalog"}
//   {"action": "environment"}
//   {"action": "run", "puzzle": "nqueens", "params": {"n": 12},
//    "kernels": ["all"] | ["simd-lanes", "bitmask-stack/scalar"], "time": false,
//    "harness": {"rounds": 6, "batch_ms": 10, "batches": 3, "max_rounds": 6, "budget_s": 120, "seed": 0},
//    "session"?: "id"}
//       Timed kernels are measured by core/harness.h's method: warm-up until stable, then rounds
//       in passes of shuffled kernel order (auto-sampling up to max_rounds while an interval is
//       wider than +-5 %). With a "session", the engine keeps the case prepared and its kernels
//       verified, warmed up and calibrated for the session's next request on the same case and
//       kernels, and each request adds `rounds` rounds (the page alternates a wasm round and a
//       native round this way, ABBA); its records carry only this request's rounds.
//   {"action": "bench", "puzzles": ["nqueens"], "cases": ["n=8"], "kernels": [...], "harness": {}}
//       Passes over the cases in shuffled order, one round of each kernel per visit, `rounds`
//       passes (more, up to max_rounds, for cases whose intervals are wider than +-5 %, within
//       budget_s): a case's rounds spread over the whole bench.
//   {"action": "illustrate", "puzzle": "nqueens", "params": {"n": 12}}   (drawing data only)
//   {"action": "validate", "puzzle": "nqueens", "params": {"n": "12"}, "input"?: declared}
//       -> {"ok": true, "params": canonical, "case": label, "case_key": key, "work_unit" (the
//           case's own, as its records will say: chess attacks count lookups, perft nodes),
//           "input"?: {"bytes", "fnv1a64"}} or {"ok": false, "error", "field"?}.
//       With "cases": [params, ...] (and "inputs": [declared | null, ...]) instead of "params",
//       one such entry per case in "cases" (the page re-checks records from links and files).
//       A declared input {"bytes", "fnv1a64"} stands for a file the call does not carry (a
//       record's "input"); without one, the file given with the request (CLI --file, the
//       module's setInput) is the case's input, and the response says its size and digest.
//   {"action": "known", "puzzle": "nqueens",
//    "cases": [{"params", "answers": [answer, ...], "reference"?: answer, "input"?: declared}]}
//       -> {"ok": true, "cases": [validate's entry + {"known": {"answer", "source"} | null,
//           "compared_with": "known" | "reference" | null, "verdicts": [true | false | null]}]}
//       Prepares each case (one at a time) for its published answer and compares every given
//       answer with the puzzle's same_answer: with the published answer where one exists, else
//       with `reference`, else no verdict. File cases are never prepared (no bytes): reference only.
//   {"action": "summarize", "puzzle": "popcount", "records": [...]}   (the puzzle's own tables,
//       formatted by core/format.h: the page shows them as the CLI prints them)
//
// Responses: {"ok": true, ...} or {"ok": false, "error": "message"}. Never an exception, never an
// abort: every input is validated first.
//
// Cases: `case_key` is a case's identity: its canonical params as JSON (keys sorted), plus the
// size and FNV-1a 64 of the input file when it reads one. Nothing is ever cut from it. `case` is
// the label people read ("n=12"), which may shorten long values.
//
// Record (one per kernel result, identical natively and in wasm):
//   {"puzzle", "case", "case_key", "params", "kernel", "isa", "build", "answer", "verified",
//    "verified_by", "work", "work_unit", "input"?: {bytes, fnv1a64} (cases that read a file),
//    "timing"?: {samples (rounds), reps_per_sample (calls per timed batch), median_ns, min_ns, mad_ns
//                (of the rounds), ns_per_unit, units_per_second, round_ns (each round's per-call
//                time, in the order taken), ci_lo_ns?, ci_hi_ns? (95 % t interval on the logs of the
//                rounds), settled (the warm-up ended on agreement, not at its cap)}}
// `build` is native, native-asan, aarch64, wasm-simd128 or wasm-baseline: records from several
// builds meet on the page, and each number must say where it came from. A kernel that fails (a
// memory cap, a limit) gives no record: it is listed in the response's "failed" with its error.
// Report: {"schema": "simd-puzzles.report/2", "environment": {...}, "records": [...]}

#include <functional>
#include <string>

#include "core/harness.h"
#include "core/json.h"
#include "core/registry.h"

namespace sp {

inline constexpr const char* kReportSchema = "simd-puzzles.report/2";

// Progress events: {"phase": "verify"|"warmup"|"sample", "puzzle", "case", "kernel", "isa",
// "kernel_index", "kernel_count", "case_index", "case_count", "sample", "samples" (a "sample" is a
// round: this kernel's rounds done, of those planned), "elapsed_s", "step", "steps" (the request's
// verification calls, warm-ups and rounds done, of all planned: the one fraction of progress),
// bench only: "pass", "passes"}.
using ProgressFn = std::function<void(const json& event)>;

// `stop`, asked between batches and kernels, ends a run or bench early ({"ok": false, "error":
// "stopped on request"}); a kernel's single call is never interrupted.
json handle_request(const json& request, const Input& input = {}, const ProgressFn& progress = {},
                    const StopFn& stop = {});

// Build and machine description: cpu, features, compiler, flags, timer resolution, date.
json environment_json();

// "n=12" style label for a params object (how bench cases are named); values longer than 48
// characters are shortened for display.
std::string case_name(const json& params);
// The label records carry: the params', plus " file=<bytes>B" when the case reads an input file.
std::string case_name(const PreparedCase& c);
// A case's identity (see above): never shortened, and a file run never pairs with a generated case.
std::string case_key(const json& canonical_params, bool has_input = false, std::size_t input_bytes = 0,
                     std::uint64_t input_digest = 0);
std::string case_key(const PreparedCase& c);

}  // namespace sp
