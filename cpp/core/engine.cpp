#include "core/engine.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <optional>
#include <set>

#include "core/format.h"
#include "core/harness.h"

#ifndef SP_BUILD_NAME
#define SP_BUILD_NAME "unknown"
#endif
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
  int case_index = 0;
  int case_count = 1;
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

// Runs the selected kernels on one prepared case.
CaseRun run_case(const Puzzle& puzzle, const PreparedCase& prepared, const Selection& sel,
                 const RunOptions& opts, const ProgressFn& progress) {
  CaseRun out;
  out.skipped = sel.skipped;
  const std::string name = case_name(prepared);
  const std::string key = case_key(prepared);
  const std::string unit = puzzle.work_unit(prepared.params);
  const auto known = puzzle.known_answer(prepared);

  // Without a published answer, the reference kernel's answer defines "correct".
  const Kernel* reference = puzzle.reference();
  std::optional<Expected<Outcome>> reference_outcome;
  auto reference_answer = [&]() -> const Expected<Outcome>& {
    if (!reference_outcome) reference_outcome = reference->run(prepared);
    return *reference_outcome;
  };

  std::vector<const Kernel*> kernels;
  for (const Kernel* k : sel.run) {
    std::string why_not;
    if (puzzle.applies(k->info(), prepared, why_not)) {
      kernels.push_back(k);
    } else {
      json entry = kernel_entry(*k, why_not);
      if (std::find(out.skipped.begin(), out.skipped.end(), entry) == out.skipped.end()) out.skipped.push_back(entry);
    }
  }

  int index = 0;
  for (const Kernel* k : kernels) {
    ++index;
    json event = {{"puzzle", puzzle.info().id},      {"case", name},
                  {"kernel", k->info().id},          {"isa", std::string(isa_name(k->info().isa))},
                  {"kernel_index", index},           {"kernel_count", kernels.size()},
                  {"case_index", opts.case_index},   {"case_count", opts.case_count}};
    if (progress) {
      event["phase"] = "verify";
      progress(event);
    }
    Expected<Outcome> outcome = k->run(prepared);
    if (k == reference) reference_outcome = outcome;  // later kernels compare against it
    if (!outcome) {
      out.failed.push_back(kernel_entry(*k, outcome.error()));
      continue;
    }
    json record = {{"puzzle", puzzle.info().id},
                   {"case", name},
                   {"case_key", key},
                   {"params", prepared.params},
                   {"kernel", k->info().id},
                   {"isa", std::string(isa_name(k->info().isa))},
                   {"build", SP_BUILD_NAME},
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
    if (opts.time) {
      auto timeable = k->timeable(prepared);
      Expected<Timing> t = timeable ? measure(*timeable.value(), opts.harness, [&](const HarnessProgress& p) {
        if (!progress) return;
        event["phase"] = p.phase == HarnessProgress::Phase::warmup ? "warmup" : "sample";
        event["sample"] = p.sample;
        event["samples"] = p.samples;
        event["elapsed_s"] = p.elapsed_seconds;
        progress(event);
      })
                                    : Expected<Timing>(timeable.error_detail());
      if (!t) {
        out.failed.push_back(kernel_entry(*k, t.error()));
        continue;
      }
      record["timing"] = t.value().to_json();
    }
    out.records.push_back(std::move(record));
  }
  return out;
}

Expected<RunOptions> run_options(const json& request) {
  RunOptions o;
  if (request.contains("time")) {
    if (!request["time"].is_boolean()) return Error{"time must be true or false"};
    o.time = request["time"].get<bool>();
  }
  auto h = HarnessOptions::from_json(request.contains("harness") ? request["harness"] : json());
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

json handle_run(const json& request, const Input& input, const ProgressFn& progress) {
  std::string err;
  const Puzzle* puzzle = find_puzzle(request.value("puzzle", json()), err);
  if (!puzzle) return error_response(err);
  auto opts = run_options(request);
  if (!opts) return error_response(opts.error());
  auto prepared = puzzle->prepare(request.contains("params") ? request["params"] : json(), input);
  if (!prepared) return error_response(prepared.error_detail());
  auto sel = select_kernels(*puzzle, request.contains("kernels") ? request["kernels"] : json());
  if (!sel) return error_response(sel.error());

  const PreparedCase& c = *prepared.value();
  CaseRun ran = run_case(*puzzle, c, sel.value(), opts.value(), progress);
  json response = {{"ok", true},
                   {"puzzle", puzzle->info().id},
                   {"case", case_name(c)},
                   {"case_key", case_key(c)},
                   {"params", c.params},
                   {"work_unit", puzzle->work_unit(c.params)},
                   {"results", std::move(ran.records)},
                   {"skipped", std::move(ran.skipped)},
                   {"failed", std::move(ran.failed)},
                   {"illustration", puzzle->illustrate(c)}};
  if (auto known = puzzle->known_answer(c))
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
// as a string, timing (if present) as an object of numbers, and params as the schema's types
// (a JSON type error would abort the wasm module): params must pass the schema unchanged, not
// merely convertibly ("4" for 4 is how the CLI spells it, not how a record does).
json well_formed_records(const Puzzle& puzzle, const json& records) {
  json out = json::array();
  for (const json& r : records) {
    if (!r.is_object()) continue;
    bool ok = r.contains("kernel") && r["kernel"].is_string() && r.contains("isa") && r["isa"].is_string() &&
              (!r.contains("case") || r["case"].is_string()) && r.contains("params") && r["params"].is_object();
    if (ok && r.contains("timing")) {
      const json& t = r["timing"];
      ok = t.is_object();
      for (auto it = t.begin(); ok && it != t.end(); ++it) ok = it.value().is_number();
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

json handle_bench(const json& request, const ProgressFn& progress) {
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
  int index = 0;
  for (auto& job : jobs) {
    RunOptions o = opts.value();
    o.case_index = ++index;
    o.case_count = static_cast<int>(jobs.size());
    auto prepared = job.puzzle->prepare(job.named->params);
    if (!prepared) {
      failed.push_back({{"puzzle", job.puzzle->info().id}, {"case", job.named->name}, {"reason", prepared.error()}});
      continue;
    }
    CaseRun ran = run_case(*job.puzzle, *prepared.value(), job.selection, o, progress);
    for (auto& r : ran.records) records.push_back(std::move(r));
    for (auto s : ran.skipped) {
      s["puzzle"] = job.puzzle->info().id;
      add_once(skipped, std::move(s));
    }
    for (auto f : ran.failed) {
      f["puzzle"] = job.puzzle->info().id;
      f["case"] = job.named->name;
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
  return {{"side", std::string(SP_BUILD_NAME).rfind("wasm", 0) == 0 ? "wasm" : "native"},
          {"build", SP_BUILD_NAME},
          {"arch", cpu::arch_name()},
          {"cpu", cpu::model_name()},
          {"features", cpu::feature_names(cpu::features())},
          {"compiler", compiler_name()},
          {"flags", SP_BUILD_FLAGS},
          {"timer_resolution_ns", timer_resolution_ns()},
          {"date", utc_now_iso()}};
}

json handle_request(const json& request, const Input& input, const ProgressFn& progress) {
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
  if (a == "run") return handle_run(request, input, progress);
  if (a == "illustrate") return handle_illustrate(request, input);
  if (a == "bench") return handle_bench(request, progress);
  if (a == "validate") return handle_validate(request, input);
  if (a == "summarize") return handle_summarize(request);
  if (a == "known") return handle_known(request);
  return error_response("unknown action " + quote_user_text(a));
}

}  // namespace sp
