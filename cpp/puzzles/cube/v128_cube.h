#pragma once
// The cube in two 128-bit registers, written once against a 128-bit family's U8 (SSE4.1 pshufb,
// NEON tbl, wasm i8x16.swizzle): edges in one (12 bytes + identity padding), corners in the other
// (8 bytes + identity padding), exactly the two halves of the Packed image.
//
// The shuffles agree only for indices 0..15 (or >= 0x80): tbl and swizzle return 0 for any index
// >= 16, where pshufb would wrap. So every index is masked to its low nibble first: vcube feeds
// the raw cube, orientation bits and all, to pshufb, which silently ignores them; here that would
// zero every oriented cubie.
//
// Included by kernels.inl inside an ISA pass (relative namespace `cube`), after driver.h;
// instantiated by the 128-bit passes with family::U8<>.

namespace cube {
using namespace ::sp::cube;

template <class U>
struct V128Cube {
  using vec = typename U::vec;
  struct State {
    vec e, c;  // edges, corners
  };
  using Mem = Packed;

  static constexpr std::uint8_t kIdentity[16] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};

  static const Operands<Mem>& operands(const Case& c) { return c.packed; }
  static State load(const Mem& m) { return {U::load(m.bytes), U::load(m.bytes + 16)}; }
  static void store(Mem& m, State s) {
    U::store(m.bytes, s.e);
    U::store(m.bytes + 16, s.c);
  }
  static Packed packed(State s) {
    Packed p;
    store(p, s);
    return p;
  }
  static State identity() { return {U::load(kIdentity), U::load(kIdentity)}; }
  static bool equal(State a, State b) { return U::all_equal(a.e, b.e) && U::all_equal(a.c, b.c); }

  static State compose(State a, State b) {
    const vec low = U::splat(0x0F);
    const vec be = U::and_(b.e, low), bc = U::and_(b.c, low);
    // Flips add mod 2: one XOR, no reduction.
    const vec e = U::xor_(U::shuffle(a.e, be), U::xor_(b.e, be));
    // Twists add mod 3: add, then subtract 3 (0x30) where that does not wrap (see vcube.h).
    vec c = U::add(U::shuffle(a.c, bc), U::xor_(b.c, bc));
    c = U::min(c, U::sub(c, U::splat(0x30)));
    return {e, c};
  }

  struct Perm {
    static vec mul(vec a, vec b) { return U::shuffle(a, b); }
  };

  // Two power chains, one per register: p^27719 for the edges (19 shuffles), p^839 for the
  // corners (12), which run side by side. Flips are gathered as they are; twists negated first.
  static State invert(State x) {
    const vec low = U::splat(0x0F);
    const vec pe = U::and_(x.e, low), pc = U::and_(x.c, low);
    const vec ie = PowerChain<Perm>::inverse12(pe);
    const vec ic = PowerChain<Perm>::inverse8(pc);
    vec n = U::xor_(x.c, pc);
    n = U::add(n, n);
    n = U::min(n, U::sub(n, U::splat(0x30)));
    return {U::or_(ie, U::shuffle(U::xor_(x.e, pe), ie)), U::or_(ic, U::shuffle(n, ic))};
  }
};

}  // namespace cube
