#pragma once
// Typed puzzles: write a puzzle against its own Case and Answer types, get registry objects.
//
// A puzzle folder provides a traits struct:
//
//   struct NQueens {
//     using Case = ...;          // validated, prepared input; read-only while kernels run
//     using Answer = ...;        // the result of one kernel call (trivially copyable, or see digest)
//     using KernelImpl = ...;    // what a registered kernel stores: a function pointer, a struct...
//     static PuzzleInfo info();  static ParamSchema schema();  static std::vector<NamedCase> cases();
//     static Expected<Case> prepare(const json& params, const Input& input);
//     static Result<Answer> run(const KernelImpl&, const Case&);
//     static json answer_json(const Answer&);
//     static std::optional<KnownAnswer> known(const Case&);   // may return nullopt
//     static json illustrate(const Case&);                    // may return nullptr
//   };
//
// Optional members, each picked up when present:
//
//   using Workspace = ...;    // scratch a kernel call needs (hash tables, stacks, output buffers):
//                             // default-constructed per (kernel, case) outside any timing, then
//                             // handed to every call, which may grow it; `run` takes it as a third
//                             // argument: run(impl, case, workspace)
//   static void reset(Workspace&, const Case&);   // before EVERY call, inside the timing: each
//                             // repetition solves from scratch (keep it O(1): bump an epoch)
//   `run` may return Expected<Result<Answer>>    // kernels that can fail: a memory cap, a limit
//   static std::uint64_t digest(const Answer&);   // folds an answer that is not trivially copyable
//   static Expected<json> canonical_params(const json& params, const Input&);  // schema-valid
//                             // params to the case's identity: a board in one spelling, a named FEN
//                             // as its FEN; parse errors here reach the page as the user types.
//                             // Cheap: no buffers. prepare() then receives the canonical params.
//   static std::string work_unit(const json& canonical_params);  // when the unit differs by
//                             // case; from params, so `validate` needs no prepared case
//   static bool applies(const KernelInfo&, const Case&, std::string& why_not);
//   static bool same_answer(const json&, const json&);  // compare what every kernel reports
//   static json summarize(const json& records);   // tables for the CLI after bench
//   static Expected<json> parse_contest_input(std::string_view stdin_text);   // `solve`
//   static std::string contest_output(const json& answer);                    // `solve`
//   static std::vector<EntryPoint> entry_points(const KernelImpl&);  // where a kernel's
//                             // instruction listing starts, when KernelImpl is not itself a
//                             // function pointer (which needs nothing: its entry is "run")
//
// Kernels register from any of the puzzle's files, including ISA-specific ones:
//
//   SP_REGISTER_KERNEL(NQueens, { "bitmask-recursive", Isa::scalar, 0, "..." }, &count_recursive);
//
// Registration code must sit outside SP_TARGET regions: it runs at start-up on every CPU.

#include <algorithm>
#include <concepts>
#include <cstring>
#include <type_traits>

#include "core/registry.h"
#include "simd/families.h"

