#include "core/harness.h"

#include <algorithm>
#include <chrono>
#include <cmath>

namespace sp {
namespace {

using Clock = std::chrono::steady_clock;

}  // namespace

double steady_seconds() {
  // From the first call, not the clock's epoch (boot), so a double keeps nanoseconds.
  static const Clock::time_point origin = Clock::now();
  return std::chrono::duration<double>(Clock::now() - origin).count();
}

namespace {

// One timed batch: the seconds it took, or the kernel's error.
Expected<double> time_run(Timeable& op, std::uint64_t reps, const HarnessClock& clock) {
  const double start = clock();
  Status status = op.run(reps);
  if (!status) return status.error_detail();
  return clock() - start;
}

}  // namespace

HarnessOptions HarnessOptions::defaults() {
  HarnessOptions o;
#if defined(__EMSCRIPTEN__)
  o.min_warmup_calls = 2;
#endif
  return o;
}

Expected<HarnessOptions> HarnessOptions::from_json(const json& j) {
  HarnessOptions o = defaults();
  if (j.is_null()) return o;
  if (!j.is_object()) return Error{"harness options must be an object"};
  for (auto it = j.begin(); it != j.end(); ++it) {
    const auto& v = it.value();
    if (it.key() == "min_samples") {
      if (!v.is_number_integer() || v.get<std::int64_t>() < 3 || v.get<std::int64_t>() > 1000)
        return Error{"min_samples must be an integer in 3..1000"};
      o.min_samples = v.get<int>();
    } else if (it.key() == "min_sample_ms") {
      if (!v.is_number() || !(v.get<double>() >= 1.0) || v.get<double>() > 10000.0)
        return Error{"min_sample_ms must be a number in 1..10000"};
      o.min_sample_seconds = v.get<double>() / 1000.0;
    } else {
      return Error{"unknown harness option '" + it.key().substr(0, 40) + "'"};
    }
  }
  return o;
}

double median_of(std::vector<double> values) {
  if (values.empty()) return 0;
  std::sort(values.begin(), values.end());
  std::size_t n = values.size();
  return n % 2 ? values[n / 2] : 0.5 * (values[n / 2 - 1] + values[n / 2]);
}

double mad_of(const std::vector<double>& values, double median) {
  std::vector<double> dev;
  dev.reserve(values.size());
  for (double v : values) dev.push_back(std::fabs(v - median));
  return median_of(std::move(dev));
}

Expected<Timing> measure(Timeable& op, const HarnessOptions& options, const HarnessProgressFn& progress,
                         const HarnessClock& clock) {
  const double start = clock();
  const double target = options.min_sample_seconds * 1.1;  // aim a little above the floor

  // Warm-up by calls, growing the batch until one batch lasts a sample: that batch size is the
  // calibration. Every decision uses the clock's measured time, never a nominal one.
  std::uint64_t reps = 1;
  int calls = 0;
  for (;;) {
    Expected<double> t = time_run(op, reps, clock);
    if (!t) return t.error_detail();
    ++calls;
    if (progress) progress({HarnessProgress::Phase::warmup, 0, options.min_samples, clock() - start});
    bool long_enough = t.value() >= options.min_sample_seconds;
    if (long_enough && calls >= options.min_warmup_calls && clock() - start >= options.min_warmup_seconds)
      break;
    if (!long_enough) {
      // Scale towards the target, at most 100x per step so a coarse clock cannot overshoot wildly.
      double factor = t.value() > 0 ? target / t.value() : 100.0;
      factor = std::clamp(factor, 2.0, 100.0);
      reps = static_cast<std::uint64_t>(std::ceil(static_cast<double>(reps) * factor));
    }
  }

  Timing timing;
  timing.reps_per_sample = reps;
  timing.work_per_op = op.work_per_op();
  timing.sample_ns.reserve(options.min_samples);
  for (int s = 0; s < options.min_samples; ++s) {
    Expected<double> t = time_run(op, reps, clock);
    if (!t) return t.error_detail();
    timing.sample_ns.push_back(t.value() * 1e9 / static_cast<double>(reps));
    if (progress) progress({HarnessProgress::Phase::sample, s + 1, options.min_samples, clock() - start});
  }
  timing.samples = static_cast<int>(timing.sample_ns.size());
  timing.median_ns = median_of(timing.sample_ns);
  timing.min_ns = *std::min_element(timing.sample_ns.begin(), timing.sample_ns.end());
  timing.mad_ns = mad_of(timing.sample_ns, timing.median_ns);
  if (timing.work_per_op > 0 && timing.median_ns > 0) {
    timing.ns_per_unit = timing.median_ns / static_cast<double>(timing.work_per_op);
    timing.units_per_second = static_cast<double>(timing.work_per_op) / (timing.median_ns * 1e-9);
  }
  return timing;
}

json Timing::to_json() const {
  return {{"samples", samples},
          {"reps_per_sample", reps_per_sample},
          {"median_ns", median_ns},
          {"min_ns", min_ns},
          {"mad_ns", mad_ns},
          {"ns_per_unit", ns_per_unit},
          {"units_per_second", units_per_second}};
}

double timer_resolution_ns() {
  // Smallest non-zero step over a few transitions, bounded in time for very coarse clocks.
  double best = 1e9;
  auto deadline = Clock::now() + std::chrono::milliseconds(50);
  for (int i = 0; i < 20 && Clock::now() < deadline; ++i) {
    auto a = Clock::now();
    auto b = a;
    while (b == a) b = Clock::now();
    best = std::min(best, std::chrono::duration<double, std::nano>(b - a).count());
  }
  return best;
}

}  // namespace sp
