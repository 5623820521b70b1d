#include "core/harness.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <numeric>
#include <random>

namespace sp {
namespace {

using Clock = std::chrono::steady_clock;

// A call this long is its own warm-up and its own batch: a round times it once, with no discarded
// batch before it (the cold start it would absorb is a small part of such a call).
constexpr double kLongCallSeconds = 0.1;
// The warm-up ends when two windows of batches (each at least this many) agree this closely.
constexpr std::size_t kStableBatches = 3;
constexpr double kStableSpread = 1.03;
// A call at least this long warms the caches it needs by itself: its round discards no batch.
constexpr double kSelfWarmingCallSeconds = 0.001;
// In wasm a kernel keeps its loop (and workspace) between rounds only when a call is short: a
// short call cannot be using a large workspace, and the kernels of a comparison then need not all
// hold theirs at once. Natively every loop is kept (kLoopsStayPrepared, harness.h).
constexpr double kKeepLoopBelowSeconds = kLoopsStayPrepared ? INFINITY : 0.001;

}  // namespace

double steady_seconds() {
  // From the first call, not the clock's epoch (boot), so a double keeps nanoseconds.
  static const Clock::time_point origin = Clock::now();
  return std::chrono::duration<double>(Clock::now() - origin).count();
}

double t_quantile_975(int df) {
  // Exact to 3 decimals for small df; beyond, the Cornish-Fisher expansion around the normal
  // quantile (error < 0.001 for df >= 30).
  static constexpr double kSmall[] = {0,     12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
                                      2.201, 2.179,  2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
                                      2.080, 2.074,  2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042};
  if (df < 1) return INFINITY;
  if (df <= 30) return kSmall[df];
  const double z = 1.959964, n = df;
  const double z3 = z * z * z, z5 = z3 * z * z;
  return z + (z3 + z) / (4 * n) + (5 * z5 + 16 * z3 + 3 * z) / (96 * n * n);
}

namespace {

// One timed batch: the seconds it took, or the kernel's error.
Expected<double> time_run(Timeable& op, std::uint64_t reps, const HarnessClock& clock) {
  const double start = clock();
  Status status = op.run(reps);
  if (!status) return status.error_detail();
  return clock() - start;
}

// Half the width of a timing's interval, in log units (infinite below 2 rounds).
double log_halfwidth(const std::vector<double>& rounds) {
  const std::size_t k = rounds.size();
  if (k < 2) return INFINITY;
  double mean = 0;
  for (double r : rounds) mean += std::log(r);
  mean /= static_cast<double>(k);
  double ss = 0;
  for (double r : rounds) ss += (std::log(r) - mean) * (std::log(r) - mean);
  const double sd = std::sqrt(ss / static_cast<double>(k - 1));
  return t_quantile_975(static_cast<int>(k) - 1) * sd / std::sqrt(static_cast<double>(k));
}

Status make_loop(KernelMeasurement& m) {
  if (m.loop) return success();
  auto made = m.make();
  if (!made) return made.error_detail();
  m.owned = std::move(made.value());
  m.loop = m.owned.get();
  return success();
}

void release_loop(KernelMeasurement& m) {
  if (!m.make || m.call_seconds < kKeepLoopBelowSeconds) return;
  m.loop = nullptr;
  m.owned.reset();
}

// Warm-up until stable (see harness.h), calibrating the batch on the way.
Status warm_up(KernelMeasurement& m, const HarnessOptions& o, const HarnessProgressFn& progress, const StopFn& stop,
               const HarnessClock& clock) {
  if (Status made = make_loop(m); !made) return made;
  const double start = clock();
  const double target = o.batch_seconds * 1.1;  // aim a little above the floor
  const double floor = o.warmup_floor_batches * o.batch_seconds;
  double cap = o.warmup_cap_batches * o.batch_seconds;
  std::uint64_t reps = 1;
  int calls = 0;
  double last_call = 0;
  std::vector<double> per_call;  // the batches at the current rep count
  for (;;) {
    if (stop && stop()) return Error{"stopped"};
    Expected<double> t = time_run(*m.loop, reps, clock);
    if (!t) return t.error_detail();
    calls += static_cast<int>(std::min<std::uint64_t>(reps, 1u << 20));
    if (progress) progress({HarnessProgress::Phase::warmup, 0, o.rounds, clock() - start});
    const double call = t.value() / static_cast<double>(reps);
    // A long call: give it room for a few calls to agree.
    if (reps == 1) cap = std::max(cap, 3.5 * t.value());
    last_call = call;
    if (t.value() < o.batch_seconds) {
      if (clock() - start >= cap) {  // a clock too coarse to fill a batch in time: keep this size
        m.settled = false;
        break;
      }
      // Scale towards the target, at most 100x per step so a coarse clock cannot overshoot wildly;
      // batches of another size do not count towards agreement.
      double factor = t.value() > 0 ? target / t.value() : 100.0;
      reps = static_cast<std::uint64_t>(std::ceil(static_cast<double>(reps) * std::clamp(factor, 2.0, 100.0)));
      per_call.clear();
      continue;
    }
    per_call.push_back(call);
    // Stable: the medians of the last two windows of batches agree within 3 %. A window spans
    // warmup_window_seconds (at least 3 batches), so a tier-up that lands a little later than a
    // few agreeing batches still shows as a step between the windows; a long call is a window.
    const double elapsed = clock() - start;
    // Natively a call that fills a batch by itself has nothing to wait for (no tier-up; the clock
    // has ramped within it): the loop's first call warmed its caches, one timed call more is the
    // warm-up.
    if (!o.long_calls_need_agreement && reps == 1 && calls >= o.min_warmup_calls && elapsed >= floor) {
      m.settled = true;
      break;
    }
    const std::size_t n = call >= kLongCallSeconds
                              ? 1
                              : std::max<std::size_t>(kStableBatches, static_cast<std::size_t>(std::ceil(o.warmup_window_seconds / t.value())));
    if (per_call.size() >= 2 * n && calls >= o.min_warmup_calls && elapsed >= floor) {
      const double recent = median_of(std::vector<double>(per_call.end() - n, per_call.end()));
      const double before = median_of(std::vector<double>(per_call.end() - 2 * n, per_call.end() - n));
      if (std::min(recent, before) > 0 && std::max(recent, before) / std::min(recent, before) <= kStableSpread) {
        m.settled = true;
        break;
      }
    }
    if (elapsed >= cap && calls >= o.min_warmup_calls) {
      m.settled = false;
      break;
    }
  }
  m.reps = reps;
  m.call_seconds = last_call;
  m.timing.reps_per_sample = reps;
  m.timing.work_per_op = m.loop->work_per_op();
  return success();
}

// One round (see harness.h): its per-call ns into m.timing.round_ns. The discarded batch refills
// what the kernels timed since have evicted; a call of 1 ms or more refills its own (a megabyte
// from L3 is tens of microseconds), and a long call is one batch.
Status one_round(KernelMeasurement& m, int batches_per_round, const StopFn& stop, const HarnessClock& clock) {
  if (Status made = make_loop(m); !made) return made;
  const bool long_call = m.reps == 1 && m.call_seconds >= kLongCallSeconds;
  const bool discard = m.call_seconds < kSelfWarmingCallSeconds;
  const int timed = long_call ? 1 : batches_per_round;
  std::vector<double> batches;
  for (int b = discard ? 0 : 1; b <= timed; ++b) {
    if (stop && stop()) return Error{"stopped"};
    Expected<double> t = time_run(*m.loop, m.reps, clock);
    if (!t) return t.error_detail();
    if (b > 0) batches.push_back(t.value() * 1e9 / static_cast<double>(m.reps));  // batch 0 is discarded
  }
  m.timing.round_ns.push_back(median_of(batches));
  release_loop(m);
  return success();
}

}  // namespace

HarnessOptions HarnessOptions::defaults() {
  HarnessOptions o;
#if defined(__EMSCRIPTEN__)
  o.min_warmup_calls = 2;
  o.warmup_floor_batches = 30;  // V8's tier-up lands on a background thread: give it time
  o.warmup_window_seconds = 0.1;
  o.long_calls_need_agreement = true;  // a long call may still run Liftoff code
#endif
  return o;
}

Expected<HarnessOptions> HarnessOptions::from_json(const json& j, int min_rounds) {
  HarnessOptions o = defaults();
  if (j.is_null()) return o;
  if (!j.is_object()) return Error{"harness options must be an object"};
  bool max_given = false;
  for (auto it = j.begin(); it != j.end(); ++it) {
    const auto& v = it.value();
    const std::string& key = it.key();
    const auto integer_in = [&](std::int64_t lo, std::int64_t hi) {
      return v.is_number_integer() && v.get<std::int64_t>() >= lo && v.get<std::int64_t>() <= hi;
    };
    if (key == "rounds" || key == "min_samples") {
      if (!integer_in(min_rounds, 1000)) return Error{key + " must be an integer in " + std::to_string(min_rounds) + "..1000"};
      o.rounds = v.get<int>();
    } else if (key == "max_rounds") {
      if (!integer_in(min_rounds, 1000)) return Error{"max_rounds must be an integer in " + std::to_string(min_rounds) + "..1000"};
      o.max_rounds = v.get<int>();
      max_given = true;
    } else if (key == "batch_ms" || key == "min_sample_ms") {
      if (!v.is_number() || !(v.get<double>() >= 1.0) || v.get<double>() > 10000.0)
        return Error{key + " must be a number in 1..10000"};
      o.batch_seconds = v.get<double>() / 1000.0;
    } else if (key == "batches") {
      if (!integer_in(1, 9)) return Error{"batches must be an integer in 1..9"};
      o.batches_per_round = v.get<int>();
    } else if (key == "budget_s") {
      if (!v.is_number() || !(v.get<double>() >= 0.0) || v.get<double>() > 86400.0)
        return Error{"budget_s must be a number in 0..86400"};
      o.budget_seconds = v.get<double>();
    } else if (key == "seed") {
      if (!v.is_number_unsigned() && !integer_in(0, INT64_MAX)) return Error{"seed must be a non-negative integer"};
      o.seed = v.get<std::uint64_t>();
    } else {
      return Error{"unknown harness option " + quote_user_text(key)};
    }
  }
  o.max_rounds = max_given ? std::max(o.max_rounds, o.rounds) : o.rounds;
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

void summarize_rounds(Timing& t) {
  const auto& r = t.round_ns;
  t.samples = static_cast<int>(r.size());
  if (r.empty()) return;
  t.median_ns = median_of(r);
  t.min_ns = *std::min_element(r.begin(), r.end());
  t.mad_ns = mad_of(r, t.median_ns);
  if (r.size() >= 2 && t.min_ns > 0) {
    double mean = 0;
    for (double x : r) mean += std::log(x);
    mean /= static_cast<double>(r.size());
    const double h = log_halfwidth(r);
    t.ci_lo_ns = std::exp(mean - h);
    t.ci_hi_ns = std::exp(mean + h);
  } else {
    t.ci_lo_ns = t.ci_hi_ns = 0;
  }
  if (t.work_per_op > 0 && t.median_ns > 0) {
    t.ns_per_unit = t.median_ns / static_cast<double>(t.work_per_op);
    t.units_per_second = static_cast<double>(t.work_per_op) / (t.median_ns * 1e-9);
  } else {
    t.ns_per_unit = t.units_per_second = 0;
  }
}

bool precise_enough(const std::vector<double>& round_ns, double target_halfwidth) {
  return log_halfwidth(round_ns) <= std::log1p(target_halfwidth);
}

Status measure_interleaved(std::vector<KernelMeasurement*>& kernels, const HarnessOptions& options,
                           const std::function<void(std::size_t, const HarnessProgress&)>& progress,
                           const StopFn& stop, const HarnessClock& clock) {
  const double start = clock();
  for (std::size_t i = 0; i < kernels.size(); ++i) {
    KernelMeasurement& m = *kernels[i];
    if (m.reps) continue;  // warmed up by an earlier request of the same session
    Status warm = warm_up(m, options, [&](const HarnessProgress& p) { if (progress) progress(i, p); }, stop, clock);
    if (!warm) return warm;
    release_loop(m);
  }
  std::mt19937_64 rng(options.seed ? options.seed
                                   : static_cast<std::uint64_t>(Clock::now().time_since_epoch().count()) ^ 0x9e3779b97f4a7c15ull);
  std::vector<std::size_t> order(kernels.size());
  std::iota(order.begin(), order.end(), 0);
  // Rounds this request adds to each kernel (a session's earlier rounds stay).
  std::vector<std::size_t> before(kernels.size());
  for (std::size_t i = 0; i < kernels.size(); ++i) before[i] = kernels[i]->timing.round_ns.size();
  const auto added = [&](std::size_t i) { return static_cast<int>(kernels[i]->timing.round_ns.size() - before[i]); };
  for (int pass = 0;; ++pass) {
    if (pass >= options.rounds) {
      bool precise = true;
      for (const auto* m : kernels) precise = precise && (m->witness || precise_enough(m->timing.round_ns, options.target_halfwidth));
      if (precise || pass >= options.max_rounds || clock() - start >= options.budget_seconds) break;
    }
    std::shuffle(order.begin(), order.end(), rng);
    const int planned = std::max(options.rounds, pass + 1);
    for (std::size_t i : order) {
      Status done = one_round(*kernels[i], options.batches_per_round, stop, clock);
      if (!done) return done;
      if (progress) progress(i, {HarnessProgress::Phase::round, added(i), planned, clock() - start});
    }
  }
  for (auto* m : kernels) {
    m->timing.settled = m->settled;
    summarize_rounds(m->timing);
  }
  return success();
}

Expected<Timing> measure(Timeable& op, const HarnessOptions& options, const HarnessProgressFn& progress,
                         const HarnessClock& clock) {
  KernelMeasurement m;
  m.loop = &op;
  std::vector<KernelMeasurement*> one = {&m};
  Status done = measure_interleaved(one, options, [&](std::size_t, const HarnessProgress& p) { if (progress) progress(p); }, {}, clock);
  if (!done) return done.error_detail();
  return m.timing;
}

namespace {

// Which work a busy neighbour slows depends on what it shares: on this project's VM, in the slow
// phases of a probe (another tenant, or the other vCPU; invisible to the guest either way),
// 8-queens' recursion ran 1.67x slower, a walk through a 64 KB table 1.29x, multiply-xorshift
// chains 1.09x (interleaved 1 ms slices, the same 0.2 s windows). So the reference is the sensitive
// kinds: count the 8-queens solutions by bitmask backtracking (calls, returns, branches), then
// walk a table larger than L1.
class ReferenceLoop final : public Timeable {
 public:
  ReferenceLoop() : next_(kTableSize) {
    // One cycle through the whole table (Sattolo's shuffle), so the walk never settles in a loop.
    for (std::uint32_t i = 0; i < kTableSize; ++i) next_[i] = i;
    std::uint64_t x = 0x9e3779b97f4a7c15ull;
    for (std::uint32_t i = kTableSize - 1; i > 0; --i) {
      x ^= x << 13; x ^= x >> 7; x ^= x << 17;
      std::swap(next_[i], next_[static_cast<std::uint32_t>(x % i)]);
    }
  }
  Status run(std::uint64_t reps) override {
    std::uint32_t at = at_;
    std::uint64_t found = 0;
    for (std::uint64_t r = 0; r < reps; ++r) {
      found += queens(0, 0, 0, board_);
      for (int i = 0; i < kWalk; ++i) at = next_[at];
    }
    at_ = at;
    sink_ = found + at;
    return success();
  }
  std::uint64_t work_per_op() const override { return 1; }

 private:
  static constexpr std::uint32_t kTableSize = 16384;  // 64 KB of uint32
  static constexpr int kWalk = 512;
  static int queens(std::uint32_t cols, std::uint32_t left, std::uint32_t right, std::uint32_t all) {
    if (cols == all) return 1;
    int n = 0;
    for (std::uint32_t free = all & ~(cols | left | right); free; free &= free - 1) {
      const std::uint32_t bit = free & (0u - free);
      n += queens(cols | bit, (left | bit) << 1, (right | bit) >> 1, all);
    }
    return n;
  }
  std::vector<std::uint32_t> next_;
  std::uint32_t at_ = 0;
  volatile std::uint32_t board_ = 0xff;  // read at run time: nothing to fold
  volatile std::uint64_t sink_ = 0;
};

}  // namespace

std::unique_ptr<Timeable> make_reference_loop() { return std::make_unique<ReferenceLoop>(); }

KernelMeasurement& reference_measurement() {
  static KernelMeasurement m = [] {
    KernelMeasurement made;
    made.witness = true;
    made.make = [] { return Expected<std::unique_ptr<Timeable>>(make_reference_loop()); };
    return made;
  }();
  return m;
}

json Timing::to_json() const {
  json j = {{"samples", samples},
            {"reps_per_sample", reps_per_sample},
            {"median_ns", median_ns},
            {"min_ns", min_ns},
            {"mad_ns", mad_ns},
            {"ns_per_unit", ns_per_unit},
            {"units_per_second", units_per_second},
            {"round_ns", round_ns},
            {"settled", settled}};
  if (samples >= 2 && ci_lo_ns > 0) {
    j["ci_lo_ns"] = ci_lo_ns;
    j["ci_hi_ns"] = ci_hi_ns;
  }
  return j;
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
