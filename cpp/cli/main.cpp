// simd-puzzles: the native command line. Everything it does goes through core/engine (the same
// code the wasm module runs), so its JSON is the page's JSON. Options for each puzzle are
// generated from the puzzle's parameter schema.
//
// Exit codes: 0 ok, 1 a kernel disagreed with the published answer or the reference, 2 bad input.

#include <unistd.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <cmath>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <iterator>
#include <map>
#include <optional>

#include "cli/csv.h"
#include "cli/engine_server.h"
#include "cli/listing.h"
#include "cli/suggest.h"
#include "cli/table.h"
#include "core/engine.h"
#include "core/format.h"
#include "core/registry.h"

namespace {

using sp::json;

constexpr std::uintmax_t kMaxInputFileBytes = 1ull << 30;

int fail(const std::string& message, bool as_json = false) {
  if (as_json) std::cout << sp::dump_json({{"ok", false}, {"error", message}}, 2) << "\n";
  std::cerr << "simd-puzzles: " << message << "\n";
  return 2;
}

// Harness overrides shared by `run --time` and `bench`.
struct HarnessArgs {
  // Only what was given goes to the engine, which checks it: `--batches 0` is refused there, not
  // taken for "not given".
  std::optional<int> rounds;
  std::optional<int> max_rounds;
  std::optional<int> batches;
  std::optional<double> batch_ms;
  json to_json() const {
    json h = json::object();
    if (rounds) h["rounds"] = *rounds;
    if (max_rounds) h["max_rounds"] = *max_rounds;
    if (batches) h["batches"] = *batches;
    if (batch_ms) h["batch_ms"] = *batch_ms;
    return h;
  }
  void add_to(CLI::App* app) {
    app->add_option("--rounds,--samples", rounds, "rounds per kernel, interleaved across kernels (default 6, at least 3)");
    app->add_option("--max-rounds", max_rounds, "keep adding rounds until every interval is within +-5 %, up to this many");
    app->add_option("--batch-ms,--min-sample-ms", batch_ms, "shortest timed batch in ms (default 10)");
    app->add_option("--batches", batches, "timed batches a round takes the median of (default 3)");
  }
};

// Progress on stderr: one rewritten line on a terminal, one line per kernel otherwise, or every
// engine event as a JSON line for a program to read (--progress-json; scripts/native-bench.mjs).
class ProgressPrinter {
 public:
  explicit ProgressPrinter(bool quiet, bool as_json = false)
      : quiet_(quiet), json_(as_json), tty_(isatty(STDERR_FILENO) != 0) {}
  ~ProgressPrinter() { finish(); }

  void operator()(const json& e) {
    if (json_) {
      std::cerr << sp::dump_json(e) << "\n" << std::flush;
      return;
    }
    if (quiet_) return;
    std::string where = "[" + e.value("case", std::string()) + "] ";
    if (e.value("case_count", 1) > 1)
      where = "[case " + std::to_string(e.value("case_index", 0)) + "/" +
              std::to_string(e.value("case_count", 0)) + " " + e.value("case", std::string()) + "] ";
    std::string kernel = e.value("kernel", std::string()) + "/" + e.value("isa", std::string());
    std::string line = where + "kernel " + std::to_string(e.value("kernel_index", 0)) + "/" +
                       std::to_string(e.value("kernel_count", 0)) + " " + kernel + "  ";
    const std::string phase = e.value("phase", std::string());
    if (phase == "verify") line += "checking answer";
    else if (phase == "warmup") line += "warming up";
    else if (e.contains("passes"))  // bench: one round of every kernel per pass over the cases
      line += "pass " + std::to_string(e.value("pass", 0)) + "/" + std::to_string(e.value("passes", 0));
    else line += "round " + std::to_string(e.value("sample", 0)) + "/" + std::to_string(e.value("samples", 0));
    char elapsed[32];
    std::snprintf(elapsed, sizeof elapsed, "  %.1fs", e.value("elapsed_s", 0.0));
    if (phase != "verify") line += elapsed;
    if (tty_) {
      std::cerr << "\r\033[K" << line << std::flush;
      open_ = true;
    } else if (phase == "sample" && e.value("step", 0) == e.value("steps", -1)) {
      std::cerr << line << "\n";
    }
  }

