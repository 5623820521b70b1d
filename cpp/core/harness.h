#pragma once
// The one measuring harness, compiled natively and to wasm, so both sides' numbers mean the same.
//
//  1. Warm up by calls, not by one long call: V8 compiles wasm with Liftoff first and swaps in
//     TurboFan code only for the *next* call (no on-stack replacement), so the wasm build always
//     makes at least two calls before it measures. Warm-up doubles as calibration.
//  2. Calibrate the repetitions until one sample lasts >= 10 ms (2000x a 5 us isolated timer).
//  3. Take >= 11 samples; report median, min and MAD per op, and ns per unit of work.

#include <cstdint>
#include <functional>
#include <vector>

#include "core/json.h"
#include "core/registry.h"

namespace sp {

struct HarnessOptions {
  double min_sample_seconds = 0.010;
  int min_samples = 11;
  int min_warmup_calls = 1;  // 2 in the wasm build, see above
  double min_warmup_seconds = 0.05;

  static HarnessOptions defaults();
  // Reads optional overrides {"min_samples": k, "min_sample_ms": x} and clamps them to sane
  // bounds (at least 3 samples of 1 ms: anything less is not a measurement).
  static Expected<HarnessOptions> from_json(const json& j);
};

struct Timing {
  int samples = 0;
  std::uint64_t reps_per_sample = 0;
  std::uint64_t work_per_op = 0;
  double median_ns = 0;  // per op
  double min_ns = 0;
  double mad_ns = 0;     // median absolute deviation of the per-op samples
  double ns_per_unit = 0;
  double units_per_second = 0;
  std::vector<double> sample_ns;

  json to_json() const;
};

struct HarnessProgress {
  enum class Phase { warmup, sample } phase;
  int sample = 0;   // samples done so far
  int samples = 0;  // samples planned
  double elapsed_seconds = 0;
};

using HarnessProgressFn = std::function<void(const HarnessProgress&)>;

// Seconds since some fixed point. The harness decides everything from this clock (calibration,
// warm-up, samples), so tests can drive it with a fake one; the default is steady_clock.
using HarnessClock = std::function<double()>;
double steady_seconds();

// Times `op`; a kernel error during warm-up or sampling stops the measurement and is returned.
Expected<Timing> measure(Timeable& op, const HarnessOptions& options, const HarnessProgressFn& progress = {},
                         const HarnessClock& clock = steady_seconds);

// Smallest observable step of the clock the harness uses (performance.now() in the browser).
double timer_resolution_ns();

// Median and median absolute deviation; exposed for tests.
double median_of(std::vector<double> values);
double mad_of(const std::vector<double>& values, double median);

}  // namespace sp
