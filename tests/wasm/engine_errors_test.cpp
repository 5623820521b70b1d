// A kernel that fails (a limit reached, memory refused) is an error value from the engine, in the
// wasm builds too, where there are no exceptions and an abort would take the whole module down:
// `run` and `bench` list it under "failed" with its message, the other kernels' results stand, and
// the next request works. A plain program (no GoogleTest in the wasm builds): ctest runs it
// natively, Vitest runs both wasm builds of it in Node (tests/web/engine-errors-wasm.test.ts).
// Exit status 0 and "engine errors: ok" on success.

#include <cstdio>
#include <string>

#include "core/engine.h"
#include "core/typed_puzzle.h"

namespace {

// A puzzle whose kernels sum 1..n and refuse an n over their limit.
struct Limited {
  struct Case {
    int n = 0;
  };
  struct Answer {
    std::uint64_t sum = 0;
  };
  using KernelImpl = int;  // the kernel's limit
  static sp::PuzzleInfo info() { return {"limited", "Limited", "sums 1..n", "", "additions", "sum", {"sum", "sum-small"}}; }
  static sp::ParamSchema schema() { return {sp::ParamSpec::integer("n", "terms", 0, 1000000, 10)}; }
  static std::vector<sp::NamedCase> cases() { return {{"n=10", {{"n", 10}}}, {"n=100", {{"n", 100}}}}; }
  static sp::Expected<Case> prepare(const sp::json& params, const sp::Input&) { return Case{params.at("n").get<int>()}; }
  static sp::Expected<sp::Result<Answer>> run(int limit, const Case& c) {
    if (c.n > limit) return sp::Error{"n is over this kernel's limit of " + std::to_string(limit)};
    std::uint64_t sum = 0;
    for (int i = 1; i <= c.n; ++i) sum += static_cast<std::uint64_t>(i);
    return sp::Result<Answer>{{sum}, static_cast<std::uint64_t>(c.n)};
  }
  static sp::json answer_json(const Answer& a) { return {{"sum", a.sum}}; }
  static std::optional<sp::KnownAnswer> known(const Case&) { return std::nullopt; }
  static sp::json illustrate(const Case&) { return nullptr; }
};

SP_REGISTER_KERNEL(Limited, {"sum", sp::Isa::scalar, 0, "no practical limit"}, 1000000);
SP_REGISTER_KERNEL(Limited, {"sum-small", sp::Isa::scalar, 0, "refuses n over 50"}, 50);

int failures = 0;
void check(bool ok, const std::string& what, const sp::json& response) {
  if (ok) return;
  ++failures;
  std::printf("FAIL %s: %s\n", what.c_str(), response.dump().c_str());
}

// The failed list names sum-small with its message, and sum's result stands.
void check_partial(const sp::json& r, const char* action) {
  const std::string a = action;
  check(r.value("ok", false), a + ": the request succeeds", r);
  const sp::json failed = r.value("failed", sp::json::array());
  check(failed.size() == 1 && failed[0].value("kernel", "") == "sum-small" &&
            failed[0].value("reason", "").find("over this kernel's limit of 50") != std::string::npos,
        a + ": sum-small is listed as failed, with its message", r);
  // run answers "results"; bench a report with "records"
  const sp::json records = r.contains("report") ? r["report"].value("records", sp::json::array()) : r.value("results", sp::json::array());
  bool sum_ok = false;
  for (const auto& rec : records)
    if (rec.value("kernel", "") == "sum" && rec.contains("answer") && rec["answer"].value("sum", 0u) == 5050u) sum_ok = true;
  check(sum_ok, a + ": the other kernel's result stands", r);
}

}  // namespace

int main() {
  check_partial(sp::handle_request({{"action", "run"}, {"puzzle", "limited"}, {"params", {{"n", 100}}}}), "run");
  check_partial(sp::handle_request({{"action", "bench"}, {"puzzles", {"limited"}}, {"cases", {"n=100"}},
                                    {"harness", {{"min_samples", 3}, {"min_sample_ms", 1}}}}),
                "bench");
  // The module lives on: the next request is answered by both kernels.
  const sp::json after = sp::handle_request({{"action", "run"}, {"puzzle", "limited"}, {"params", {{"n", 10}}}});
  check(after.value("ok", false) && after.value("failed", sp::json::array()).empty() && after.value("results", sp::json::array()).size() == 2,
        "a later request works", after);
  if (failures) return 1;
  std::printf("engine errors: ok\n");
  return 0;
}