namespace sp {

template <class A>
struct Result {
  A answer;
  std::uint64_t work = 0;
};

namespace detail {

// Every timed answer is folded in here. The volatile store is what keeps a kernel call alive.
extern volatile std::uint64_t g_sink;

template <class P>
inline void sink(const typename P::Answer& answer) {
  using A = typename P::Answer;
  if constexpr (requires { P::digest(answer); }) {
    g_sink = g_sink + P::digest(answer);
  } else {
    static_assert(std::is_trivially_copyable_v<A>,
                  "answers are folded bytewise into the sink; give the traits a digest() otherwise");
    constexpr std::size_t kWords = (sizeof(A) + 7) / 8;
    std::uint64_t words[kWords] = {};
    std::memcpy(words, &answer, sizeof(A));
    std::uint64_t h = 0;
    for (std::uint64_t w : words) h ^= w;
    g_sink = g_sink + h;
  }
}

struct NoWorkspace {};

template <class P>
struct WorkspaceOf {
  using type = NoWorkspace;
};
template <class P>
  requires requires { typename P::Workspace; }
struct WorkspaceOf<P> {
  using type = typename P::Workspace;
};

}  // namespace detail

template <class P>
using WorkspaceOf = typename detail::WorkspaceOf<P>::type;

// One kernel call the way the traits spell it: reset the workspace if there is one, pass it if
// `run` takes it, and lift a plain Result into Expected.
template <class P>
Expected<Result<typename P::Answer>> call_kernel(const typename P::KernelImpl& impl,
                                                 const typename P::Case& c, WorkspaceOf<P>& workspace) {
  if constexpr (requires { P::reset(workspace, c); }) P::reset(workspace, c);
  if constexpr (requires { P::run(impl, c, workspace); })
    return P::run(impl, c, workspace);
  else
    return P::run(impl, c);
}

// An optional member with the wrong signature would be skipped silently by the `requires` checks
// below; these make it a compile error instead.
template <class P>
consteval bool check_optional_members() {
  using C = typename P::Case;
  if constexpr (requires { &P::applies; })
    static_assert(requires(const KernelInfo& k, const C& c, std::string& w) { { P::applies(k, c, w) } -> std::same_as<bool>; },
                  "applies(const KernelInfo&, const Case&, std::string& why_not) -> bool");
  if constexpr (requires { &P::canonical_params; })
    static_assert(requires(const json& j, const Input& in) { { P::canonical_params(j, in) } -> std::same_as<Expected<json>>; },
                  "canonical_params(const json&, const Input&) -> Expected<json>");
  if constexpr (requires { &P::same_answer; })
    static_assert(requires(const json& a) { { P::same_answer(a, a) } -> std::same_as<bool>; },
                  "same_answer(const json&, const json&) -> bool");
  if constexpr (requires { &P::work_unit; })
    static_assert(requires(const json& j) { { P::work_unit(j) } -> std::convertible_to<std::string>; },
                  "work_unit(const json& canonical_params) -> std::string");
  if constexpr (requires { &P::parse_contest_input; })
    static_assert(requires(std::string_view t) { { P::parse_contest_input(t) } -> std::same_as<Expected<json>>; },
                  "parse_contest_input(std::string_view) -> Expected<json>");
  if constexpr (requires { &P::contest_output; })
    static_assert(requires(const json& a) { { P::contest_output(a) } -> std::convertible_to<std::string>; },
                  "contest_output(const json& answer) -> std::string");
  if constexpr (requires { &P::summarize; })
    static_assert(requires(const json& r) { { P::summarize(r) } -> std::same_as<json>; }, "summarize(const json&) -> json");
  return true;
}

template <class P>
class TypedPuzzle final : public Puzzle {
  static_assert(check_optional_members<P>());

 public:
  class PreparedTyped final : public PreparedCase {
   public:
    explicit PreparedTyped(typename P::Case c) : value(std::move(c)) {}
    typename P::Case value;
  };

  TypedPuzzle() : Puzzle(P::info(), P::schema(), P::cases()) {}

  static const typename P::Case& unwrap(const PreparedCase& c) {
    return static_cast<const PreparedTyped&>(c).value;
  }

  std::optional<KnownAnswer> known_answer(const PreparedCase& c) const override {
    return P::known(unwrap(c));
  }
  json illustrate(const PreparedCase& c) const override { return P::illustrate(unwrap(c)); }
  json summarize(const json& records) const override {
    if constexpr (requires { P::summarize(records); })
      return P::summarize(records);
    else
      return nullptr;
  }
  bool applies(const KernelInfo& k, const PreparedCase& c, std::string& why_not) const override {
    if constexpr (requires { P::applies(k, unwrap(c), why_not); })
      return P::applies(k, unwrap(c), why_not);
    else
      return true;
  }
  bool same_answer(const json& a, const json& b) const override {
    if constexpr (requires { P::same_answer(a, b); })
      return P::same_answer(a, b);
    else
      return a == b;
  }
  std::string work_unit(const json& canonical_params) const override {
    if constexpr (requires { P::work_unit(canonical_params); })
      return P::work_unit(canonical_params);
    else
      return info().work_unit;
  }
  Expected<json> parse_contest_input(std::string_view text) const override {
    if constexpr (requires { P::parse_contest_input(text); })
      return P::parse_contest_input(text);
    else
      return Puzzle::parse_contest_input(text);
  }
  std::string contest_output(const json& answer) const override {
    if constexpr (requires { P::contest_output(answer); })
      return P::contest_output(answer);
    else
      return Puzzle::contest_output(answer);
  }

 protected:
  Expected<std::unique_ptr<PreparedCase>> prepare_validated(const json& params,
                                                            const Input& input) const override {
    auto c = P::prepare(params, input);
    if (!c) return c.error_detail();
    return std::unique_ptr<PreparedCase>(std::make_unique<PreparedTyped>(std::move(c.value())));
  }
  Expected<json> canonicalise(const json& params, const Input& input) const override {
    if constexpr (requires { P::canonical_params(params, input); })
      return P::canonical_params(params, input);
    else
      return params;
  }
};

template <class P>
class TypedKernel final : public Kernel {
 public:
  TypedKernel(KernelInfo info, typename P::KernelImpl impl) : Kernel(std::move(info)), impl_(impl) {}

