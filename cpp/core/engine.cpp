#include "core/engine.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <numeric>
#include <optional>
#include <random>
#include <set>

#include "core/build_name.h"
#include "core/format.h"
#include "core/harness.h"

#ifndef SP_BUILD_FLAGS
#define SP_BUILD_FLAGS ""
#endif

namespace sp {
namespace {

constexpr std::size_t kMaxKernelSelectors = 64;
constexpr std::size_t kMaxSelectorLength = 64;

constexpr std::size_t kMaxValidateCases = 5000;
constexpr std::size_t kMaxVerifiedBy = 120;  // characters; the page's record schema allows no more

json error_response(const std::string& message) { return {{"ok", false}, {"error", message}}; }
json error_response(const Error& e) {
  json r = error_response(e.message);
  if (!e.field.empty()) r["field"] = e.field;
  return r;
}

[[maybe_unused]] std::string trimmed(std::string s) {
  while (!s.empty() && s.back() == ' ') s.pop_back();
  return s;
}

std::string compiler_name() {
#if defined(__EMSCRIPTEN__)
  return "Emscripten " + std::to_string(__EMSCRIPTEN_major__) + "." +
         std::to_string(__EMSCRIPTEN_minor__) + "." + std::to_string(__EMSCRIPTEN_tiny__) +
         " (clang " + trimmed(__clang_version__) + ")";
#elif defined(__clang__)
  return "clang " + trimmed(__clang_version__);
#elif defined(__GNUC__)
  return "GCC " __VERSION__;
#else
  return "unknown";
#endif
}

std::string utc_now_iso() {
  std::time_t t = std::time(nullptr);
  std::tm tm{};
#if defined(_WIN32)
  gmtime_s(&tm, &t);
#else
  gmtime_r(&t, &tm);
#endif
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

struct Selection {
  std::vector<const Kernel*> run;
  json skipped = json::array();
};

// Resolves ["all"], ["id"], ["id/isa"] against the puzzle's kernels. Unknown names are an error;
// known kernels this CPU cannot run are reported as skipped with the reason.
Expected<Selection> select_kernels(const Puzzle& puzzle, const json& selectors) {
  std::vector<std::string> wanted;
  if (selectors.is_null()) {
    wanted.push_back("all");
  } else if (!selectors.is_array()) {
    return Error{"kernels must be a list of kernel names"};
  } else {
    if (selectors.size() > kMaxKernelSelectors) return Error{"too many kernel names"};
    for (const auto& s : selectors) {
      if (!s.is_string() || s.get_ref<const std::string&>().empty() ||
          s.get_ref<const std::string&>().size() > kMaxSelectorLength)
        return Error{"kernel names must be short non-empty strings"};
      wanted.push_back(s.get<std::string>());
    }
    if (wanted.empty()) return Error{"no kernel selected"};
  }

  Selection sel;
  std::set<const Kernel*> chosen;
  auto take = [&](const Kernel& k) {
    if (!chosen.insert(&k).second) return;
    if (k.available()) {
      sel.run.push_back(&k);
    } else {
      sel.skipped.push_back({{"kernel", k.info().id},
                             {"isa", std::string(isa_name(k.info().isa))},
                             {"reason", k.unavailable_reason()}});
    }
  };
  for (const auto& w : wanted) {
    if (w == "all") {
      for (const auto& k : puzzle.kernels()) take(*k);
      continue;
    }
    auto slash = w.find('/');
    std::string id = w.substr(0, slash);
    bool matched = false;
    for (const auto& k : puzzle.kernels()) {
      if (k->info().id != id) continue;
      if (slash != std::string::npos && std::string(isa_name(k->info().isa)) != w.substr(slash + 1))
        continue;
      matched = true;
      take(*k);
    }
    if (!matched) {
      std::set<std::string> known;
      for (const auto& k : puzzle.kernels()) known.insert(k->key());
      std::string list;
      for (const auto& k : known) list += (list.empty() ? "" : ", ") + k;
      return Error{"unknown kernel " + quote_user_text(w) + " for " + puzzle.info().id + " (known: " + list + ")"};
    }
  }
  // Present results in the puzzle's kernel order, whatever order they were asked for in.
  std::vector<const Kernel*> ordered;
  for (const auto& k : puzzle.kernels())
    if (std::find(sel.run.begin(), sel.run.end(), k.get()) != sel.run.end()) ordered.push_back(k.get());
  sel.run = std::move(ordered);
  return sel;
}

struct RunOptions {
  bool time = false;
  HarnessOptions harness = HarnessOptions::defaults();
};

// What one case produced: records of the kernels that answered, and the ones that did not apply
// (`skipped`, with the reason) or failed (`failed`, with the error).
struct CaseRun {
  json records = json::array();
  json skipped = json::array();
  json failed = json::array();
};

// What a file-reading case read: records say so explicitly, so nothing has to parse case names.
json input_json(const PreparedCase& c) {
  char digest[17];
  std::snprintf(digest, sizeof digest, "%016llx", static_cast<unsigned long long>(c.input_digest));
  return {{"bytes", c.input_bytes}, {"fnv1a64", digest}};
}

json kernel_entry(const Kernel& k, const std::string& why) {
  return {{"kernel", k.info().id}, {"isa", std::string(isa_name(k.info().isa))}, {"reason", why}};
}

// A kernel of a case across visits: its verified record (without timing), or why it failed, and
// its measurement (warm-up, calibration, loop, rounds so far). A bench keeps these for every case
// over its passes; an engine session keeps one case's between requests.
struct KernelOnCase {
  const Kernel* kernel = nullptr;
  json record;          // null until verified
  std::string failure;  // the kernel's error, if it failed
  KernelMeasurement measurement;
};

struct CaseState {
  std::string puzzle;
  std::string key;
  std::vector<KernelOnCase> kernels;  // the applicable ones, in the puzzle's order
  json skipped = json::array();
  std::vector<double> reference_ns;   // the reference loop's rounds, taken in the kernels' passes
};

// Verifies the selected kernels on a prepared case once (the first visit), filling `state`.
void verify_case(const Puzzle& puzzle, const PreparedCase& prepared, const Selection& sel, bool timed, const ProgressFn& progress,
                 CaseState& state, json& event_base, int steps) {
  const std::string name = case_name(prepared);
  const std::string key = case_key(prepared);
  const std::string unit = puzzle.work_unit(prepared.params);
  const auto known = puzzle.known_answer(prepared);
  state.puzzle = puzzle.info().id;
  state.key = key;
  state.skipped = sel.skipped;

  // Without a published answer, the reference kernel's answer defines "correct".
  const Kernel* reference = puzzle.reference();
  std::optional<Expected<Outcome>> reference_outcome;
  auto reference_answer = [&]() -> const Expected<Outcome>& {
    if (!reference_outcome) reference_outcome = reference->run(prepared);
    return *reference_outcome;
  };

  for (const Kernel* k : sel.run) {
    std::string why_not;
    if (puzzle.applies(k->info(), prepared, why_not)) {
      state.kernels.push_back(KernelOnCase{k, json(), std::string(), KernelMeasurement{}});
    } else {
      json entry = kernel_entry(*k, why_not);
      if (std::find(state.skipped.begin(), state.skipped.end(), entry) == state.skipped.end()) state.skipped.push_back(entry);
    }
  }

  int index = 0;
  for (KernelOnCase& on : state.kernels) {
    const Kernel* k = on.kernel;
    ++index;
    if (progress) {
      json event = event_base;
      event.update({{"phase", "verify"}, {"kernel", k->info().id}, {"isa", std::string(isa_name(k->info().isa))},
                    {"kernel_index", index}, {"kernel_count", state.kernels.size()}, {"step", index - 1}, {"steps", steps}});
      progress(event);
    }
    // A timed run verifies the answer of the call that prepares the kernel's loop, and keeps the
    // loop for the warm-up: one call fewer of every kernel.
    Expected<Outcome> outcome = Error{"no answer"};
    if (timed) {
      auto loop = k->timeable(prepared);
      if (!loop) {
        outcome = loop.error_detail();
      } else {
        const Outcome* first = loop.value()->first_outcome();
        outcome = first ? Expected<Outcome>(*first) : k->run(prepared);
        // In wasm every kernel's workspace at once may not fit: the loop is made again later.
        if (kLoopsStayPrepared) {
          on.measurement.owned = std::move(loop.value());
          on.measurement.loop = on.measurement.owned.get();
        }
      }
    } else {
      outcome = k->run(prepared);
    }
    if (k == reference) reference_outcome = outcome;  // later kernels compare against it
    if (!outcome) {
      on.failure = outcome.error();
      continue;
    }
    json record = {{"puzzle", puzzle.info().id},
                   {"case", name},
                   {"case_key", key},
                   {"params", prepared.params},
                   {"kernel", k->info().id},
                   {"isa", std::string(isa_name(k->info().isa))},
                   {"build", build_name()},
                   {"answer", outcome.value().answer},
                   {"work", outcome.value().work},
                   {"work_unit", unit}};
    if (prepared.has_input) record["input"] = input_json(prepared);
    if (known) {
      record["verified"] = puzzle.same_answer(outcome.value().answer, known->answer);
      record["verified_by"] = known->source;
    } else if (k == reference) {
      record["verified"] = nullptr;
      record["verified_by"] = kIsTheReference;
    } else if (reference && reference_answer()) {
      record["verified"] = puzzle.same_answer(outcome.value().answer, reference_answer().value().answer);
      record["verified_by"] = "reference " + reference->key();
    } else {
      record["verified"] = nullptr;
      // Unchecked, not wrong: usually a case the reference refuses (too slow or too big for it).
      record["verified_by"] = reference ? "unchecked: the reference " + reference->key() + " could not run: " + reference_answer().error()
                                        : "unchecked: no reference available";
    }
    // Records travel into reports and links, whose readers cap this field (web/src/share/schema.ts).
    if (const auto& by = record["verified_by"].get_ref<const std::string&>(); text_length(by) > kMaxVerifiedBy)
      record["verified_by"] = std::string(text_prefix(by, kMaxVerifiedBy - 1)) + "…";
    on.record = std::move(record);
  }
}

// The steps of a case's progress: its verification calls, warm-ups and rounds.
int case_steps(std::size_t kernels, bool verify, bool warm, int rounds) {
  const int n = static_cast<int>(kernels);
  return (verify ? n : 0) + (warm ? n : 0) + n * rounds;
}

// Times the verified kernels of `state` on `prepared`: `opts.harness.rounds` rounds each (more with
// auto-sampling), added to the rounds they already have (a bench's earlier passes, a session's
// earlier requests); those not yet warmed up are warmed first. A kernel error or a stop ends the
// case: it is returned, and the case's measurements start over if it is visited again.
Status time_case(const PreparedCase& prepared, const RunOptions& opts, const ProgressFn& progress, const StopFn& stop,
                 CaseState& state, const json& event_base, int& step, int& steps) {
  std::vector<KernelOnCase*> timed;
  std::vector<KernelMeasurement*> measured;
  for (KernelOnCase& on : state.kernels) {
    if (on.record.is_null()) continue;
    // A loop over *this* prepared case: a bench's later pass prepares the case again.
    on.measurement.make = [k = on.kernel, &prepared] { return k->timeable(prepared); };
    timed.push_back(&on);
    measured.push_back(&on.measurement);
  }
  // The reference loop takes a round in every pass too (harness.h, point 5): this case's rounds
  // of it go on from where its last visit left them.
  KernelMeasurement& reference = reference_measurement();
  if (!timed.empty()) {
    reference.timing.round_ns = state.reference_ns;
    measured.push_back(&reference);
  }
  std::vector<bool> warming(timed.size(), false);
  Status done = measure_interleaved(
      measured, opts.harness,
      [&](std::size_t i, const HarnessProgress& p) {
        if (i >= timed.size()) return;  // the reference: no step of its own
        // A warm-up is one step (counted at its first batch), a round another.
        if (p.phase == HarnessProgress::Phase::round || !warming[i]) ++step;
        if (p.phase == HarnessProgress::Phase::warmup) warming[i] = true;
        steps = std::max(steps, step);
        if (!progress) return;
        const Kernel* k = timed[i]->kernel;
        json event = event_base;
        event.update({{"phase", p.phase == HarnessProgress::Phase::warmup ? "warmup" : "sample"},
                      {"kernel", k->info().id},
                      {"isa", std::string(isa_name(k->info().isa))},
                      {"kernel_index", i + 1},
                      {"kernel_count", timed.size()},
                      {"sample", p.round},
                      {"samples", p.rounds},
                      {"elapsed_s", p.elapsed_seconds},
                      {"step", step},
                      {"steps", steps}});
        progress(event);
      },
      stop);
  // The loops point into `prepared`, which a bench frees after this visit; a session keeps both.
  for (KernelOnCase* on : timed) {
    on->measurement.loop = nullptr;
    on->measurement.owned.reset();
    if (!done) on->measurement = KernelMeasurement{};
  }
  if (!timed.empty()) state.reference_ns = done ? std::move(reference.timing.round_ns) : std::vector<double>{};
  reference.timing.round_ns.clear();
  return done;
}

// The records of a case: each verified kernel's (with its timing so far when timed), its failures
// and skips.
void case_results(const CaseState& state, bool timed, CaseRun& out) {
  for (const KernelOnCase& on : state.kernels) {
    if (!on.failure.empty()) {
      out.failed.push_back(kernel_entry(*on.kernel, on.failure));
    } else if (!on.record.is_null()) {
      json record = on.record;
      if (timed) {
        record["timing"] = on.measurement.timing.to_json();
        if (!state.reference_ns.empty()) record["timing"]["reference_ns"] = state.reference_ns;
      }
      out.records.push_back(std::move(record));
    }
  }
  for (const auto& s : state.skipped) out.skipped.push_back(s);
}

// The engine's one session (request "session": an id): the last case a session asked for, kept
// prepared with its kernels verified, warmed up and calibrated, so the page's paired native and
// wasm rounds cost a round each, not a preparation, a verification and a warm-up. A request of
// another session or case replaces it (one case's buffers at a time).
struct Session {
  std::string id;
  std::string kernels;  // the selection, as asked
  std::unique_ptr<PreparedCase> prepared;
  CaseState state;
};

Session& session() {
  static Session s;
  return s;
}

Expected<RunOptions> run_options(const json& request) {
  RunOptions o;
  if (request.contains("time")) {
    if (!request["time"].is_boolean()) return Error{"time must be true or false"};
    o.time = request["time"].get<bool>();
  }
  // A session's request may add a single round: the session's rounds together are the measurement.
  const int min_rounds = request.contains("session") ? 1 : 3;
  auto h = HarnessOptions::from_json(request.contains("harness") ? request["harness"] : json(), min_rounds);
  if (!h) return Error{h.error()};
  o.harness = h.value();
  return o;
}

const Puzzle* find_puzzle(const json& id, std::string& error) {
  if (!id.is_string()) {
    error = "puzzle must be a puzzle id";
    return nullptr;
  }
  const auto& s = id.get_ref<const std::string&>();
  if (const Puzzle* p = registry().find(s)) return p;
  std::string list;
  for (const auto& p : registry().puzzles()) list += (list.empty() ? "" : ", ") + p->info().id;
  error = "unknown puzzle " + quote_user_text(s) + " (known: " + list + ")";
  return nullptr;
}

// A request's "session": an id the caller picks for a sequence of requests on one case.
Expected<std::string> session_id(const json& request) {
  if (!request.contains("session")) return std::string();
  const json& v = request["session"];
  if (!v.is_string() || v.get_ref<const std::string&>().empty() || v.get_ref<const std::string&>().size() > 40 ||
      v.get_ref<const std::string&>().find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-") != std::string::npos)
    return Error{"session must be an id of 1..40 letters, digits, - or _"};
  return v.get<std::string>();
}

json handle_run(const json& request, const Input& input, const ProgressFn& progress, const StopFn& stop) {
  std::string err;
  const Puzzle* puzzle = find_puzzle(request.value("puzzle", json()), err);
  if (!puzzle) return error_response(err);
  auto opts = run_options(request);
  if (!opts) return error_response(opts.error());
  auto sel = select_kernels(*puzzle, request.contains("kernels") ? request["kernels"] : json());
  if (!sel) return error_response(sel.error());
  auto id = session_id(request);
  if (!id) return error_response(id.error());
  const json raw = request.contains("params") ? request["params"] : json();

  // A session's next request on the same case and kernels reuses what the last one prepared.
  Session& kept = session();
  std::unique_ptr<PreparedCase> fresh;
  CaseState fresh_state;
  const PreparedCase* c = nullptr;
  CaseState* state = &fresh_state;
  const std::string kernels = dump_json(request.contains("kernels") ? request["kernels"] : json());
  if (!id.value().empty() && opts.value().time) {
    auto canonical = puzzle->canonical_params(raw, input);
    if (!canonical) return error_response(canonical.error_detail());
    const std::string key =
        case_key(canonical.value(), input.present, input.bytes.size(), input.present ? fnv1a64(input.bytes) : 0);
    if (!(kept.prepared && kept.id == id.value() && kept.state.puzzle == puzzle->info().id && kept.state.key == key &&
          kept.kernels == kernels)) {
      kept = Session{};  // one case's buffers at a time
      auto prepared = puzzle->prepare(raw, input);
      if (!prepared) return error_response(prepared.error_detail());
      kept.id = id.value();
      kept.kernels = kernels;
      kept.prepared = std::move(prepared.value());
    }
    c = kept.prepared.get();
    state = &kept.state;
    // Each request reports its own rounds, the reference's too.
    for (KernelOnCase& on : state->kernels) on.measurement.timing.round_ns.clear();
    state->reference_ns.clear();
  } else {
    auto prepared = puzzle->prepare(raw, input);
    if (!prepared) return error_response(prepared.error_detail());
    fresh = std::move(prepared.value());
    c = fresh.get();
  }

  json event_base = {{"puzzle", puzzle->info().id}, {"case", case_name(*c)}, {"case_index", 1}, {"case_count", 1}};
  const bool verify = state->key.empty();
  int step = 0;
  int steps = case_steps(sel.value().run.size(), verify, verify && opts.value().time, opts.value().time ? opts.value().harness.rounds : 0);
  if (verify) verify_case(*puzzle, *c, sel.value(), opts.value().time, progress, *state, event_base, steps);
  step = verify ? static_cast<int>(state->kernels.size()) : 0;
  CaseRun ran;
  if (opts.value().time) {
    Status timed = time_case(*c, opts.value(), progress, stop, *state, event_base, step, steps);
    if (!timed) {
      if (&kept.state == state) kept = Session{};
      return error_response(timed.error() == "stopped" ? "stopped on request" : timed.error());
    }
  }
  case_results(*state, opts.value().time, ran);
  json response = {{"ok", true},
                   {"puzzle", puzzle->info().id},
                   {"case", case_name(*c)},
                   {"case_key", case_key(*c)},
                   {"params", c->params},
                   {"work_unit", puzzle->work_unit(c->params)},
                   {"results", std::move(ran.records)},
                   {"skipped", std::move(ran.skipped)},
                   {"failed", std::move(ran.failed)},
                   {"illustration", puzzle->illustrate(*c)}};
  if (!id.value().empty()) response["session"] = id.value();
  if (auto known = puzzle->known_answer(*c))
    response["known"] = {{"answer", known->answer}, {"source", known->source}};
  return response;
}

// The drawing data for a case (the board, the cube net) without running any kernel.
json handle_illustrate(const json& request, const Input& input) {
  std::string err;
  const Puzzle* puzzle = find_puzzle(request.value("puzzle", json()), err);
  if (!puzzle) return error_response(err);
  auto prepared = puzzle->prepare(request.contains("params") ? request["params"] : json(), input);
  if (!prepared) return error_response(prepared.error_detail());
  const PreparedCase& c = *prepared.value();
  return {{"ok", true},
          {"puzzle", puzzle->info().id},
          {"case", case_name(c)},
          {"case_key", case_key(c)},
          {"illustration", puzzle->illustrate(c)}};
}

// A file a record says it read ({"bytes", "fnv1a64"}), for cases checked without the file itself
// (records from a link or a report, or the page re-checking params after it has hashed the file).
struct DeclaredInput {
  std::size_t bytes = 0;
  std::uint64_t digest = 0;
};

Expected<std::optional<DeclaredInput>> declared_input(const json& j) {
  if (j.is_null()) return std::optional<DeclaredInput>();
  const char* shape = "input must be {\"bytes\": <size>, \"fnv1a64\": <16 hex digits>}";
  if (!j.is_object() || !j.contains("bytes") || !j["bytes"].is_number_integer() || j["bytes"].get<std::int64_t>() < 0 ||
      !j.contains("fnv1a64") ||
      !j["fnv1a64"].is_string())
    return Error{shape};
  const std::string& hex = j["fnv1a64"].get_ref<const std::string&>();
  if (hex.size() != 16 || hex.find_first_not_of("0123456789abcdef") != std::string::npos) return Error{shape};
  return std::optional<DeclaredInput>(DeclaredInput{j["bytes"].get<std::size_t>(), std::strtoull(hex.c_str(), nullptr, 16)});
}

// One params object checked the way `run` would check it, without preparing anything. A declared
// input stands for a file this call does not have: canonical_params sees a present file with no
// bytes (the file's identity is in the key; its bytes are only read by prepare()).
json validate_one(const Puzzle& puzzle, const json& raw, const Input& input, const std::optional<DeclaredInput>& declared) {
  const Input seen = declared ? Input::file({}) : input;
  auto params = puzzle.canonical_params(raw, seen);
  if (!params) return error_response(params.error_detail());
  const bool has_file = seen.present;
  const std::size_t bytes = declared ? declared->bytes : input.bytes.size();
  const std::uint64_t digest = declared ? declared->digest : has_file ? fnv1a64(input.bytes) : 0;
  std::string label = case_name(params.value());
  if (has_file) label += " file=" + std::to_string(bytes) + "B";
  json out = {{"ok", true},
              {"params", params.value()},
              {"case", label},
              {"case_key", case_key(params.value(), has_file, bytes, digest)},
              {"work_unit", puzzle.work_unit(params.value())}};
  if (has_file) {
    char hex[17];
    std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(digest));
    out["input"] = {{"bytes", bytes}, {"fnv1a64", hex}};
  }
  return out;
}

json handle_validate(const json& request, const Input& input) {
  std::string err;
  const Puzzle* puzzle = find_puzzle(request.value("puzzle", json()), err);
  if (!puzzle) return error_response(err);
  if (!request.contains("cases")) {
    auto declared = declared_input(request.value("input", json()));
    if (!declared) return error_response(declared.error());
    return validate_one(*puzzle, request.value("params", json()), input, declared.value());
  }
  const json& cases = request["cases"];
  if (!cases.is_array() || cases.size() > kMaxValidateCases)
    return error_response("cases must be a list of at most " + std::to_string(kMaxValidateCases) + " params objects");
  const json& inputs = request.contains("inputs") ? request["inputs"] : json();
  if (!inputs.is_null() && (!inputs.is_array() || inputs.size() != cases.size()))
    return error_response("inputs must be a list as long as cases (null for a case without a file)");
  json out = json::array();
  for (std::size_t i = 0; i < cases.size(); ++i) {
    auto declared = declared_input(inputs.is_array() ? inputs[i] : json());
    out.push_back(declared ? validate_one(*puzzle, cases[i], Input::none(), declared.value()) : error_response(declared.error()));
  }
  return {{"ok", true}, {"cases", std::move(out)}};
}

// Published answers for cases the caller holds answers for (a link's, a report's), and whether
// each answer agrees: with the published one where there is one, else with `reference` (an
// answer the caller trusts, e.g. its own reference kernel's), else no verdict (null).
json known_one(const Puzzle& puzzle, const json& entry) {
  if (!entry.is_object()) return error_response("each case must be {\"params\", \"answers\", \"reference\"?, \"input\"?}");
  const json& answers = entry.contains("answers") ? entry["answers"] : json::array();
  if (!answers.is_array() || answers.size() > kMaxValidateCases) return error_response("answers must be a list");
  auto declared = declared_input(entry.value("input", json()));
  if (!declared) return error_response(declared.error());
  // A file case cannot be prepared without the file: only its key and the reference are known.
  json out = validate_one(puzzle, entry.value("params", json()), Input::none(), declared.value());
  if (!out["ok"].get<bool>()) return out;
  std::optional<KnownAnswer> known;
  if (!declared.value()) {
    auto prepared = puzzle.prepare(out["params"]);
    if (!prepared) return error_response(prepared.error_detail());
    known = puzzle.known_answer(*prepared.value());
  }  // the prepared case (maybe a big buffer) is freed here, before the next one
  const json* against = known ? &known->answer : entry.contains("reference") ? &entry["reference"] : nullptr;
  json verdicts = json::array();
  for (const auto& a : answers) verdicts.push_back(against ? json(puzzle.same_answer(a, *against)) : json());
  out["known"] = known ? json{{"answer", known->answer}, {"source", known->source}} : json();
  out["compared_with"] = known ? json("known") : against ? json("reference") : json();
  out["verdicts"] = std::move(verdicts);
  return out;
}

json handle_known(const json& request) {
  std::string err;
  const Puzzle* puzzle = find_puzzle(request.value("puzzle", json()), err);
  if (!puzzle) return error_response(err);
  const json& cases = request.contains("cases") ? request["cases"] : json();
  if (!cases.is_array() || cases.size() > kMaxValidateCases)
    return error_response("cases must be a list of at most " + std::to_string(kMaxValidateCases) + " entries");
  json out = json::array();
  for (const auto& entry : cases) out.push_back(known_one(*puzzle, entry));
  return {{"ok", true}, {"cases", std::move(out)}};
}

// Records reach summarize from share links and imported reports. Only those shaped as the engine
// writes them go on, so a puzzle's summary may read kernel and isa as strings, case (if present)
// as a string, timing (if present) as an object of numbers (its round_ns and reference_ns lists
// of numbers, its settled a flag), and params as the schema's types
// (a JSON type error would abort the wasm module): params must pass the schema unchanged, not
// merely convertibly ("4" for 4 is how the CLI spells it, not how a record does).
json well_formed_records(const Puzzle& puzzle, const json& records) {
  json out = json::array();
  for (const json& r : records) {
    if (!r.is_object()) continue;
    bool ok = r.contains("kernel") && r["kernel"].is_string() && r.contains("isa") && r["isa"].is_string() &&
              (!r.contains("case") || r["case"].is_string()) && r.contains("params") && r["params"].is_object();
    if (ok && r.contains("timing")) {
      // Numbers, plus the rounds (a list of numbers) and whether the warm-up settled (a flag).
      const json& t = r["timing"];
      ok = t.is_object();
      for (auto it = t.begin(); ok && it != t.end(); ++it) {
        const json& v = it.value();
        if (it.key() == "round_ns" || it.key() == "reference_ns") {
          ok = v.is_array() && v.size() <= 1000;
          for (const json& x : v) ok = ok && x.is_number();
        } else if (it.key() == "settled") {
          ok = v.is_boolean();
        } else {
          ok = v.is_number();
        }
      }
    }
    if (!ok) continue;
    auto params = validate_params(puzzle.params(), r["params"]);
    if (!params) continue;
    const json& given = r["params"];
    for (auto it = given.begin(); ok && it != given.end(); ++it) ok = params.value().value(it.key(), json()) == it.value();
    if (ok) out.push_back(r);
  }
  return out;
}

json handle_summarize(const json& request) {
  std::string err;
  const Puzzle* puzzle = find_puzzle(request.value("puzzle", json()), err);
  if (!puzzle) return error_response(err);
  const json& records = request.contains("records") ? request["records"] : json();
  if (!records.is_array()) return error_response("records must be a list");
  return {{"ok", true}, {"summary", puzzle->summarize(well_formed_records(*puzzle, records))}};
}

Expected<std::vector<std::string>> string_list(const json& j, const char* what) {
  std::vector<std::string> out;
  if (j.is_null()) return out;
  if (!j.is_array() || j.size() > 256) return Error{std::string(what) + " must be a list of names"};
  for (const auto& s : j) {
    if (!s.is_string() || s.get_ref<const std::string&>().size() > 256)
      return Error{std::string(what) + " must be a list of names"};
    out.push_back(s.get<std::string>());
  }
  return out;
}

json handle_bench(const json& request, const ProgressFn& progress, const StopFn& stop) {
  auto puzzles = string_list(request.value("puzzles", json()), "puzzles");
  if (!puzzles) return error_response(puzzles.error());
  auto cases = string_list(request.value("cases", json()), "cases");
  if (!cases) return error_response(cases.error());
  auto opts = run_options(request);
  if (!opts) return error_response(opts.error());
  opts.value().time = true;

  std::vector<const Puzzle*> chosen;
  for (const auto& id : puzzles.value()) {
    std::string err;
    const Puzzle* p = find_puzzle(id, err);
    if (!p) return error_response(err);
    chosen.push_back(p);
  }
  if (chosen.empty())
    for (const auto& p : registry().puzzles()) chosen.push_back(p.get());

  // Resolve and validate everything before timing anything, so a typo fails in milliseconds, not
  // minutes; but prepare each case only when its turn comes, and free it after, so a bench holds
  // one case's buffers at a time (wasm memory never shrinks).
  struct Job {
    const Puzzle* puzzle;
    const NamedCase* named;
    Selection selection;
  };
  std::vector<Job> jobs;
  std::set<std::string> matched_cases;
  const auto requested = [&](const NamedCase& c) -> const std::string* {
    for (const auto& wanted : cases.value())
      if (wanted == c.name || (!c.alias.empty() && wanted == c.alias)) return &wanted;
    return nullptr;
  };
  for (const Puzzle* p : chosen) {
    auto sel = select_kernels(*p, request.contains("kernels") ? request["kernels"] : json());
    if (!sel) return error_response(sel.error());
    for (const auto& c : p->bench_cases()) {
      if (!cases.value().empty()) {
        const std::string* wanted = requested(c);
        if (!wanted) continue;
        matched_cases.insert(*wanted);
      }
      auto checked = p->canonical_params(c.params);
      if (!checked) return error_response(p->info().id + " case " + c.name + ": " + checked.error());
      jobs.push_back({p, &c, sel.value()});
    }
  }
  for (const auto& name : cases.value()) {
    if (!matched_cases.count(name)) {
      std::string list;
      for (const Puzzle* p : chosen)
        for (const auto& c : p->bench_cases()) list += (list.empty() ? "" : ", ") + (c.alias.empty() ? c.name : c.alias);
      return error_response("unknown bench case " + quote_user_text(name) + " (known: " + list + ")");
    }
  }

  json records = json::array();
  json skipped = json::array();
  json failed = json::array();
  auto add_once = [](json& list, json entry) {
    if (std::find(list.begin(), list.end(), entry) == list.end()) list.push_back(std::move(entry));
  };
  // Passes over the cases, each in a new random order, one round of every kernel per visit: a
  // case's rounds spread over the whole bench, so a slow phase of the machine hits one round of
  // many cases instead of every round of one (the native profiles of npm start).
  const HarnessOptions& h = opts.value().harness;
  std::vector<CaseState> states(jobs.size());
  std::vector<bool> dropped(jobs.size(), false);  // its case could not be prepared or timed
  std::vector<std::size_t> order(jobs.size());
  std::iota(order.begin(), order.end(), 0);
  std::mt19937_64 rng(h.seed ? h.seed : static_cast<std::uint64_t>(std::chrono::steady_clock::now().time_since_epoch().count()));
  int step = 0;
  int steps = 0;
  for (const auto& job : jobs) steps += case_steps(job.selection.run.size(), true, true, h.rounds);
  const double start = steady_seconds();
  const auto precise = [&](std::size_t j) {
    for (const KernelOnCase& on : states[j].kernels) {
      if (!on.record.is_null() && !precise_enough(on.measurement.timing.round_ns, h.target_halfwidth)) return false;
    }
    return true;
  };
  for (int pass = 0; pass < h.max_rounds; ++pass) {
    if (pass >= h.rounds && steady_seconds() - start >= h.budget_seconds) break;
    std::shuffle(order.begin(), order.end(), rng);
    bool visited = false;
    for (std::size_t j : order) {
      if (dropped[j] || (pass >= h.rounds && precise(j))) continue;
      const Job& job = jobs[j];
      auto prepared = job.puzzle->prepare(job.named->params);
      if (!prepared) {
        failed.push_back({{"puzzle", job.puzzle->info().id}, {"case", job.named->name}, {"reason", prepared.error()}});
        dropped[j] = true;
        continue;
      }
      visited = true;
      RunOptions o = opts.value();
      o.harness.rounds = o.harness.max_rounds = 1;
      json event_base = {{"puzzle", job.puzzle->info().id}, {"case", case_name(*prepared.value())},
                         {"case_index", j + 1}, {"case_count", jobs.size()}, {"pass", pass + 1},
                         {"passes", std::max(h.rounds, pass + 1)}};
      if (states[j].key.empty()) {
        verify_case(*job.puzzle, *prepared.value(), job.selection, true, progress, states[j], event_base, steps);
        step += static_cast<int>(states[j].kernels.size());
      }
      Status timed = time_case(*prepared.value(), o, progress, stop, states[j], event_base, step, steps);
      if (!timed) {
        if (timed.error() == "stopped") return error_response("stopped on request");
        failed.push_back({{"puzzle", job.puzzle->info().id}, {"case", job.named->name}, {"reason", timed.error()}});
        dropped[j] = true;
      }
    }
    if (!visited) break;
  }
  for (std::size_t j = 0; j < jobs.size(); ++j) {
    CaseRun ran;
    case_results(states[j], true, ran);
    if (dropped[j]) ran.records = json::array();
    for (auto& r : ran.records) records.push_back(std::move(r));
    for (auto s : ran.skipped) {
      s["puzzle"] = jobs[j].puzzle->info().id;
      add_once(skipped, std::move(s));
    }
    for (auto f : ran.failed) {
      f["puzzle"] = jobs[j].puzzle->info().id;
      f["case"] = jobs[j].named->name;
      failed.push_back(std::move(f));
    }
  }
  return {{"ok", true},
          {"report",
           {{"schema", kReportSchema}, {"environment", environment_json()}, {"records", records}}},
          {"skipped", skipped},
          {"failed", failed}};
}

}  // namespace

std::string case_name(const json& params) {
  std::string name;
  if (!params.is_object()) return name;
  for (auto it = params.begin(); it != params.end(); ++it) {
    std::string value = it.value().is_string() ? it.value().get<std::string>() : dump_json(it.value());
    // A label (the key keeps it all), cut in characters, not bytes: the page cuts the same way
    // (web/src/app/compare.ts caseName), and a cut must not split one.
    if (text_length(value) > 48) value = std::string(text_prefix(value, 45)) + "…";
    name += (name.empty() ? "" : " ") + it.key() + "=" + value;
  }
  return name;
}

std::string case_name(const PreparedCase& c) {
  std::string name = case_name(c.params);
  if (c.has_input) name += " file=" + std::to_string(c.input_bytes) + "B";
  return name;
}

std::string case_key(const json& canonical_params, bool has_input, std::size_t input_bytes,
                     std::uint64_t input_digest) {
  std::string key = dump_json(canonical_params);  // nlohmann objects keep their keys sorted
  if (has_input) {
    char digest[17];
    std::snprintf(digest, sizeof digest, "%016llx", static_cast<unsigned long long>(input_digest));
    key += " file=" + std::to_string(input_bytes) + "B:fnv1a64:" + digest;
  }
  return key;
}

std::string case_key(const PreparedCase& c) {
  return case_key(c.params, c.has_input, c.input_bytes, c.input_digest);
}

json environment_json() {
  return {{"side", std::string(build_name()).rfind("wasm", 0) == 0 ? "wasm" : "native"},
          {"build", build_name()},
          {"arch", cpu::arch_name()},
          {"cpu", cpu::model_name()},
          {"features", cpu::feature_names(cpu::features())},
          {"compiler", compiler_name()},
          {"flags", SP_BUILD_FLAGS},
          {"timer_resolution_ns", timer_resolution_ns()},
          {"date", utc_now_iso()}};
}

json handle_request(const json& request, const Input& input, const ProgressFn& progress, const StopFn& stop) {
  if (!request.is_object()) return error_response("request must be a JSON object");
  const json action = request.value("action", json());
  if (!action.is_string()) return error_response("request needs an action");
  const auto& a = action.get_ref<const std::string&>();
  if (a == "catalog") {
    json out = catalog_json();
    out["ok"] = true;
    return out;
  }
  if (a == "environment") return {{"ok", true}, {"environment", environment_json()}};
  if (a == "run") return handle_run(request, input, progress, stop);
  if (a == "illustrate") return handle_illustrate(request, input);
  if (a == "bench") return handle_bench(request, progress, stop);
  if (a == "validate") return handle_validate(request, input);
  if (a == "summarize") return handle_summarize(request);
  if (a == "known") return handle_known(request);
  return error_response("unknown action " + quote_user_text(a));
}

}  // namespace sp
