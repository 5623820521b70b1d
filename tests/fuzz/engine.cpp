// Fuzz target `engine`: the request layer (cpp/core/engine.cpp), the one entry point of the CLI and
// the wasm module: JSON text in, sp::handle_request, JSON out.
//
// Input: a request as JSON text, optionally followed by a NUL byte and the bytes of an input file
// (what the page's setInput hands the module; a NUL with nothing after it is an empty file). Text
// that is not JSON gets the bindings' error and goes no further. Besides "no crash, no UB, no
// leak, no exception" it must hold:
//   - the response is an object with a boolean "ok"; an error has a message for a person (no
//     control characters, UTF-8 when the request was), and every string in any response is UTF-8
//     when the request was (case names and messages cut user text; a cut must not split a
//     character);
//   - a run never reports a kernel that disagrees with the published answer or the reference
//     (`verified: false`): whatever input parses, every kernel must count it the same way;
//   - a run's params are canonical (canonical_params of them, with the same file, gives them
//     back) and its case name starts with their case_name; illustrate, given the same puzzle, params and file, succeeds and names the same
//     case.
//
// Cost: only requests that do no heavy work are executed, so every input runs in milliseconds:
//   - catalog, environment, illustrate, and run with "time" absent or false; "bench" and
//     "time": true (which measure for seconds by design) are skipped before the engine sees them;
//   - run and illustrate go ahead only within a budget per puzzle (kBudgets below), applied to
//     the *validated* params (so "n": "16" is as expensive as "n": 16): N-queens up to N = 10 (every
//     kernel, well under 1 ms), popcount up to 64 KiB of generated data (a file is bounded by
//     -max_len). The cube has no expensive case (a pool is 256 cubes; `order` stops at 1260).
//   - a puzzle without a budget entry (a new one) is only validated, never run or drawn: it
//     is listed once at start-up, so whoever adds a puzzle sees that it needs an entry here.

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>

#include "core/engine.h"
#include "core/params.h"
#include "fuzz_check.h"
#include "fuzz_target.h"

namespace fuzz_engine {

using sp::json;

// The largest value each costly integer param may take for a run or illustrate request here.
struct Budget {
  const char* puzzle;
  const char* param;  // nullptr: nothing to cap
  std::int64_t max;
};
constexpr Budget kBudgets[] = {
    {"nqueens", "n", 10},
    {"popcount", "size", 64 << 10},
    {"cube", nullptr, 0},
};

const Budget* budget_of(const std::string& puzzle) {
  for (const Budget& b : kBudgets)
    if (puzzle == b.puzzle) return &b;
  return nullptr;
}

bool affordable(const sp::Puzzle& puzzle, const json& raw_params) {
  const Budget* budget = budget_of(puzzle.info().id);
  if (!budget) return false;
  if (!budget->param) return true;
  const auto params = sp::validate_params(puzzle.params(), raw_params);
  if (!params) return true;  // rejected before any work
  const json& v = params.value()[budget->param];
  return v.is_number_integer() && v.get<std::int64_t>() <= budget->max;
}

void check_response(const json& response, bool utf8, std::string_view action) {
  SP_FUZZ_CHECK(response.is_object() && response.contains("ok") && response["ok"].is_boolean(),
                "response without a boolean ok: ", sp::dump_json(response).substr(0, 300));
  if (!response["ok"].get<bool>()) {
    SP_FUZZ_CHECK(response.contains("error") && response["error"].is_string(), "error response without a message");
    sp::fuzz::check_message(response["error"].get<std::string>(), utf8, action);
  }
  if (utf8)
    SP_FUZZ_CHECK(sp::fuzz::all_strings_utf8(response), "a response string is not UTF-8: ",
                  sp::dump_json(response).substr(0, 600));
}

void check_run(const json& request, const json& response, const sp::Input& input) {
  const sp::Puzzle* puzzle = sp::registry().find(response["puzzle"].get<std::string>());
  SP_FUZZ_CHECK(puzzle, "a run response names an unknown puzzle");
  // Canonical params are a fixed point (a file run drops the params a file makes unused).
  const auto again = puzzle->canonical_params(response["params"], input);
  SP_FUZZ_CHECK(again && again.value() == response["params"], "a run's canonical params are not canonical: ",
                sp::dump_json(response["params"]), " -> ", again ? sp::dump_json(again.value()) : again.error());
  SP_FUZZ_CHECK(response["case"].get<std::string>().rfind(sp::case_name(response["params"]), 0) == 0,
                "the case name is not the params' case_name: ", response["case"].get<std::string>());
  for (const auto& record : response["results"]) {
    SP_FUZZ_CHECK(!(record["verified"].is_boolean() && !record["verified"].get<bool>()), "kernel ",
                  record["kernel"].get<std::string>(), "/", record["isa"].get<std::string>(),
                  " disagrees: ", sp::dump_json(record).substr(0, 600));
  }
  json illustrate = {{"action", "illustrate"}, {"puzzle", request["puzzle"]}};
  if (request.contains("params")) illustrate["params"] = request["params"];
  const json drawn = sp::handle_request(illustrate, input);
  SP_FUZZ_CHECK(drawn.value("ok", false) && drawn["case"] == response["case"],
                "illustrate disagrees with run: ", sp::dump_json(drawn).substr(0, 300));
}

SP_FUZZ_INIT(engine) {
  for (const auto& p : sp::registry().puzzles())
    if (!budget_of(p->info().id))
      std::fprintf(stderr,
                   "fuzz-engine: puzzle '%s' has no budget in tests/fuzz/engine.cpp: its run and "
                   "illustrate requests are only validated here\n",
                   p->info().id.c_str());
  return 0;
}

SP_FUZZ_TARGET(engine, data, size) {
  const auto* nul = static_cast<const std::uint8_t*>(std::memchr(data, 0, size));
  const std::size_t text_size = nul ? static_cast<std::size_t>(nul - data) : size;
  const std::string_view text = sp::fuzz::as_text(data, text_size);
  const sp::Input input =
      nul ? sp::Input::file(sp::Bytes(nul + 1, size - text_size - 1)) : sp::Input::none();
  const bool utf8 = sp::fuzz::valid_utf8(text);

  const json request = sp::parse_json(text);
  if (request.is_discarded()) return 0;  // the bindings answer "request is not valid JSON"

  const json action = request.is_object() ? request.value("action", json()) : json();
  const std::string name = action.is_string() ? action.get<std::string>() : "";
  if (name == "bench") return 0;
  if (name == "run" && request.contains("time") && request["time"] == json(true)) return 0;
  if (name == "run" || name == "illustrate") {
    const json id = request.value("puzzle", json());
    const sp::Puzzle* puzzle = id.is_string() ? sp::registry().find(id.get<std::string>()) : nullptr;
    if (puzzle && !affordable(*puzzle, request.contains("params") ? request["params"] : json())) {
      // Still exercise the validation the engine would do first.
      const auto checked = sp::validate_params(puzzle->params(), request.contains("params") ? request["params"] : json());
      if (!checked) sp::fuzz::check_message(checked.error(), utf8, "params");
      return 0;
    }
  }

  const json response = sp::handle_request(request, input);
  check_response(response, utf8, name);
  // What the bindings send to the page must serialise without throwing.
  (void)sp::dump_json(response);
  if (name == "run" && response["ok"].get<bool>()) check_run(request, response, input);
  return 0;
}

}  // namespace fuzz_engine
