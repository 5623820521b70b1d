// hq-simd on SSE4.1 (its SSSE3 part: pshufb): two lines per register. The bishop's diagonal and
// anti-diagonal are reversed by one byte shuffle; the rook's file and rank by a bit reversal
// (byte shuffle plus a nibble-table shuffle); a queen is one of each.

#include "puzzles/chess/chess.h"
#include "simd/target.h"

#if SP_ARCH_X86
#include <immintrin.h>

SP_TARGET_BEGIN(SP_TARGETS_SSE41 ",popcnt")
#include "puzzles/chess/hq_simd.h"
#include "puzzles/chess/kernel_impl.h"
#include "puzzles/chess/x86_lines.h"

namespace sp::chess {
namespace {
struct Sse41File;
using HqSse41 = HqSimd<x86::Lines2<Sse41File, false>>;
constexpr KernelImpl kHqSse41 = SliderKernel<HqSse41, Sse41File>::impl();
}  // namespace
}  // namespace sp::chess
SP_TARGET_END

namespace sp::chess {
namespace {
SP_CHESS_KERNEL({"hq-simd", Isa::sse41, cpu::kNeedsSse41 | cpu::kPopcnt,
                 "Hyperbola Quintessence, two lines per xmm: diagonals reversed by one pshufb, file "
                 "and rank by a bit reversal (pshufb + nibble-table pshufb); a queen is two "
                 "registers; tables " + table_bytes_text(sizeof(kLineMasks))},
                kHqSse41);
}  // namespace
}  // namespace sp::chess

#endif