  // The typed implementation, for tests that look at more than the answer (a kernel's output
  // buffers in its workspace, say).
  const typename P::KernelImpl& impl() const { return impl_; }

  std::vector<EntryPoint> entry_points() const override {
    using Impl = typename P::KernelImpl;
    if constexpr (std::is_pointer_v<Impl> && std::is_function_v<std::remove_pointer_t<Impl>>)
      return {{"run", reinterpret_cast<std::uintptr_t>(impl_)}};
    else if constexpr (requires { P::entry_points(impl_); })
      return P::entry_points(impl_);
    else
      return {};
  }

  Expected<Outcome> run(const PreparedCase& c) const override {
    WorkspaceOf<P> workspace{};
    auto r = call_kernel<P>(impl_, TypedPuzzle<P>::unwrap(c), workspace);
    if (!r) return r.error_detail();
    return Outcome{P::answer_json(r.value().answer), r.value().work};
  }

  Expected<std::unique_ptr<Timeable>> timeable(const PreparedCase& c) const override {
    auto loop = std::make_unique<Loop>(impl_, TypedPuzzle<P>::unwrap(c));
    // The first call sizes the workspace (allocations happen here, not in a timed sample) and
    // tells the work per call.
    auto first = call_kernel<P>(loop->impl_, loop->case_, loop->workspace_);
    if (!first) return first.error_detail();
    loop->work_ = first.value().work;
    loop->first_ = Outcome{P::answer_json(first.value().answer), first.value().work};
    return std::unique_ptr<Timeable>(std::move(loop));
  }

 private:
  class Loop final : public Timeable {
   public:
    Loop(const typename P::KernelImpl& impl, const typename P::Case& c) : impl_(impl), case_(c) {}
    Status run(std::uint64_t reps) override {
      for (std::uint64_t i = 0; i < reps; ++i) {
        auto r = call_kernel<P>(impl_, case_, workspace_);
        if (!r) return r.error_detail();
        detail::sink<P>(r.value().answer);
      }
      return success();
    }
    std::uint64_t work_per_op() const override { return work_; }
    const Outcome* first_outcome() const override { return &first_; }

    typename P::KernelImpl impl_;
    const typename P::Case& case_;
    WorkspaceOf<P> workspace_{};
    std::uint64_t work_ = 0;
    Outcome first_;
  };

  typename P::KernelImpl impl_;
};

// The one instance of puzzle P, registered on first use (from whichever file gets there first).
template <class P>
TypedPuzzle<P>& typed_puzzle() {
  static TypedPuzzle<P>& instance = static_cast<TypedPuzzle<P>&>(
      registry().add(std::make_unique<TypedPuzzle<P>>()));
  return instance;
}

template <class P>
bool register_kernel(KernelInfo info, typename P::KernelImpl impl) {
  typed_puzzle<P>().add_kernel(std::make_unique<TypedKernel<P>>(std::move(info), impl));
  return true;
}

// One kernel in an ISA pass's table (kernels.inl; cpp/simd/isa.h). Constant data: a table
// compiled inside a pass is read at start-up on every CPU, so it holds no code to run.
template <class P>
struct PassKernel {
  const char* id;
  const char* summary;
  typename P::KernelImpl impl;
  const char* group = "";
};

// Registers a pass's table with the pass's isa and needs (SP_REGISTER_PASS), and the pass itself
// (Registry::passes: `simd-puzzles passes`). A puzzle that keeps its own list of kernels, or sorts
// them into modes, says so with a static P::add_kernel.
template <class P, class Table>
bool register_pass(const simd::PassInfo& pass, const Table& table) {
  registry().add_pass(pass.name, pass.isa, pass.needs);
  for (const PassKernel<P>& k : table) {
    KernelInfo info{k.id, pass.isa, pass.needs, k.summary, k.group};
    if constexpr (requires { P::add_kernel(std::move(info), k.impl); })
      P::add_kernel(std::move(info), k.impl);
    else
      register_kernel<P>(std::move(info), k.impl);
  }
  return true;
}

}  // namespace sp

// Registers one kernel of puzzle traits P at start-up. __COUNTER__, not __LINE__: two files batched
// into one translation unit (the wasm unity build) may register on the same line.
#define SP_REGISTER_KERNEL(P, ...) \
  [[maybe_unused]] static const bool SP_CONCAT(sp_registered_kernel_, __COUNTER__) = \
      ::sp::register_kernel<P>(__VA_ARGS__)
