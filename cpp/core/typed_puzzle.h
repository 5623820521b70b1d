#pragma once
// Typed puzzles: write a puzzle against its own Case and Answer types, get registry objects.
//
// A puzzle folder provides a traits struct:
//
//   struct NQueens {
//     using Case = ...;                      // validated, prepared input
//     using Answer = ...;                    // trivially copyable result of one kernel call
//     using KernelImpl = Result<Answer> (*)(const Case&);   // or any callable-ish type
//     static PuzzleInfo info();  static ParamSchema schema();  static std::vector<NamedCase> cases();
//     static Expected<Case> prepare(const json& params, const Input& input);
//     static Result<Answer> run(const KernelImpl&, const Case&);
//     static json answer_json(const Answer&);
//     static std::optional<KnownAnswer> known(const Case&);   // may return nullopt
//     static json illustrate(const Case&);                    // may return nullptr
//     // optional: static bool applies(const std::string& kernel_id, const Case&, std::string& why_not);
//     // optional: static json summarize(const json& records);   // tables for the CLI after bench
//   };
//
// and registers kernels from any of its files, including ISA-specific ones:
//
//   SP_REGISTER_KERNELS(NQueens, { "bitmask-recursive", Isa::scalar, 0, "..." }, &count_recursive);
//
// Registration code must sit outside SP_TARGET regions: it runs at start-up on every CPU.

#include <algorithm>
#include <cstring>
#include <type_traits>

#include "core/registry.h"

namespace sp {

template <class A>
struct Result {
  A answer;
  std::uint64_t work = 0;
};

namespace detail {

// Every timed answer is folded in here. The volatile store is what keeps a kernel call alive.
extern volatile std::uint64_t g_sink;

template <class A>
inline void sink(const A& answer) {
  static_assert(std::is_trivially_copyable_v<A>, "answers are folded bytewise into the sink");
  constexpr std::size_t kWords = (sizeof(A) + 7) / 8;
  std::uint64_t words[kWords] = {};
  std::memcpy(words, &answer, sizeof(A));
  std::uint64_t h = 0;
  for (std::uint64_t w : words) h ^= w;
  g_sink = g_sink + h;
}

}  // namespace detail

template <class P>
class TypedPuzzle final : public Puzzle {
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
  bool applies(const Kernel& k, const PreparedCase& c, std::string& why_not) const override {
    if constexpr (requires { P::applies(k.info().id, unwrap(c), why_not); })
      return P::applies(k.info().id, unwrap(c), why_not);
    else
      return true;
  }

 protected:
  Expected<std::unique_ptr<PreparedCase>> prepare_validated(const json& params,
                                                            const Input& input) const override {
    auto c = P::prepare(params, input);
    if (!c) return Error{c.error()};
    return std::unique_ptr<PreparedCase>(std::make_unique<PreparedTyped>(std::move(c.value())));
  }
};

template <class P>
class TypedKernel final : public Kernel {
 public:
  TypedKernel(KernelInfo info, typename P::KernelImpl impl) : Kernel(std::move(info)), impl_(impl) {}

  Outcome run(const PreparedCase& c) const override {
    Result<typename P::Answer> r = P::run(impl_, TypedPuzzle<P>::unwrap(c));
    return {P::answer_json(r.answer), r.work};
  }

  std::unique_ptr<Timeable> timeable(const PreparedCase& c) const override {
    return std::make_unique<Loop>(impl_, TypedPuzzle<P>::unwrap(c));
  }

 private:
  class Loop final : public Timeable {
   public:
    Loop(typename P::KernelImpl impl, const typename P::Case& c)
        : impl_(impl), case_(c), work_(P::run(impl_, case_).work) {}
    void run(std::uint64_t reps) override {
      for (std::uint64_t i = 0; i < reps; ++i) detail::sink(P::run(impl_, case_).answer);
    }
    std::uint64_t work_per_op() const override { return work_; }

   private:
    typename P::KernelImpl impl_;
    const typename P::Case& case_;
    std::uint64_t work_;
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

}  // namespace sp

#define SP_CONCAT_INNER(a, b) a##b
#define SP_CONCAT(a, b) SP_CONCAT_INNER(a, b)
// Registers one kernel of puzzle traits P at start-up.
#define SP_REGISTER_KERNEL(P, ...) \
  [[maybe_unused]] static const bool SP_CONCAT(sp_registered_kernel_, __LINE__) = \
      ::sp::register_kernel<P>(__VA_ARGS__)
