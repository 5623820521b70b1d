// davidad's "8 queens with SIMD state", as our simd-state kernel does it: the three attack words
// of the next row live in one register as 32-bit lanes [columns, right diagonals, left
// diagonals, -]. A queen ORs its bit into all three at once, then each word moves its own way.
std::uint64_t kernel(int n) {
  const std::uint32_t full = full_mask(n);
#if SP_PASS_HAS_FAMILY
  using V = family::U32<kPass.ext>;
  using vec = V::vec;
  const auto place = [](vec state, std::uint32_t bit) {
    const vec t = V::or_(state, V::splat(bit));
    // Keep the columns, move the right diagonals right and the left ones left.
    return V::blend<false, false, true, false>(V::blend<false, true, false, false>(t, V::shr<1>(t)), V::shl<1>(t));
  };
  // The next row's attacked squares: columns | right | left, gathered into lane 0.
  const auto attacked = [](vec state) {
    return V::first(V::or_(V::or_(state, V::lanes_down<1>(state)), V::lanes_down<2>(state)));
  };
  std::uint64_t total = 0;
  for (const RootBranch& b : root_branches(n)) {  // the first two rows, mirror-halved
    if (b.first == full) {  // n = 1
      total += b.weight;
      continue;
    }
    struct Frame { vec state; std::uint32_t avail; } stack[kMaxN + 1];
    vec state = place(V::zero(), b.first);
    std::uint32_t avail = full & ~attacked(state) & b.second_allowed;
    std::uint64_t found = 0;
    int depth = 0;  // rows 1..depth are on the stack; row depth + 1 is being filled
    for (;;) {
      if (avail == 0) {
        if (depth == 0) break;
        --depth;
        state = stack[depth].state;
        avail = stack[depth].avail;
        continue;
      }
      const std::uint32_t bit = avail & (0u - avail);
      avail ^= bit;
      if (depth + 2 == n) {  // that was the last row
        ++found;
        continue;
      }
      stack[depth++] = {state, avail};
      state = place(state, bit);
      avail = full & ~attacked(state);
    }
    total += b.weight * found;
  }
  return total;
#else
  // Scalar builds: Richards' three bitmasks, recursively.
  const auto solve = [full](auto&& self, std::uint32_t cols, std::uint32_t ld, std::uint32_t rd) -> std::uint64_t {
    if (cols == full) return 1;
    std::uint64_t count = 0;
    for (std::uint32_t avail = full & ~(cols | ld | rd); avail != 0; avail &= avail - 1) {
      const std::uint32_t bit = avail & (0u - avail);
      count += self(self, cols | bit, (ld | bit) << 1, (rd | bit) >> 1);
    }
    return count;
  };
  return solve(solve, 0, 0, 0);
#endif
}
