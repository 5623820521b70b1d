#pragma once
// The registry: every puzzle and kernel the CLI, the wasm bindings, the tests and the benchmarks
// know about. A puzzle is data in, answer out, work counted; nothing outside cpp/puzzles/<name>/
// knows any puzzle by name.
//
// Puzzles register themselves from their own folder (see typed_puzzle.h); the build links all
// puzzle objects, so adding a folder is all it takes.

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/cpu.h"
#include "core/expected.h"
#include "core/json.h"
#include "core/params.h"

namespace sp {

using Bytes = std::span<const std::uint8_t>;

// A file the user gave (CLI --file, the page's file picker). `present` is what tells an empty file
// (0 bytes: 0 set bits) from no file at all (generated data); the bytes alone cannot.
struct Input {
  bool present = false;
  Bytes bytes;

  static Input none() { return {}; }
  static Input file(Bytes bytes) { return {true, bytes}; }
};

// FNV-1a, 64-bit: an input file's identity in case keys. Not a security hash: it tells a user's two
// files apart; it does not defend against crafted collisions.
std::uint64_t fnv1a64(Bytes bytes);

// A validated, prepared input: parsed params plus anything built once before timing (state
// pools, buffers). Each puzzle subclasses it; generic code only holds it.
class PreparedCase {
 public:
  virtual ~PreparedCase() = default;
  json params;                  // canonical params: the case's identity (echoed in results)
  bool has_input = false;       // it reads an input file (possibly empty) instead of generating data
  std::size_t input_bytes = 0;  // that file's size
  std::uint64_t input_digest = 0;  // FNV-1a 64 of that file: two files of one size stay two cases
};

// One kernel call, as far as generic code cares: the answer as JSON and the work it did.
struct Outcome {
  json answer;
  std::uint64_t work = 0;
};

// Something the harness can time: `run(reps)` calls the kernel `reps` times in a tight loop and
// folds every answer into a sink, so nothing is optimised away and nothing is allocated. Each call
// starts from a reset workspace (see typed_puzzle.h); a kernel error stops the loop.
class Timeable {
 public:
  virtual ~Timeable() = default;
  virtual Status run(std::uint64_t reps) = 0;
  virtual std::uint64_t work_per_op() const = 0;
  // The answer of the call that prepared the loop, where the loop kept it: a timed run verifies
  // that call's answer instead of calling the kernel once more (a heavy kernel's call is seconds).
  virtual const Outcome* first_outcome() const { return nullptr; }
};

struct KernelInfo {
  std::string id;          // e.g. "simd-lanes"; (id, isa) is unique within a puzzle
  Isa isa = Isa::scalar;   // the instruction set it is written for
  std::uint32_t needs = 0; // cpu::Feature bits it needs at run time
  std::string summary;     // one line for `list` and the page
  std::string group = {};  // a puzzle-defined family (popcount: word, array, read), for applies()

  std::string key() const;  // "id/isa", e.g. "simd-lanes/avx2"
};

// A function a kernel's work starts in, for its instruction listing (scripts/build-listings.mjs):
// `role` says which of the kernel's jobs it does ("run"; chess: "perft", "lookup"), `address` is
// the function pointer as an integer (natively a code address, in wasm a table index).
struct EntryPoint {
  std::string role;
  std::uintptr_t address = 0;
};

class Kernel {
 public:
  explicit Kernel(KernelInfo info) : info_(std::move(info)) {}
  virtual ~Kernel() = default;

  const KernelInfo& info() const { return info_; }
  std::string key() const;  // "id/isa", e.g. "simd-lanes/avx2"
  // Whether this build on this CPU can run it: its feature bits by default; a peer (an external
  // program) overrides both to say whether the program is installed.
  virtual bool available() const { return cpu::has(info_.needs); }
  virtual std::string unavailable_reason() const;
  // The functions its listing starts from; none for a peer (another program).
  virtual std::vector<EntryPoint> entry_points() const { return {}; }

  // One call on a fresh workspace; an error (a memory cap, a limit) is a value, never an abort.
  virtual Expected<Outcome> run(const PreparedCase& c) const = 0;
  // A loop for the harness, with its own workspace prepared (and the kernel called once) here,
  // outside any timing.
  virtual Expected<std::unique_ptr<Timeable>> timeable(const PreparedCase& c) const = 0;

 private:
  KernelInfo info_;
};

struct NamedCase {
  std::string name;  // e.g. "n=12"; `bench --case` picks cases by it
  json params;
  std::string alias = {};  // a short handle `bench --case` also takes where the name is long
};

struct PuzzleInfo {
  std::string id;               // e.g. "nqueens"
  std::string title;            // e.g. "N-queens"
  std::string summary;          // one paragraph
  std::string source_url;       // the write-up it comes from
  std::string work_unit;        // what Outcome::work counts, e.g. "nodes"
  std::string reference_kernel; // kernel id whose answer defines "correct"
  std::vector<std::string> kernel_order;  // display order of kernel ids (then by ISA)
  // What an input file means to this puzzle (CLI --file, the page's file picker), e.g. "a file
  // whose set bits to count"; empty if the puzzle reads none.
  std::string input_file = {};
  // Kernel ids `simd-puzzles solve` tries in order (the first one this CPU runs answers); empty
  // if the puzzle has no contest input format.
  std::vector<std::string> solve_preference = {};
};

// A known answer from a published source (OEIS, perft tables, ...), for `verified`.
struct KnownAnswer {
  json answer;
  std::string source;
};

class Puzzle {
 public:
  virtual ~Puzzle() = default;

