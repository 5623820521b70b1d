// Every operation of the puzzle, written once against a "cube ops" type. A cube ops type provides:
//
//   using State;  a cube in registers          using Mem;  Packed or CubieCube (its memory form)
//   static const Operands<Mem>& operands(const Case&);
//   static State load(const Mem&);  static void store(Mem&, State);  static Packed packed(State);
//   static State identity();  static bool equal(State, State);
//   static State compose(State a, State b);   // a, then b
//   static State invert(State);
// and optionally batch versions for the throughput runs (two cubes per register, say):
//   static void compose_pool(const Mem* pool, Mem* out, std::uint32_t n);  // out[i] = pool[i]·pool[(i+1)%n]
//   static void invert_pool(const Mem* pool, Mem* out, std::uint32_t n);   // out[i] = pool[i]^-1
//
// A relative header (namespace `cube`, reaching the baseline types through ::sp::cube), included
// twice over: by scalar.cpp inside `namespace sp` (sp::cube::Driver, the baseline reference), and
// by kernels.inl inside each ISA pass (sp::isa_<pass>::cube::Driver, compiled for that ISA with
// the ops inlined into its loops). So it has no include guard: a unity batch (AArch64, wasm) may
// hold scalar.cpp and a pass file, and each needs its own copy; each includes it once. It
// includes nothing: everything it uses comes from cube.h and isa_prelude.h, both at baseline.

namespace cube {
using namespace ::sp::cube;

// Inverse permutations by powers (vcube, research §1.3): every cycle of a permutation of 12
// elements has a length dividing lcm(1..12) = 27720, so p^27719 = p^-1; for 8 elements lcm(1..8)
// = 840 and p^839 = p^-1. `Perm::mul(a, b)` must be a byte shuffle a[b[i]] on permutation bytes
// only (indices 0..15): the power trick does not hold for the whole state with orientations,
// whose group has exponent 55440 (the order-16 test vector).
template <class Perm>
struct PowerChain {
  // The addition chain 1 2 3 6 12 24 27 54 108 216 432 433 866 1732 3464 6928 13856 13859 27718
  // 27719: 19 shuffles (vcube's, from Flammenkamp's tables).
  template <class V>
  static V inverse12(V p) {
    const V p2 = Perm::mul(p, p), p3 = Perm::mul(p2, p), p6 = Perm::mul(p3, p3);
    V x = Perm::mul(p6, p6);   // 12
    x = Perm::mul(x, x);       // 24
    x = Perm::mul(x, p3);      // 27
    for (int i = 0; i < 4; ++i) x = Perm::mul(x, x);  // 432
    x = Perm::mul(x, p);       // 433
    for (int i = 0; i < 5; ++i) x = Perm::mul(x, x);  // 13856
    x = Perm::mul(x, p3);      // 13859
    x = Perm::mul(x, x);       // 27718
    return Perm::mul(x, p);    // 27719
  }
  // 1 2 3 6 7 13 26 52 104 208 416 832 839: 12 shuffles.
  template <class V>
  static V inverse8(V p) {
    const V p2 = Perm::mul(p, p), p3 = Perm::mul(p2, p), p6 = Perm::mul(p3, p3), p7 = Perm::mul(p6, p);
    V x = Perm::mul(p7, p6);  // 13
    for (int i = 0; i < 6; ++i) x = Perm::mul(x, x);  // 832
    return Perm::mul(x, p7);  // 839
  }
};

template <class Ops>
struct Driver {
  using State = typename Ops::State;
  using Mem = typename Ops::Mem;

