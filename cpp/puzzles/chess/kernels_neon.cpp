// hq-simd on AArch64 NEON: two lines per register, reversed by REV64 (vrev64q_u8) for the bishop's
// diagonals and by RBIT + REV64 (vrbitq_u8: the bits of each byte) for the rook's file and rank.

#include "puzzles/chess/chess.h"
#include "simd/target.h"

#if SP_ARCH_NEON
#include <arm_neon.h>

#include "puzzles/chess/hq_simd.h"
#include "puzzles/chess/kernel_impl.h"

namespace sp::chess {
namespace {
struct NeonLines {
  using vec = uint64x2_t;
  static vec load2(const Bitboard* p) { return vld1q_u64(p); }
  static vec splat(Bitboard b) { return vdupq_n_u64(b); }
  static vec and_(vec a, vec b) { return vandq_u64(a, b); }
  static vec xor_(vec a, vec b) { return veorq_u64(a, b); }
  static vec sub64(vec a, vec b) { return vsubq_u64(a, b); }
  static vec reverse_bytes(vec v) { return vreinterpretq_u64_u8(vrev64q_u8(vreinterpretq_u8_u64(v))); }
  static vec reverse_bits(vec v) { return vreinterpretq_u64_u8(vrbitq_u8(vrev64q_u8(vreinterpretq_u8_u64(v)))); }
  static Bitboard or_lanes(vec v) { return vgetq_lane_u64(v, 0) | vgetq_lane_u64(v, 1); }
};
struct NeonFile;
using HqNeon = HqSimd<NeonLines>;
constexpr KernelImpl kHqNeon = SliderKernel<HqNeon, NeonFile>::impl();

SP_CHESS_KERNEL({"hq-simd", Isa::neon, cpu::kNeon,
                 "Hyperbola Quintessence, two lines per q register: diagonals reversed by REV64, "
                 "file and rank by RBIT + REV64; a queen is two registers; tables " +
                     table_bytes_text(HqNeon::table_bytes())},
                kHqNeon);
}  // namespace
}  // namespace sp::chess

#endif
