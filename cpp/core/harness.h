#pragma once
// The one measuring method, compiled natively and to wasm, so both sides' numbers mean the same.
// (docs/architecture.md, "Measurement method", says where each rule comes from.)
//
//  1. Warm up until stable, by calls: V8 compiles wasm with Liftoff first and swaps in TurboFan code
//     only for the *next* call (no on-stack replacement), caches fill and the clock ramps up, so
//     batches are timed and thrown away until the medians of the last two windows of batches
//     agree within 3 % (after a floor, with a cap: a kernel that never settles says so); a window
//     lasts 0.1 s in wasm, so a tier-up landing after a few steady Liftoff batches still shows. The warm-up also calibrates the batch: enough
//     calls that one batch lasts >= batch_seconds (2000 ticks of a 5 us isolated timer).
//  2. Rounds, interleaved. A result is several rounds; each round is one discarded batch (other
//     kernels ran since; none for a call of 1 ms or more, which refills its own caches) and three
//     timed ones (one for a call of 0.1 s or more; `batches`), reduced to their median per call. The kernels of a
//     comparison take their rounds in passes, each pass in a new random order (Google Benchmark's
//     random interleaving; Abedi & Brecht's randomized multiple interleaved trials), so a slow
//     phase of the machine hits one round of many kernels instead of every round of one.
//  3. The interval comes from the spread between rounds (t on logs), never from the batches inside
//     one round: a slow phase lasting a whole round shows as spread, not as precision.
//  4. Auto-sampling (as tachometer does): after the minimum rounds, more passes until every
//     interval is within +-5 %, or the time budget or the round cap ends it.
//  5. The machine's own speed, as a witness: every pass also times a fixed scalar loop (the
//     reference, reference_measurement()), so two sessions of one build can tell "the kernel ran
//     slower" from "the machine did". On a VM the same code measured 1.6x apart in two sessions
//     seconds apart, every kernel alike, with nothing else busy in the guest (its host's other
//     tenants); rounds inside one session cannot show that, a loop timed in both sessions can
//     (web/src/app/ratio.ts turns it into a doubt, in words).

#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "core/json.h"
#include "core/registry.h"

namespace sp {

struct HarnessOptions {
  double batch_seconds = 0.010;   // a timed batch lasts at least this
  int rounds = 6;                 // rounds per kernel, at least (3..1000)
  int batches_per_round = 3;      // timed batches a round takes the median of (1..9)
  int max_rounds = 6;             // auto-sampling: at most this many (>= rounds)
  double target_halfwidth = 0.05; // auto-sampling stops once every interval is within x/÷ (1 + this)
  double budget_seconds = 120;    // auto-sampling stops here (the minimum rounds always run)
  int min_warmup_calls = 1;       // 2 in the wasm build (see above)
  double warmup_floor_batches = 10;   // warm-up lasts at least this many batches' time (30 in wasm)
  double warmup_cap_batches = 300;    // and gives up (unsettled) after this many
  double warmup_window_seconds = 0.02;  // stable: two windows this long agree (0.1 s in wasm)
  bool long_calls_need_agreement = false;  // a call that fills a batch: two must agree (wasm), or one will do
  std::uint64_t seed = 0;         // the passes' shuffle; 0: a new one each time

  static HarnessOptions defaults();
  // Reads optional overrides {"rounds": k, "batch_ms": x, "batches": b, "max_rounds": m, "budget_s": s,
  // "seed": n}
  // ("min_samples" and "min_sample_ms" are the older names of the first two) and clamps them to
  // sane bounds: at least 3 rounds of 1 ms batches; anything less is not a measurement (a session's
  // request, one part of a measurement, may add fewer: `min_rounds`).
  static Expected<HarnessOptions> from_json(const json& j, int min_rounds = 3);
};

struct Timing {
  int samples = 0;                    // rounds
  std::uint64_t reps_per_sample = 0;  // calls per timed batch
  std::uint64_t work_per_op = 0;
  double median_ns = 0;  // per call: the median of the rounds
  double min_ns = 0;
  double mad_ns = 0;     // median absolute deviation of the rounds
  double ci_lo_ns = 0;   // 95 % interval of the typical call from the spread between rounds
  double ci_hi_ns = 0;
  bool settled = true;   // the warm-up ended on agreement, not at its cap
  double ns_per_unit = 0;
  double units_per_second = 0;
  std::vector<double> round_ns;  // each round's per-call time, in the order taken