  void finish() {
    if (open_) std::cerr << "\r\033[K" << std::flush;
    open_ = false;
  }

 private:
  bool quiet_;
  bool json_;
  bool tty_;
  bool open_ = false;
};

// Reads a whole file, regular or not (a pipe, /dev/stdin), up to kMaxInputFileBytes. Any failure is
// an error: a file that cannot be read is never replaced by generated data.
bool read_file(const std::string& path, std::vector<std::uint8_t>& out, std::string& error) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) {
    error = "cannot read input file '" + path + "': it is a directory";
    return false;
  }
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (!f) {
    error = "cannot open input file '" + path + "': " + std::strerror(errno);
    return false;
  }
  out.clear();
  std::uint8_t chunk[1 << 16];
  for (;;) {
    const std::size_t n = std::fread(chunk, 1, sizeof chunk, f);
    if (out.size() + n > kMaxInputFileBytes) {
      error = "input file '" + path + "' is larger than 1 GiB";
      std::fclose(f);
      return false;
    }
    out.insert(out.end(), chunk, chunk + n);
    if (n < sizeof chunk) break;
  }
  const bool failed = std::ferror(f) != 0;
  std::fclose(f);
  if (failed) error = "cannot read input file '" + path + "'";
  return !failed;
}

// The first lines of `list` and `passes`: this CPU and the features this build can use on it.
std::string cpu_lines() {
  return "CPU: " + sp::cpu::model_name() + " (" + sp::cpu::arch_name() + ")\n" +
         "features: " + sp::cpu::feature_names(sp::cpu::features()) + "\n";
}

// One line for `list`: the ISA passes this CPU runs, then those it does not (`passes` says why).
std::string pass_summary() {
  std::string runs, not_here;
  for (const auto& p : sp::registry().passes()) (p.runs() ? runs : not_here) += " " + p.name;
  return "passes:" + (runs.empty() ? std::string(" none") : runs) + (not_here.empty() ? "" : " (not on this CPU:" + not_here + ")");
}

// `simd-puzzles passes [--json]`: the ISA passes compiled into this binary and whether this CPU
// runs each (cpu::has(needs), the gate of every kernel of the pass). The playground's server reads
// the JSON to know which passes to compile a user's kernel for (scripts/lib/playground/compile.mjs).
int cmd_passes(bool as_json) {
  if (as_json) {
    std::cout << sp::dump_json(sp::passes_json(), 2) << "\n";
    return 0;
  }
  std::cout << cpu_lines() << "\n";
  std::vector<std::vector<std::string>> rows;
  for (const auto& p : sp::registry().passes()) {
    const std::uint32_t lacks = p.needs & ~sp::cpu::features();
    rows.push_back({"  " + p.name, std::string(sp::isa_name(p.isa)), p.needs ? sp::cpu::feature_names(p.needs) : "-",
                    p.runs() ? "yes" : "no (lacks " + sp::cpu::feature_names(lacks) + ")"});
  }
  std::cout << sp::cli::table({"  pass", "isa", "needs", "runs here"}, rows);
  return 0;
}

int cmd_list(bool as_json) {
  json catalog = sp::catalog_json();
  if (as_json) {
    std::cout << sp::dump_json(catalog, 2) << "\n";
    return 0;
  }
  std::cout << cpu_lines() << pass_summary() << "\n";
  for (const auto& p : catalog["puzzles"]) {
    std::cout << "\n" << p["id"].get<std::string>() << ": " << p["title"].get<std::string>() << "\n";
    std::string params;
    for (const auto& s : p["params"]) {
      params += "  --" + s["name"].get<std::string>() + "  " + s["help"].get<std::string>();
      if (s["kind"] == "integer")
        params += " (" + std::to_string(s["min"].get<long long>()) + ".." +
                  std::to_string(s["max"].get<long long>()) + ", default " + sp::dump_json(s["default"]) + ")";
      params += "\n";
    }
    std::cout << params;
    std::vector<std::vector<std::string>> rows;
    for (const auto& k : p["kernels"])
      rows.push_back({k["key"].get<std::string>(), k["available"].get<bool>() ? "yes" : "no (" + k["unavailable_reason"].get<std::string>() + ")",
                      k["summary"].get<std::string>()});
    std::cout << sp::cli::table({"  kernel", "runs here", "what it does"}, [&] {
      for (auto& r : rows) r[0] = "  " + r[0];
      return rows;
    }());
  }
  return 0;
}

