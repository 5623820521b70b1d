#pragma once
// ISA passes: how one kernel source becomes AVX2, AVX-512, SSE4.1, NEON and SIMD128 code.
//
// A *pass* compiles a puzzle's kernels.inl once for one instruction set. The build generates one
// small file per (puzzle, pass) from the passes the puzzle lists in its passes.cmake
// (CMakeLists.txt, sp_kernel_passes), which reads:
//
//   #define SP_PASS avx2
//   #include "puzzles/nqueens/nqueens.h"   // every baseline header first
//   #include "simd/isa.h"
//   #if SP_PASS_BUILT
//   SP_ISA_BEGIN                            // target(avx2,...) + namespace sp::isa_avx2 {
//   #include "simd/pass_family.h"          // simd::avx2::U8<>, U32<>, U64<>; `family` names it
//   #include "puzzles/nqueens/kernels.inl"  // sp::isa_avx2::nqueens::{..., kKernels}
//   SP_ISA_END
//   SP_REGISTER_PASS(nqueens)               // baseline code: registers kKernels with the pass's isa
//   #endif
//
// Why a namespace per pass (as simdjson's `simdjson::haswell` and Highway's `N_AVX2` do): every
// function, template instantiation and lambda compiled for an ISA gets a name no other ISA and no
// shared code has, so the linker cannot keep one pass's AVX-512 copy of an inline function for
// another pass's SSE4.1 path or for code every CPU runs, at any optimisation level and in any
// batching. And a standard or third-party header first included inside a pass declares its
// contents in sp::isa_<pass>::std and fails to compile, instead of silently compiling the
// library's inline code for AVX-512 (so isa_prelude.h includes them all first).
//
// Why a pragma region as well: only functions *defined* inside it get the instruction set, and
// the dispatcher runs them only after cpu::has(kPass.needs). A whole file built with -mavx2 would
// also give AVX2 to code that runs before dispatch (static initialisers, the registration below).
// Nothing compiled in a pass may run at start-up: the kernel table is constant data.
//
// Code in a pass opens *relative* namespaces (`namespace nqueens {`) and reaches the baseline
// puzzle's types through `using namespace ::sp::nqueens;`. Templates it instantiates on the
// pass's vector types must be defined inside the pass as well (kernel headers are included by
// kernels.inl, not above the pass): a template defined at baseline takes the baseline target
// even when instantiated here, and cannot inline the pass's vector ops.

#include "simd/isa_prelude.h"
#include "simd/target.h"

// The passes. One row each: SP_PASS_ROW_<pass> = built in this build, target features, family,
// isa label, needs, ext, bits. popcnt and bmi2 are scalar passes: plain code compiled with those
// instructions (no vector family). cmake/isa_passes.cmake (sp_pass_built) knows the `built`
// column too, and the generated file checks that they agree.
//      pass                          built              target                              family  isa      needs                                     ext                     bits
#define SP_PASS_ROW_bmi2              SP_ARCH_X86,       "popcnt,bmi2",                      none,   bmi2,    kNeedsBmi2,                               0u,                     64
#define SP_PASS_ROW_sse41             SP_ARCH_X86,       SP_TARGETS_SSE41,                   sse41,  sse41,   kNeedsSse41,                              0u,                     128
#define SP_PASS_ROW_sse41_popcnt      SP_ARCH_X86,       SP_TARGETS_SSE41 ",popcnt",         sse41,  sse41,   kNeedsSse41 | kPopcnt,                    0u,                     128
#define SP_PASS_ROW_sse41_gfni        SP_ARCH_X86,       SP_TARGETS_SSE41 ",gfni",           sse41,  sse41,   kNeedsSse41 | kGfni,                      kGfni,                  128
#define SP_PASS_ROW_avx2              SP_ARCH_X86,       SP_TARGETS_AVX2,                    avx2,   avx2,    kNeedsAvx2,                               0u,                     256
#define SP_PASS_ROW_avx2_gfni         SP_ARCH_X86,       SP_TARGETS_AVX2 ",gfni",            avx2,   avx2,    kNeedsAvx2 | kGfni,                       kGfni,                  256
#define SP_PASS_ROW_avx512            SP_ARCH_X86,       SP_TARGETS_AVX512,                  avx512, avx512,  kNeedsAvx512,                             0u,                     512
#define SP_PASS_ROW_avx512_gfni       SP_ARCH_X86,       SP_TARGETS_AVX512 ",gfni",          avx512, avx512,  kNeedsAvx512 | kGfni,                     kGfni,                  512
#define SP_PASS_ROW_avx512_bitalg     SP_ARCH_X86,       SP_TARGETS_AVX512 ",avx512bitalg",  avx512, avx512,  kNeedsAvx512 | kAvx512bitalg,             kAvx512bitalg,          512
#define SP_PASS_ROW_avx512_vpopcntdq  SP_ARCH_X86,       SP_TARGETS_AVX512 ",avx512vpopcntdq", avx512, avx512, kNeedsAvx512 | kAvx512vpopcntdq,        kAvx512vpopcntdq,       512
#define SP_PASS_ROW_avx512_ext        SP_ARCH_X86,       SP_TARGETS_AVX512 ",gfni,avx512vpopcntdq,avx512bitalg,avx512vbmi", avx512, avx512, \
    kNeedsAvx512 | kGfni | kAvx512vpopcntdq | kAvx512bitalg | kAvx512vbmi, kGfni | kAvx512vpopcntdq | kAvx512bitalg | kAvx512vbmi, 512