  // run() builds the answer; the loops live in functions of their own that take and return
  // states by value. Inlined into one function with the answer, GCC 12 gave the latency chain's
  // state a home on the stack (it ends up stored in Answer::state): a store and a reload on every
  // step of the chain, 3x the latency.
  static Result<Answer> run(const Case& c, const Output& output) {
    const Operands<Mem>& d = Ops::operands(c);
    Mem* out = nullptr;
    if constexpr (std::is_same_v<Mem, Packed>) out = output.packed;
    else out = output.cubie;
    Answer a{};
    a.op = c.op;
    std::uint64_t work = 0;  // compositions and inversions: one per factor, one per operation
    State x = Ops::identity();
    switch (c.op) {
      case Op::apply:
      case Op::random:
        x = product(d.first, d.first_count);
        work = d.first_count;
        break;
      case Op::compose:
        x = compose(product(d.first, d.first_count), product(d.second, d.second_count));
        work = d.first_count + d.second_count + 1;
        break;
      case Op::invert:
        x = invert(product(d.first, d.first_count));
        work = d.first_count + 1;
        break;
      case Op::order:
        x = product(d.first, d.first_count);
        a.order = order(x);
        // order - 1 compositions to get back to the identity (kMaxOrder - 1 if it never did).
        work = d.first_count + (a.order ? a.order : kMaxOrder) - 1;
        break;
      case Op::compose_throughput:
        compose_pool(d.pool, out, d.pool_count);
        work = d.pool_count;
        break;
      case Op::compose_latency:
        x = product(d.pool, d.pool_count);  // x = x · pool[i]: one dependent chain
        work = d.pool_count;
        break;
      case Op::invert_throughput:
        invert_pool(d.pool, out, d.pool_count);
        work = d.pool_count;
        break;
      case Op::invert_latency:
        // Counted as one op per step: the inversion. The composition (see compose-latency) only
        // stops the chain from flipping between x and x^-1.
        x = invert_chain(d.pool, d.pool_count);
        work = d.pool_count;
        break;
    }
    if (c.op == Op::compose_throughput || c.op == Op::invert_throughput) {
      // The results stay in the workspace; answer_json folds them, outside the timed loop.
      a.result_count = d.pool_count;
      if constexpr (std::is_same_v<Mem, Packed>) a.packed_results = out;
      else a.cubie_results = out;
    }
    a.state = Ops::packed(x);
    return {a, work};
  }

  // The functions with the timed loops start on a 64-byte line (gnu::aligned), so where a loop
  // falls across the 32- and 64-byte fetch blocks depends on this code alone, not on where the
  // linker put the function, which moves whenever anything else in the binary changes. Measured
  // on simd128/sse4.1's compose_pool: the same instructions 3-4 % slower at another placement.

  // The product of n factors, left to right: n compositions, each waiting for the previous one.
  [[gnu::noinline, gnu::aligned(64)]] static State product(const Mem* factors, std::uint32_t n) {
    State x = Ops::identity();
    for (std::uint32_t i = 0; i < n; ++i) x = Ops::compose(x, Ops::load(factors[i]));
    return x;
  }

  [[gnu::noinline]] static State compose(State a, State b) { return Ops::compose(a, b); }
  [[gnu::noinline]] static State invert(State a) { return Ops::invert(a); }

  // Multiplies by x until the identity comes back: at most kMaxOrder times for any cube. Returns
  // the order, or 0 if the identity never came back (only a broken kernel gets there).
  [[gnu::noinline, gnu::aligned(64)]] static std::uint32_t order(State x) {
    const State id = Ops::identity();
    State y = x;
    std::uint32_t k = 1;
    while (!Ops::equal(y, id) && k < kMaxOrder) {
      y = Ops::compose(y, x);
      ++k;
    }
    return Ops::equal(y, id) ? k : 0;
  }

  // out[i] = pool[i] · pool[(i+1) % n]: n independent compositions.
  [[gnu::noinline, gnu::aligned(64)]] static void compose_pool(const Mem* pool, Mem* out, std::uint32_t n) {
    if constexpr (requires { Ops::compose_pool(pool, out, n); }) {
      Ops::compose_pool(pool, out, n);
    } else if (n > 0) {
      // Each cube is loaded twice, as b and then as the next a (carried over in a register
      // instead, it cost GCC a register copy per step).
      for (std::uint32_t i = 0; i + 1 < n; ++i) Ops::store(out[i], Ops::compose(Ops::load(pool[i]), Ops::load(pool[i + 1])));
      Ops::store(out[n - 1], Ops::compose(Ops::load(pool[n - 1]), Ops::load(pool[0])));
    }
  }

  // out[i] = pool[i]^-1: n independent inversions.
  [[gnu::noinline, gnu::aligned(64)]] static void invert_pool(const Mem* pool, Mem* out, std::uint32_t n) {
    if constexpr (requires { Ops::invert_pool(pool, out, n); }) {
      Ops::invert_pool(pool, out, n);
    } else {
      for (std::uint32_t i = 0; i < n; ++i) Ops::store(out[i], Ops::invert(Ops::load(pool[i])));
    }
  }

  // x = x^-1 · pool[i]: one dependent chain of n inversions (and compositions).
  [[gnu::noinline, gnu::aligned(64)]] static State invert_chain(const Mem* pool, std::uint32_t n) {
    State x = Ops::identity();
    for (std::uint32_t i = 0; i < n; ++i) x = Ops::compose(Ops::invert(x), Ops::load(pool[i]));
    return x;
  }
};

}  // namespace cube