void print_records(const json& records, bool with_timing, const std::string& reference_kernel) {
  // Speed-up against the reference kernel of the same case (its key: names may be shortened),
  // when both were timed.
  std::map<std::string, double> reference_ns;
  auto case_of = [](const json& r) { return r["puzzle"].get<std::string>() + "|" + r["case_key"].get<std::string>(); };
  for (const auto& r : records)
    if (r.contains("timing") && r["kernel"] == reference_kernel) reference_ns[case_of(r)] = r["timing"]["median_ns"].get<double>();

  std::vector<std::string> header = {"case", "kernel", "isa", "answer", "ok"};
  if (with_timing) header.insert(header.end(), {"median", "±95%", "rounds", "per unit", "units/s", "× ref"});
  else header.push_back("work");
  std::vector<std::vector<std::string>> rows;
  for (const auto& r : records) {
    std::vector<std::string> row = {r["case"].get<std::string>(), r["kernel"].get<std::string>(),
                                    r["isa"].get<std::string>(), sp::format_answer(r["answer"]),
                                    sp::format_verified(r)};
    if (with_timing && r.contains("timing")) {
      const auto& t = r["timing"];
      double median = t["median_ns"].get<double>();
      auto ref = reference_ns.find(case_of(r));
      std::string speedup = ref != reference_ns.end() && median > 0 ? sp::format_fixed(ref->second / median, 2) : "";
      // The interval between rounds, as a half-width around the median (sqrt(hi/lo) - 1).
      const double lo = t.value("ci_lo_ns", 0.0), hi = t.value("ci_hi_ns", 0.0);
      std::string spread = lo > 0 ? sp::format_percent((std::sqrt(hi / lo) - 1) * median, median) : "";
      std::string rounds = std::to_string(t.value("samples", 0)) + (t.value("settled", true) ? "" : " unsettled");
      row.insert(row.end(), {sp::format_duration_ns(median), spread, rounds,
                             sp::format_duration_ns(t["ns_per_unit"].get<double>()),
                             sp::format_rate(t["units_per_second"].get<double>()) + r["work_unit"].get<std::string>(),
                             speedup});
    } else {
      row.push_back(sp::format_count(r["work"].get<std::uint64_t>()) + " " + r["work_unit"].get<std::string>());
    }
    rows.push_back(std::move(row));
  }
  std::vector<bool> right(header.size(), false);
  for (std::size_t i = 5; i < header.size(); ++i) right[i] = true;
  std::cout << sp::cli::table(header, rows, right);
}