#define SP_PASS_ROW_neon              SP_ARCH_NEON,      "",                                 neon,   neon,    kNeon,                                    0u,                     128
#define SP_PASS_ROW_wasm              SP_ARCH_WASM_SIMD, "",                                 wasm,   simd128, kSimd128,                                 0u,                     128
// popcnt is built everywhere: scalar code with a popcount instruction, which x86-64 has only
// with POPCNT and AArch64 (cnt) and wasm (i64.popcnt) have in their baseline.
#if SP_ARCH_X86
#define SP_PASS_ROW_popcnt            1,                 "popcnt",                           none,   scalar,  kPopcnt,                                  0u,                     64
#else
#define SP_PASS_ROW_popcnt            1,                 "",                                 none,   scalar,  0u,                                       0u,                     64
#endif

#define SP_FAMILY_HEADER_none "simd/no_family.h"
#define SP_FAMILY_HEADER_sse41 "simd/sse41.h"
#define SP_FAMILY_HEADER_avx2 "simd/avx2.h"
#define SP_FAMILY_HEADER_avx512 "simd/avx512.h"
#define SP_FAMILY_HEADER_neon "simd/neon.h"
#define SP_FAMILY_HEADER_wasm "simd/wasm.h"
#define SP_FAMILY_ALIAS_none
#define SP_FAMILY_ALIAS_sse41 namespace family = simd::sse41;
#define SP_FAMILY_ALIAS_avx2 namespace family = simd::avx2;
#define SP_FAMILY_ALIAS_avx512 namespace family = simd::avx512;
#define SP_FAMILY_ALIAS_neon namespace family = simd::neon;
#define SP_FAMILY_ALIAS_wasm namespace family = simd::wasm;

// Field access on the row of the pass named by the token SP_PASS (the generated file defines it).
#define SP_PASS_ROW SP_CONCAT(SP_PASS_ROW_, SP_PASS)
#define SP_PASS_FIELD(field, ...) SP_PASS_FIELD_##field(__VA_ARGS__)
#define SP_PASS_FIELD_built(b, t, f, i, n, e, w) b
#define SP_PASS_FIELD_target(b, t, f, i, n, e, w) t
#define SP_PASS_FIELD_family(b, t, f, i, n, e, w) f
// needs and ext name cpu::Feature bits unqualified: the constant is made in a scope that sees them.
#define SP_PASS_FIELD_info(b, t, f, i, n, e, w)                                   \
  [] {                                                                             \
    using namespace ::sp::cpu;                                                     \
    return ::sp::simd::PassInfo{SP_STRINGIFY_VALUE(SP_PASS), ::sp::Isa::i, (n), (e), (w)}; \
  }()
#define SP_PASS_GET(field, row) SP_PASS_FIELD(field, row)
#define SP_STRINGIFY_VALUE(x) SP_STRINGIFY(x)

#define SP_PASS_BUILT SP_PASS_GET(built, SP_PASS_ROW)
#define SP_PASS_FAMILY_HEADER SP_CONCAT(SP_FAMILY_HEADER_, SP_PASS_GET(family, SP_PASS_ROW))
#define SP_PASS_FAMILY_ALIAS SP_CONCAT(SP_FAMILY_ALIAS_, SP_PASS_GET(family, SP_PASS_ROW))
// The pass's family as a number, for a kernels.inl's preprocessor choices: code naming `family`
// cannot compile in the scalar passes (`#if SP_PASS_HAS_FAMILY`), and a wide pass may include a
// narrower family beside its own (chess and the cube include AVX2's in the AVX-512 passes:
// `#if SP_PASS_FAMILY_ID == SP_FAMILY_ID_avx512`).
#define SP_FAMILY_ID_none 0
#define SP_FAMILY_ID_sse41 1
#define SP_FAMILY_ID_avx2 2
#define SP_FAMILY_ID_avx512 3
#define SP_FAMILY_ID_neon 4
#define SP_FAMILY_ID_wasm 5
#define SP_PASS_FAMILY_ID SP_CONCAT(SP_FAMILY_ID_, SP_PASS_GET(family, SP_PASS_ROW))
#define SP_PASS_HAS_FAMILY (SP_PASS_FAMILY_ID != SP_FAMILY_ID_none)

// Opens the pass: its target pragma, then namespace sp::isa_<pass> with the pass's PassInfo.
// simd/pass_family.h then brings in its vector family as `family` (family::U8<kPass.ext>, ...).
#define SP_ISA_BEGIN                                                              \
  SP_TARGET_BEGIN(SP_PASS_GET(target, SP_PASS_ROW))                               \
  namespace sp::SP_CONCAT(isa_, SP_PASS) {                                        \
  inline constexpr ::sp::simd::PassInfo kPass = SP_PASS_GET(info, SP_PASS_ROW);
#define SP_ISA_END \
  }                \
  SP_TARGET_END

// Baseline code after SP_ISA_END: registers sp::isa_<pass>::<puzzle>::kKernels (kernels.inl) with
// the pass's isa and needs. Constant data only, so it is safe on every CPU.
#define SP_REGISTER_PASS(puzzle)                                                                    \
  [[maybe_unused]] static const bool SP_CONCAT(sp_registered_pass_, __COUNTER__) =                 \
      ::sp::register_pass<::sp::SP_CONCAT(isa_, SP_PASS)::puzzle::Puzzle>(                           \
          ::sp::SP_CONCAT(isa_, SP_PASS)::kPass, ::sp::SP_CONCAT(isa_, SP_PASS)::puzzle::kKernels)
