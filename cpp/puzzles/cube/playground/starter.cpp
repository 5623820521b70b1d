// Our simd128 kernel: edges and corners in two 16-byte registers. Composing is one byte shuffle
// per register (the second cube's piece numbers index the first's bytes), plus the flips added
// mod 2 and the twists mod 3; inverting raises the permutations to the power -1 by a chain of
// shuffles (p^27719 for the 12 edges, p^839 for the 8 corners).
struct Ops {
  using U = family::U8<kPass.ext>;
  using vec = U::vec;
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
    const vec e = U::xor_(U::shuffle(a.e, be), U::xor_(b.e, be));  // flips add mod 2
    vec c = U::add(U::shuffle(a.c, bc), U::xor_(b.c, bc));          // twists add mod 3:
    c = U::min(c, U::sub(c, U::splat(0x30)));                        // take 3 (0x30) off where it fits
    return {e, c};
  }

  struct Perm {
    static vec mul(vec a, vec b) { return U::shuffle(a, b); }
  };
  static State invert(State x) {
    const vec low = U::splat(0x0F);
    const vec pe = U::and_(x.e, low), pc = U::and_(x.c, low);
    const vec ie = cube::PowerChain<Perm>::inverse12(pe);
    const vec ic = cube::PowerChain<Perm>::inverse8(pc);
    vec twists = U::xor_(x.c, pc);
    twists = U::add(twists, twists);  // negated mod 3
    twists = U::min(twists, U::sub(twists, U::splat(0x30)));
    return {U::or_(ie, U::shuffle(U::xor_(x.e, pe), ie)), U::or_(ic, U::shuffle(twists, ic))};
  }
};