// The machine's own speed while the records were measured: the reference loop timed in every
// pass (core/harness.h, point 5), one set of rounds per case. Two runs of this command compare
// kernels only as far as this line agrees; within one run, the cases measured while the machine
// ran slower (their loop's median more than kMachineSpeedStep over the run's) are named.
void print_machine_speed(const json& records) {
  struct CaseRounds {
    std::string name;  // "puzzle case", as the tables spell it
    std::vector<double> rounds;
  };
  std::map<std::string, CaseRounds> by_case;  // each case's records share its rounds
  for (const auto& r : records) {
    if (!r.contains("timing") || !r["timing"].contains("reference_ns")) continue;
    auto& c = by_case[r["puzzle"].get<std::string>() + "|" + r["case_key"].get<std::string>()];
    if (!c.rounds.empty()) continue;
    c.name = r["puzzle"].get<std::string>() + " " + r["case"].get<std::string>();
    for (const auto& x : r["timing"]["reference_ns"]) c.rounds.push_back(x.get<double>());
  }
  if (by_case.empty()) return;
  std::vector<double> all;
  for (const auto& [key, c] : by_case) all.insert(all.end(), c.rounds.begin(), c.rounds.end());
  const double typical = sp::median_of(all);
  std::cout << "\nmachine speed: the reference loop took " << sp::format_duration_ns(typical) << " (median of " << all.size()
            << " rounds)\n";
  // The cases measured while the machine ran slower than it typically did in this run, slowest first.
  std::vector<std::pair<double, std::string>> slow;
  for (const auto& [key, c] : by_case) {
    const double step = typical > 0 ? sp::median_of(c.rounds) / typical : 1;
    if (step > sp::kMachineSpeedStep) slow.push_back({step, c.name});
  }
  if (slow.empty()) return;
  std::sort(slow.begin(), slow.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
  std::cout << "  the machine ran slower while " << slow.size() << " of " << by_case.size()
            << " cases were measured (their reference loop, against the run's): ";
  for (std::size_t i = 0; i < slow.size() && i < 5; ++i)
    std::cout << (i ? "; " : "") << slow[i].second << " " << sp::format_fixed(slow[i].first, 2) << "x";
  std::cout << (slow.size() > 5 ? "; ..." : "") << ". Compare their numbers with care, or measure them again.\n";
}

// A puzzle's own tables after its records (Puzzle::summarize), each with its findings.
void print_summary(const json& summary) {
  if (!summary.is_object()) return;
  for (const auto& t : summary.value("tables", json::array())) {
    std::vector<std::string> header;
    for (const auto& h : t["header"]) header.push_back(h.get<std::string>());
    std::vector<std::vector<std::string>> rows;
    for (const auto& r : t["rows"]) {
      rows.emplace_back();
      for (const auto& c : r) rows.back().push_back(c.get<std::string>());
    }
    std::vector<bool> right(header.size(), true);
    right[0] = false;
    std::cout << "\n" << t["title"].get<std::string>() << "\n" << sp::cli::table(header, rows, right);
    for (const auto& note : t.value("notes", json::array())) std::cout << "  " << note.get<std::string>() << "\n";
  }
  for (const auto& note : summary.value("notes", json::array())) std::cout << "  " << note.get<std::string>() << "\n";
}

// Kernels that failed (a memory cap, a limit): one line each, on stderr.
void print_failed(const json& failed) {
  for (const auto& f : failed) {
    std::string where = f.value("puzzle", std::string());
    if (f.contains("case")) where += (where.empty() ? "" : " ") + f["case"].get<std::string>();
    std::string kernel = f.contains("kernel") ? f["kernel"].get<std::string>() + "/" + f["isa"].get<std::string>() + " " : "";
    std::cerr << "failed: " << kernel << (where.empty() ? "" : "[" + where + "] ") << f["reason"].get<std::string>() << "\n";
  }
}

// Kernels that did not run, one line per puzzle and reason.
void print_skipped(const json& skipped) {
  std::vector<std::pair<std::string, std::string>> lines;  // (puzzle: reason, kernels)
  for (const auto& s : skipped) {
    std::string head = s.value("puzzle", std::string());
    head += (head.empty() ? "" : " ") + s["reason"].get<std::string>();
    std::string kernel = s["kernel"].get<std::string>() + "/" + s["isa"].get<std::string>();
    auto it = std::find_if(lines.begin(), lines.end(), [&](const auto& l) { return l.first == head; });
    if (it == lines.end()) lines.push_back({head, kernel});
    else it->second += ", " + kernel;
  }
  for (const auto& [head, kernels] : lines) std::cout << "skipped " << kernels << " (" << head << ")\n";
}

bool all_verified(const json& records) {
  for (const auto& r : records)
    if (r["verified"].is_boolean() && !r["verified"].get<bool>()) return false;
  return true;
}

struct RunArgs {
  std::map<std::string, std::string> params;  // only the ones given on the command line
  std::vector<std::string> kernels;
  std::string file;
  bool json_out = false;
  bool time = false;
  bool progress_json = false;
  HarnessArgs harness;
};

int cmd_run(const sp::Puzzle& puzzle, const RunArgs& args) {
  json request = {{"action", "run"}, {"puzzle", puzzle.info().id}, {"time", args.time}};
  json params = json::object();
  for (const auto& [name, value] : args.params) params[name] = value;
  request["params"] = params;
  if (!args.kernels.empty()) request["kernels"] = args.kernels;
  if (args.time) request["harness"] = args.harness.to_json();

  std::vector<std::uint8_t> bytes;
  sp::Input input;
  if (!args.file.empty()) {
    std::string error;
    if (!read_file(args.file, bytes, error)) return fail(error, args.json_out);
    input = sp::Input::file(bytes);  // an empty file is still a file
  }
  ProgressPrinter progress(!args.time, args.progress_json);
  json response = sp::handle_request(request, input, [&](const json& e) { progress(e); });
  progress.finish();
  if (!response["ok"].get<bool>()) return fail(response["error"].get<std::string>(), args.json_out);

  if (args.json_out) {
    // The machine the numbers come from, as a bench report has it: the page's "Measure natively
    // now" turns this response into a report (scripts/lib/native-run.mjs).
    response["environment"] = sp::handle_request({{"action", "environment"}})["environment"];
    std::cout << sp::dump_json(response, 2) << "\n";
  } else {
    std::cout << puzzle.info().id << " " << response["case"].get<std::string>();
    if (response.contains("known"))
      std::cout << "   published: " << sp::format_answer(response["known"]["answer"]) << " ("
                << response["known"]["source"].get<std::string>() << ")";
    std::cout << "\n";
    print_records(response["results"], args.time, puzzle.info().reference_kernel);
    print_machine_speed(response["results"]);
    print_skipped(response["skipped"]);
  }
  print_failed(response["failed"]);
  return all_verified(response["results"]) && response["failed"].empty() ? 0 : 1;
}

struct BenchArgs {
  std::vector<std::string> puzzles;
  std::vector<std::string> cases;
  std::vector<std::string> kernels;
  std::string json_file;
  std::string csv_file;
  bool quiet = false;
  bool progress_json = false;
  HarnessArgs harness;
};

int cmd_bench(const BenchArgs& args) {
  json request = {{"action", "bench"}, {"harness", args.harness.to_json()}};
  if (!args.puzzles.empty()) request["puzzles"] = args.puzzles;
  if (!args.cases.empty()) request["cases"] = args.cases;
  if (!args.kernels.empty()) request["kernels"] = args.kernels;
  ProgressPrinter progress(args.quiet, args.progress_json);
  json response = sp::handle_request(request, {}, [&](const json& e) { progress(e); });
  progress.finish();
  if (!response["ok"].get<bool>()) return fail(response["error"].get<std::string>());
  const json& report = response["report"];

  // A file the report goes to; "-" means stdout, in place of the tables.
  const auto write = [](const std::string& file, const std::string& text) -> bool {
    if (file == "-") return static_cast<bool>(std::cout << text);
    std::ofstream out(file, std::ios::binary);
    if (!out || !(out << text)) return false;
    std::cerr << "wrote " << file << "\n";
    return true;
  };
  if (args.json_file == "-" || args.csv_file == "-") {
    if (args.json_file == "-") std::cout << sp::dump_json(report, 2) << "\n";
    else write("-", sp::cli::records_csv(report["records"]));
  } else {
    const json& env = report["environment"];
    std::cout << "native bench on " << env["cpu"].get<std::string>() << " (" << env["features"].get<std::string>()
              << "), " << env["compiler"].get<std::string>() << ", " << env["date"].get<std::string>() << "\n";
    for (const auto& p : sp::registry().puzzles()) {
      json mine = json::array();
      for (const auto& r : report["records"])
        if (r["puzzle"] == p->info().id) mine.push_back(r);
      if (mine.empty()) continue;
      std::cout << "\n" << p->info().title << "\n";
      print_records(mine, true, p->info().reference_kernel);
      print_summary(p->summarize(mine));
    }
    print_machine_speed(report["records"]);
    print_skipped(response["skipped"]);
  }
  if (!args.json_file.empty() && args.json_file != "-" && !write(args.json_file, sp::dump_json(report, 2) + "\n"))
    return fail("cannot write '" + args.json_file + "'");
  if (!args.csv_file.empty() && args.csv_file != "-" && !write(args.csv_file, sp::cli::records_csv(report["records"])))
    return fail("cannot write '" + args.csv_file + "'");
  print_failed(response["failed"]);
  return all_verified(report["records"]) && response["failed"].empty() ? 0 : 1;
}

// `solve <puzzle>`: a contest's stdin in, the one line the contest expects out, so any contest
// harness can run this binary. Uses the puzzle's solve_preference: the first kernel id this CPU
// runs (in its widest ISA) that applies to the case.
int cmd_solve(const sp::Puzzle& puzzle) {
  constexpr std::size_t kMaxStdin = 1 << 20;
  std::string text;
  char chunk[4096];
  while (std::cin.read(chunk, sizeof chunk) || std::cin.gcount() > 0) {
    text.append(chunk, static_cast<std::size_t>(std::cin.gcount()));
    if (text.size() > kMaxStdin) return fail("the input is larger than 1 MiB");
  }
  auto params = puzzle.parse_contest_input(text);
  if (!params) return fail(params.error());
  auto prepared = puzzle.prepare(params.value());
  if (!prepared) return fail(prepared.error());
  for (const std::string& id : puzzle.info().solve_preference) {
    const sp::Kernel* chosen = nullptr;
    for (const auto& k : puzzle.kernels()) {
      std::string why_not;
      if (k->info().id == id && k->available() && puzzle.applies(k->info(), *prepared.value(), why_not)) chosen = k.get();
    }
    if (!chosen) continue;
    auto outcome = chosen->run(*prepared.value());
    if (!outcome) {
      fail(chosen->key() + " failed: " + outcome.error());
      return 1;  // the input was fine; the kernel could not answer it
    }
    std::cout << puzzle.contest_output(outcome.value().answer) << "\n";
    return 0;
  }
  return fail("no kernel of " + puzzle.info().id + " can solve this input on this CPU");
}

std::vector<std::string> option_names(const CLI::App& app) {
  std::vector<std::string> names;
  for (const CLI::Option* o : app.get_options()) {
    for (const auto& n : o->get_lnames()) names.push_back("--" + n);
    for (const auto& n : o->get_snames()) names.push_back("-" + n);
  }
  return names;
}

// Every command collects what it does not recognise (allow_extras) so that it can be answered
// here, with a suggestion, instead of being ignored or getting CLI11's generic line.
std::optional<std::string> unknown_argument(const CLI::App& app, const std::string& where) {
  const std::vector<std::string> extras = app.remaining();
  if (extras.empty()) return std::nullopt;
  const std::string& first = extras.front();
  if (first.size() > 1 && first[0] == '-') {
    const std::string name = first.substr(0, first.find('='));
    return "unknown option " + sp::quote_user_text(name) + " for '" + where + "'" +
           sp::cli::did_you_mean(name, option_names(app)) + "; see '" + where + " --help'";
  }
  return "unexpected argument " + sp::quote_user_text(first) + " for '" + where + "'; see '" + where + " --help'";
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"simd-puzzles: SIMD puzzle kernels natively (this CLI) and in the browser (npm start).\n"
               "Every kernel is checked against published answers or the scalar reference."};
  app.require_subcommand(0, 1);
  app.allow_extras();  // inherited by every command: unknown_argument() answers what they do not know

  bool list_json = false;
  auto* list = app.add_subcommand("list", "list puzzles, their parameters and kernels, and what this CPU runs");
  list->add_flag("--json", list_json, "print the catalog as JSON");

  bool passes_json = false;
  auto* passes = app.add_subcommand("passes", "list the ISA passes this binary has and whether this CPU runs each");
  passes->add_flag("--json", passes_json, "print them as JSON");

  auto* run = app.add_subcommand("run", "run a puzzle's kernels on one case and verify the answers");
  run->allow_extras();  // so an unknown puzzle name gets our message, not a generic one
  std::map<std::string, RunArgs> run_args;
  std::map<std::string, CLI::App*> run_puzzles;
  for (const auto& p : sp::registry().puzzles()) {
    const std::string id = p->info().id;
    RunArgs& a = run_args[id];
    auto* sub = run->add_subcommand(id, p->info().title + ": " + p->info().summary);
    for (const auto& spec : p->params()) {
      std::string help = spec.help;
      if (spec.kind == sp::ParamSpec::Kind::integer)
        help += " (" + std::to_string(spec.min) + ".." + std::to_string(spec.max) + ", default " +
                sp::dump_json(spec.default_value) + ")";
      if (spec.kind == sp::ParamSpec::Kind::flag)
        sub->add_flag_callback("--" + spec.name, [&a, name = spec.name] { a.params[name] = "true"; }, help);
      else
        sub->add_option_function<std::string>("--" + spec.name,
                                              [&a, name = spec.name](const std::string& v) { a.params[name] = v; },
                                              help);
    }
    sub->add_option("--kernel", a.kernels, "kernel id, id/isa, or all (repeatable; default all)");
    sub->add_option("--file", a.file, "input file, for puzzles that read one");
    sub->add_flag("--json", a.json_out, "print the result as JSON");
    sub->add_flag("--time", a.time, "also time each kernel with the harness");
    sub->add_flag("--progress-json", a.progress_json, "progress on stderr as one JSON event per line");
    a.harness.add_to(sub);
    run_puzzles[id] = sub;
  }

  std::string solve_id;
  auto* solve = app.add_subcommand("solve", "read a contest's input on stdin and print only its answer "
                                            "(e.g. simd-puzzles solve cephalopod < input.txt)");
  solve->add_option("puzzle", solve_id, "the puzzle whose contest input format stdin holds")->required();

  BenchArgs bench_args;
  auto* bench = app.add_subcommand("bench", "time every kernel on each puzzle's benchmark cases");
  bench->add_option("puzzle", bench_args.puzzles, "puzzles to bench (default: all)");
  bench->add_option("--case", bench_args.cases, "only these cases, e.g. n=12 (repeatable)");
  bench->add_option("--kernel", bench_args.kernels, "kernel id, id/isa, or all (repeatable)");
  bench->add_option("--json", bench_args.json_file, "also write the report as JSON to FILE ('-': stdout only)");
  bench->add_option("--csv", bench_args.csv_file, "also write the records as CSV to FILE, the page's columns ('-': stdout only)");
  bench->add_flag("--quiet", bench_args.quiet, "no progress on stderr");
  bench->add_flag("--progress-json", bench_args.progress_json, "progress on stderr as one JSON event per line");
  bench_args.harness.add_to(bench);

  sp::cli::ListingArgs listing_args;
  auto* listing = app.add_subcommand("listing", "print a kernel's instructions in one build (x86-64, aarch64, "
                                                "simd128, baseline), from build/listings (npm start, npm test)");
  {
    std::vector<std::string> puzzle_ids, isa_names;
    for (const auto& p : sp::registry().puzzles()) puzzle_ids.push_back(p->info().id);
#define SP_ISA_NAME(id, name, bits) if (std::string_view(name) != "peer") isa_names.push_back(name);
    SP_ISA_LIST(SP_ISA_NAME)
#undef SP_ISA_NAME
    listing->add_option("puzzle", listing_args.puzzle, "the puzzle")->required()->check(CLI::IsMember(puzzle_ids));
    listing->add_option("kernel", listing_args.kernel, "the kernel id (e.g. hq-simd)")->required();
    listing->add_option("--isa", listing_args.isa, "which ISA's kernel (default: the build's only one)")
        ->check(CLI::IsMember(isa_names));
    listing->add_option("--build", listing_args.build,
                        "which build's listing (default: the one the ISA runs in; without --isa, this machine's)")
        ->check(CLI::IsMember(sp::cli::listing_builds()));
    listing->add_option("--listings", listing_args.dir, "the folder of listing files (default: build/listings)");
    listing->add_flag("--json", listing_args.json_out, "print the kernel's listing as JSON");
  }
  auto* engine = app.add_subcommand("engine", "the resident engine: the engine's JSON requests, one per line on stdin, "
                                              "one JSON answer per line on stdout (what npm start's server talks to)");
  // Hidden (no group): scripts/build-listings.mjs reads every kernel's entry addresses from it.
  auto* entry_points = app.add_subcommand("entry-points", "")->group("");

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    int code = app.exit(e);
    return code == 0 ? 0 : 2;
  }

  if (list->parsed()) {
    if (auto e = unknown_argument(*list, "simd-puzzles list")) return fail(*e);
    return cmd_list(list_json);
  }
  if (passes->parsed()) {
    if (auto e = unknown_argument(*passes, "simd-puzzles passes")) return fail(*e);
    return cmd_passes(passes_json);
  }
  if (listing->parsed()) {
    if (auto e = unknown_argument(*listing, "simd-puzzles listing")) return fail(*e);
    return sp::cli::cmd_listing(listing_args);
  }
  if (entry_points->parsed()) return sp::cli::cmd_entry_points();
  if (engine->parsed()) {
    if (auto e = unknown_argument(*engine, "simd-puzzles engine")) return fail(*e);
    return sp::cli::cmd_engine();
  }
  if (solve->parsed()) {
    if (auto e = unknown_argument(*solve, "simd-puzzles solve")) return fail(*e);
    std::vector<std::string> ids;
    for (const auto& p : sp::registry().puzzles()) ids.push_back(p->info().id);
    const sp::Puzzle* puzzle = sp::registry().find(solve_id);
    if (!puzzle) return fail("unknown puzzle " + sp::quote_user_text(solve_id) + sp::cli::did_you_mean(solve_id, ids));
    return cmd_solve(*puzzle);
  }
  if (bench->parsed()) {
    if (auto e = unknown_argument(*bench, "simd-puzzles bench")) return fail(*e);
    return cmd_bench(bench_args);
  }
  if (run->parsed()) {
    for (const auto& [id, sub] : run_puzzles) {
      if (!sub->parsed()) continue;
      if (auto e = unknown_argument(*sub, "simd-puzzles run " + id)) return fail(*e);
      return cmd_run(*sp::registry().find(id), run_args[id]);
    }
    std::vector<std::string> ids;
    std::string known;
    for (const auto& p : sp::registry().puzzles()) {
      ids.push_back(p->info().id);
      known += (known.empty() ? "" : ", ") + p->info().id;
    }
    auto extras = run->remaining();
    if (!extras.empty() && !extras.front().empty() && extras.front()[0] == '-')
      return fail(*unknown_argument(*run, "simd-puzzles run"));
    if (!extras.empty())
      return fail("unknown puzzle " + sp::quote_user_text(extras.front()) + sp::cli::did_you_mean(extras.front(), ids) +
                  " (known: " + known + ")");
    return fail("run needs a puzzle: simd-puzzles run <puzzle> [options] (puzzles: " + known + ")");
  }
  const auto extras = app.remaining();
  if (!extras.empty() && !extras.front().empty() && extras.front()[0] == '-')
    return fail(*unknown_argument(app, "simd-puzzles"));
  if (!extras.empty()) {
    std::vector<std::string> commands;
    std::string known;
    for (const CLI::App* sub : app.get_subcommands({})) {
      if (sub->get_group().empty()) continue;  // hidden: for scripts
      commands.push_back(sub->get_name());
      known += (known.empty() ? "" : ", ") + sub->get_name();
    }
    return fail("unknown command " + sp::quote_user_text(extras.front()) + sp::cli::did_you_mean(extras.front(), commands) +
                " (commands: " + known + ")");
  }
  std::cerr << app.help();
  return 2;
}
