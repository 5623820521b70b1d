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
//    "harness": {"min_samples": 11, "min_sample_ms": 10}}
//   {"action": "bench", "puzzles": ["nqueens"], "cases": ["n=8"], "kernels": [...], "harness": {}}
//   {"action": "illustrate", "puzzle": "nqueens", "params": {"n": 12}}   (drawing data only)
//
// Responses: {"ok": true, ...} or {"ok": false, "error": "message"}. Never an exception, never an
// abort: every input is validated first.
//
// Record (one per kernel result, identical natively and in wasm):
//   {"puzzle", "case", "params", "kernel", "isa", "build", "answer", "verified", "verified_by",
//    "work", "work_unit", "timing"?: {samples, reps_per_sample, median_ns, min_ns, mad_ns,
//    ns_per_unit, units_per_second}}
// `build` is native, native-asan, aarch64, wasm-simd128 or wasm-baseline: records from several
// builds meet on the page, and each number must say where it came from.
// Report: {"schema": "simd-puzzles.report/1", "environment": {...}, "records": [...]}

#include <functional>
#include <string>

#include "core/json.h"
#include "core/registry.h"

namespace sp {

inline constexpr const char* kReportSchema = "simd-puzzles.report/1";

// Progress events: {"phase": "verify"|"warmup"|"sample", "puzzle", "case", "kernel", "isa",
// "kernel_index", "kernel_count", "case_index", "case_count", "sample", "samples", "elapsed_s"}.
using ProgressFn = std::function<void(const json& event)>;

json handle_request(const json& request, const Input& input = {}, const ProgressFn& progress = {});

// Build and machine description: cpu, features, compiler, flags, timer resolution, date.
json environment_json();

// "n=12" style name for a validated params object (also how bench cases are matched).
std::string case_name(const json& params);
// The name records carry: the params', plus " file=<bytes>B" when the case reads an input file,
// so a file run never pairs with the native numbers of a generated case with the same params.
std::string case_name(const PreparedCase& c);

}  // namespace sp