  json to_json() const;
};

// Fills the summary fields of `t` (median, min, MAD, interval, rates) from t.round_ns.
void summarize_rounds(Timing& t);

// Auto-sampling's stopping rule: whether these rounds' 95 % interval is within x/÷ (1 + target).
bool precise_enough(const std::vector<double>& round_ns, double target_halfwidth);

struct HarnessProgress {
  enum class Phase { warmup, round } phase;
  int round = 0;   // rounds done so far by this kernel
  int rounds = 0;  // rounds planned for it
  double elapsed_seconds = 0;
};

using HarnessProgressFn = std::function<void(const HarnessProgress&)>;
// Asked between batches; true stops the measurement with an error ("stopped").
using StopFn = std::function<bool()>;

// Seconds since some fixed point. The harness decides everything from this clock (calibration,
// warm-up, rounds), so tests can drive it with a fake one; the default is steady_clock.
using HarnessClock = std::function<double()>;
double steady_seconds();

// Whether a kernel's loop (and workspace) stays prepared between its rounds whatever its size:
// natively memory is plentiful; in wasm only a short call's loop does (harness.cpp).
#if defined(__EMSCRIPTEN__)
inline constexpr bool kLoopsStayPrepared = false;
#else
inline constexpr bool kLoopsStayPrepared = true;
#endif

// Makes a fresh loop over a kernel (its workspace prepared and the kernel called once, untimed).
using TimeableFactory = std::function<Expected<std::unique_ptr<Timeable>>()>;

// One kernel's state across the rounds of a measurement, and across the requests of an engine
// session (the page's paired native and wasm rounds ask for one round at a time).
struct KernelMeasurement {
  TimeableFactory make;            // empty: `loop` is given and never remade
  Timeable* loop = nullptr;        // the loop being timed (owned by `owned` when made here)
  std::unique_ptr<Timeable> owned;
  std::uint64_t reps = 0;          // calibrated calls per batch; 0: not warmed up yet
  double call_seconds = 0;         // one call, as the warm-up saw it
  bool settled = true;
  bool witness = false;            // the reference loop: it takes its rounds, auto-sampling waits for the kernels only
  Timing timing;                   // rounds so far
};

// The whole method on a set of kernels: warm-up (those not yet warmed), then passes of one round
// per kernel in shuffled order until each has options.rounds rounds (more with auto-sampling).
// `progress(i, p)` reports kernel i. A kernel error or a stop ends it and is returned.
Status measure_interleaved(std::vector<KernelMeasurement*>& kernels, const HarnessOptions& options,
                           const std::function<void(std::size_t, const HarnessProgress&)>& progress = {},
                           const StopFn& stop = {}, const HarnessClock& clock = steady_seconds);

// One kernel alone (the tests, `measure` of old): the same method with nothing to interleave.
Expected<Timing> measure(Timeable& op, const HarnessOptions& options, const HarnessProgressFn& progress = {},
                         const HarnessClock& clock = steady_seconds);

// Two reference loops further apart than this say the machine itself ran at another speed (the
// page's MACHINE_SPEED_STEP, web/src/share/rounds.ts: the same rule for the CLI's tables).
inline constexpr double kMachineSpeedStep = 1.1;

// The reference loop's measurement, one per process (or wasm instance): warmed up and calibrated
// at its first use, then one round per pass of every measure_interleaved that includes it (the
// engine's time_case does). Its rounds are the caller's to keep and clear.
KernelMeasurement& reference_measurement();
// The reference loop itself: 8-queens counted by bitmask backtracking, then a walk through a 64 KB
// table (harness.cpp says why these), the same work in every build.
std::unique_ptr<Timeable> make_reference_loop();

// Smallest observable step of the clock the harness uses (performance.now() in the browser).
double timer_resolution_ns();

// Median and median absolute deviation; exposed for tests.
double median_of(std::vector<double> values);
double mad_of(const std::vector<double>& values, double median);
// t(0.975, df): the two-sided 95 % quantile of Student's t.
double t_quantile_975(int df);

}  // namespace sp
