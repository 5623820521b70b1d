// PEXT (BMI2): the relevant occupancy compressed into a dense index, one instruction in place of
// the magic multiply and shift. x86 only, and offered only where the CPU has BMI2 (fast from
// Intel Haswell and AMD Zen 3 on; microcoded and slow on Zen 1 and 2).

#include "puzzles/chess/chess.h"
#include "puzzles/chess/sliders.h"
#include "simd/target.h"

#if SP_ARCH_X86
#include <immintrin.h>

SP_TARGET_BEGIN("popcnt,bmi2")
#include "puzzles/chess/kernel_impl.h"

namespace sp::chess {
namespace {
struct Pext {
  static constexpr bool kSetwise = false;
  static Bitboard lookup(const MagicEntry& e, Bitboard occ) { return e.attacks[_pext_u64(occ, e.mask)]; }
  static Bitboard rook(Square s, Bitboard occ) { return lookup(g_pext.rook[s], occ); }
  static Bitboard bishop(Square s, Bitboard occ) { return lookup(g_pext.bishop[s], occ); }
  static Bitboard queen(Square s, Bitboard occ) { return rook(s, occ) | bishop(s, occ); }
  static std::size_t table_bytes() { return magic_table_bytes(); }
};
struct Bmi2File;
constexpr KernelImpl kPext = SliderKernel<Pext, Bmi2File>::impl();
}  // namespace
}  // namespace sp::chess
SP_TARGET_END

namespace sp::chess {
namespace {
SP_CHESS_KERNEL({"pext", Isa::bmi2, cpu::kNeedsBmi2,
                 "attacks[pext(occ, mask)]: the relevant occupancy compressed by BMI2 PEXT into a "
                 "dense index; tables " + table_bytes_text(magic_table_bytes())},
                kPext);
}  // namespace
}  // namespace sp::chess

#endif
