// The chess kernels, written once and compiled in every pass of passes.cmake (cpp/simd/isa.h).
// Which kernels a pass registers:
//   popcnt                             ray-walk, hq, classical, fancy-magic, kogge-stone
//                                      (scalar_kernels.h; on every architecture)
//   bmi2                               pext
//   sse41_popcnt, neon, wasm           hq-simd, two lines per 128-bit register
//   avx2                               hq-simd (two lines per xmm, a queen's four per ymm),
//                                      kogge-stone (two ymm)
//   avx512_gfni                        hq-simd as on AVX2, bits reversed by one GFNI affine
//   avx512                             kogge-stone (one zmm; needs no GFNI)
// The slider methods are written once (sliders.h, hq_simd.h, kogge_stone_simd.h); this file
// picks each pass's vector types and summaries. Table sizes are added to the summaries at
// baseline (Chess::add_kernel), from each KernelImpl's constant table_bytes.

#include "puzzles/chess/hq_simd.h"
#include "puzzles/chess/kernel_impl.h"
#include "puzzles/chess/kogge_stone_simd.h"
#include "puzzles/chess/scalar_kernels.h"

// AVX2 and AVX-512 passes do hq-simd in xmm and ymm registers: their families beside their own.
#if SP_PASS_FAMILY_ID == SP_FAMILY_ID_avx2 || SP_PASS_FAMILY_ID == SP_FAMILY_ID_avx512
#include "simd/avx2.h"
#include "simd/sse41.h"
#endif

namespace chess {
using namespace ::sp::chess;
using Puzzle = Chess;

namespace {
using K = PassKernel<Chess>;

#if !SP_PASS_HAS_FAMILY
// ---- scalar passes -------------------------------------------------------------------------------

// PEXT (BMI2): the relevant occupancy compressed into a dense index, one instruction in place of
// the magic multiply and shift. x86 only, and offered only where the CPU has BMI2 (fast from
// Intel Haswell and AMD Zen 3 on; microcoded and slow on Zen 1 and 2). A template, so that only
// the bmi2 pass, which registers it, compiles it.
#if SP_ARCH_X86
template <int = 0>
struct PextT {
  static constexpr bool kSetwise = false;
  static Bitboard lookup(const MagicEntry& e, Bitboard occ) { return e.attacks[_pext_u64(occ, e.mask)]; }
  static Bitboard rook(Square s, Bitboard occ) { return lookup(g_pext.rook[s], occ); }
  static Bitboard bishop(Square s, Bitboard occ) { return lookup(g_pext.bishop[s], occ); }
  static Bitboard queen(Square s, Bitboard occ) { return rook(s, occ) | bishop(s, occ); }
  static constexpr std::size_t table_bytes() { return magic_table_bytes(); }
};
#endif

// N: a template parameter so that the branch the pass does not take is not compiled.
template <int N = 0>
constexpr auto make_kernels() {
#if SP_ARCH_X86
  if constexpr (kPass.isa == Isa::bmi2) {
    return std::array{
        K{"pext",
          "attacks[pext(occ, mask)]: the relevant occupancy compressed by BMI2 PEXT into a dense index",
          SliderKernel<PextT<N>>::impl()},
    };
  } else
#endif
  {
    return scalar_kernels<N>();
  }
}

#else
// ---- vector passes -------------------------------------------------------------------------------

// hq-simd: two lines per 128-bit register; on AVX2 and AVX-512 a queen's four lines in one ymm.
// On AVX-512 it is the GFNI flavour (the bit reversal one affine transform), with EVEX encodings.
#if SP_PASS_FAMILY_ID == SP_FAMILY_ID_avx2 || SP_PASS_FAMILY_ID == SP_FAMILY_ID_avx512
constexpr std::uint32_t kHqExt = kPass.ext & cpu::kGfni;
using HqKernel = HqSimd<simd::sse41::U64<kHqExt>, simd::avx2::U64<kHqExt>>;
#else
using HqKernel = HqSimd<family::U64<kPass.ext>>;
#endif
constexpr bool kHasHq = kPass.bits <= 256 || (kPass.ext & cpu::kGfni) != 0;
// kogge-stone: per-lane 64-bit shifts, AVX2 and AVX-512 (the plain AVX-512 pass: it needs no GFNI).
constexpr bool kHasKoggeStone = kPass.bits >= 256 && kPass.ext == 0;

constexpr const char* hq_summary() {
  switch (kPass.isa) {
    case Isa::sse41:
      return "Hyperbola Quintessence, two lines per xmm: diagonals reversed by one pshufb, file and rank by a "
             "bit reversal (pshufb + nibble-table pshufb); a queen is two registers";
    case Isa::avx2:
      return "Hyperbola Quintessence: a queen's four lines in one ymm, reversed by vpshufb (bytes, then bits "
             "by a nibble table); bishop and rook two lines per xmm";
    case Isa::avx512:
      return "Hyperbola Quintessence: a queen's four lines in one ymm, bit reversal by one GFNI affine "
             "(vgf2p8affineqb) plus vpshufb, EVEX three-operand logic";
    case Isa::neon:
      return "Hyperbola Quintessence, two lines per q register: diagonals reversed by REV64, file and rank by "
             "RBIT + REV64; a queen is two registers";
    default:
      return "Hyperbola Quintessence, two lines per v128: diagonals reversed by one constant i8x16.shuffle, "
             "file and rank by the shuffle plus two nibble-table swizzles";
  }
}
constexpr const char* kKoggeStoneSummary =
    kPass.bits == 512 ? "Kogge-Stone fills, all eight directions in one zmm (vprolvq, per-lane edge masks, vpternlogq); "
                        "set-wise in perft"
                      : "Kogge-Stone fills, eight directions in two ymm (per-lane shifts vpsllvq / vpsrlvq); set-wise "
                        "in perft, moves counted by vpshufb popcounts";

// Words: the pass's U64 type, a template parameter so that a kernel the pass does not register
// is not compiled (a discarded branch is instantiated only if it depends on one).
template <class Words = family::U64<kPass.ext>>
constexpr auto make_kernels() {
  if constexpr (kHasHq && kHasKoggeStone) {
    return std::array{K{"hq-simd", hq_summary(), SliderKernel<HqKernel>::impl()},
                      K{"kogge-stone", kKoggeStoneSummary, SliderKernel<KoggeStoneSimd<Words>>::impl()}};
  } else if constexpr (kHasKoggeStone) {
    return std::array{K{"kogge-stone", kKoggeStoneSummary, SliderKernel<KoggeStoneSimd<Words>>::impl()}};
  } else {
    return std::array{K{"hq-simd", hq_summary(), SliderKernel<HqKernel>::impl()}};
  }
}
#endif
}  // namespace

constexpr auto kKernels = make_kernels();
}  // namespace chess
