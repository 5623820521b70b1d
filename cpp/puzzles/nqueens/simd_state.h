#pragma once
// davidad's "8 queens with SIMD state": the three attack words live in one 128-bit register,
// [cols, rd, ld, -] as 32-bit lanes (davidad used 16-bit words; 32 bits cover N = 20).
//
// Placing a queen: OR its bit into all three words at once, then move each word one way: shift a
// copy left and a copy right and blend the right words back (on NEON one `ushl` with per-lane
// counts {0, -1, +1, 0} does all three). The attacked columns of the next row are
// cols | rd | ld: OR the register with copies of itself moved down by one and two lanes and read
// lane 0. The free-square loop runs on the scalar side, as in the original.
//
// Included by kernels.inl inside a 128-bit ISA pass; instantiate with family::U32<>.


namespace nqueens {
using namespace ::sp::nqueens;

template <class V>
struct SimdState {
  using vec = typename V::vec;

  static vec place(vec state, std::uint32_t bit) {
    const vec t = V::or_(state, V::splat(bit));
    if constexpr (V::has_lane_shifts) {
      return V::template shift_lanes<0, -1, 1, 0>(t);
    } else {
      const vec right = V::template shr<1>(t);
      const vec left = V::template shl<1>(t);
      return V::template blend<false, false, true, false>(
          V::template blend<false, true, false, false>(t, right), left);
    }
  }

  static std::uint32_t attacked(vec state) {
    vec u = V::or_(state, V::template lanes_down<1>(state));
    u = V::or_(u, V::template lanes_down<2>(state));
    return V::first(u);  // lane 0: cols | rd | ld
  }

  static Result<Answer> count(const Case& c) {
    const int n = c.n;
    const std::uint32_t full = full_mask(n);
    struct Frame {
      vec state;
      std::uint32_t avail;
    };
    Frame stack[kMaxN + 1];
    std::uint64_t total = 0, nodes = 0;
    for (const RootBranch& b : root_branches(n)) {
      ++nodes;
      if (b.first == full) {
        total += b.weight;
        continue;
      }
      vec state = place(V::zero(), b.first);
      std::uint32_t avail = full & ~attacked(state) & b.second_allowed;
      std::uint64_t found = 0;
      int sp = 0;  // frames for rows 1..sp; the row being filled is sp + 1
      for (;;) {
        if (avail == 0) {
          if (sp == 0) break;
          --sp;
          state = stack[sp].state;
          avail = stack[sp].avail;
          continue;
        }
        const std::uint32_t bit = avail & (0u - avail);
        avail ^= bit;
        ++nodes;
        if (sp + 2 == n) {  // this was the last row
          ++found;
          continue;
        }
        stack[sp++] = {state, avail};
        state = place(state, bit);
        avail = full & ~attacked(state);
      }
      total += b.weight * found;
    }
    return {{total, unique_by_burnside(n, total)}, nodes};
  }
};

}  // namespace nqueens