  const PuzzleInfo& info() const { return info_; }
  const ParamSchema& params() const { return params_; }
  const std::vector<NamedCase>& bench_cases() const { return bench_cases_; }
  const std::vector<std::unique_ptr<Kernel>>& kernels() const { return kernels_; }
  const Kernel* find_kernel(const std::string& id, Isa isa) const;
  const Kernel* reference() const;

  // Validates raw params (JSON or CLI strings) against the schema and the puzzle's own parsing,
  // and returns them canonical: the case's identity. Cheap (no buffers are built): the page calls
  // it on every edit. Errors name the parameter in Error::field.
  Expected<json> canonical_params(const json& raw_params, const Input& input = {}) const;
  // canonical_params, then the prepared case. `input` is a file the user picked, for puzzles
  // that read one.
  Expected<std::unique_ptr<PreparedCase>> prepare(const json& raw_params, const Input& input = {}) const;

  // Published answer for this case, where one exists.
  virtual std::optional<KnownAnswer> known_answer(const PreparedCase&) const { return std::nullopt; }
  // Whether a kernel makes sense for a case (e.g. a single-word popcount variant on an array
  // case); the engine reports the others as skipped, with this reason.
  virtual bool applies(const KernelInfo&, const PreparedCase&, std::string& /*why_not*/) const { return true; }
  // Answers are compared as JSON by default; puzzles may define a looser equality.
  virtual bool same_answer(const json& a, const json& b) const { return a == b; }
  // What Outcome::work counts for a case, from its canonical params (by default info().work_unit):
  // `validate` answers it without preparing the case, and `run` records the same unit.
  virtual std::string work_unit(const json& /*canonical_params*/) const { return info_.work_unit; }
  // A contest's stdin format (`simd-puzzles solve`): its text to params, and an answer to the one
  // line the contest expects.
  virtual Expected<json> parse_contest_input(std::string_view /*text*/) const {
    return Error{info_.id + " has no contest input format"};
  }
  virtual std::string contest_output(const json& answer) const { return dump_json(answer); }
  // Something to draw for this case (a board, a net), computed once per run; null if none.
  virtual json illustrate(const PreparedCase&) const { return nullptr; }
  // The puzzle's own tables (e.g. popcount's crossovers) from records, for the CLI after `bench`
  // and for the page (engine action "summarize"), as formatted text both print as they are:
  // {"tables": [{"id", "title", "header": [...], "rows": [[...]], "notes"?: [...],
  //   "row_keys"?, "column_keys"?}]}, or null. Records may come from a share link: the engine
  // passes only well-formed ones (kernel and isa strings, case a string and timing an object of
  // numbers where present, params of the schema's types), but a field may still be missing:
  // check with contains()/value() before reading (a JSON type error aborts the wasm module).
  virtual json summarize(const json& /*records*/) const { return nullptr; }

  void add_kernel(std::unique_ptr<Kernel> k);

 protected:
  Puzzle(PuzzleInfo info, ParamSchema params, std::vector<NamedCase> cases)
      : info_(std::move(info)), params_(std::move(params)), bench_cases_(std::move(cases)) {}
  // Schema-valid params to canonical ones (a board in one spelling, a FEN normalised); parse
  // errors come back here, before anything is built.
  virtual Expected<json> canonicalise(const json& params, const Input& /*input*/) const { return params; }
  virtual Expected<std::unique_ptr<PreparedCase>> prepare_validated(const json& params,
                                                                    const Input& input) const = 0;

 private:
  PuzzleInfo info_;
  ParamSchema params_;
  std::vector<NamedCase> bench_cases_;
  std::vector<std::unique_ptr<Kernel>> kernels_;
};

// An ISA pass compiled into this binary (a row of cpp/simd/isa.h's table, registered by
// register_pass with its PassInfo): its name ("avx512_gfni"), the isa its kernels carry and the
// cpu::Feature bits it needs. Whether this CPU runs it is cpu::has(needs), the same gate as each of
// its kernels' available(); `simd-puzzles passes` says it to programs (the playground's server
// compiles a user's kernel for exactly the passes this answers true for).
struct RegisteredPass {
  std::string name;
  Isa isa = Isa::scalar;
  std::uint32_t needs = 0;

  bool runs() const { return cpu::has(needs); }
};

class Registry {
 public:
  Puzzle& add(std::unique_ptr<Puzzle> p);
  const Puzzle* find(const std::string& id) const;
  const std::vector<std::unique_ptr<Puzzle>>& puzzles() const { return puzzles_; }

  // A pass registers once per puzzle compiled in it; it is kept once, by name. The order is stable
  // whatever the static-initialisation order: by isa (SP_ISA_LIST's order), then by name.
  void add_pass(std::string_view name, Isa isa, std::uint32_t needs);
  const std::vector<RegisteredPass>& passes() const { return passes_; }

 private:
  std::vector<std::unique_ptr<Puzzle>> puzzles_;
  std::vector<RegisteredPass> passes_;
};

Registry& registry();

// Everything the page and `list` show about the registry, as one JSON document.
json catalog_json();

// The ISA passes of this binary and whether this CPU runs each (`simd-puzzles passes --json`):
// {"arch", "cpu", "features", "passes": [{"name", "isa", "needs", "runs"}]}.
json passes_json();

}  // namespace sp
