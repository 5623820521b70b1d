#pragma once
// The vector families: one per instruction set, each in one header with three lane types,
//   U8<Ext>   bytes          U32<Ext>   32-bit words          U64<Ext>   64-bit words
// with the same op names and meanings everywhere (vector_api.md). This file is the one list of
// them. A kernel is written once as a template on a lane type and instantiated per family.
//
//   family  header          label    bits  built where  pass (isa.h)                     optional (Ext)
//   sse41   simd/sse41.h    sse4.1   128   x86-64       sse41, sse41_gfni                GFNI
//   avx2    simd/avx2.h     avx2     256   x86-64       avx2, avx2_gfni                  GFNI
//   avx512  simd/avx512.h   avx512   512   x86-64       avx512, avx512_<ext>             GFNI, VPOPCNTDQ, BITALG, VBMI
//   neon    simd/neon.h     neon     128   AArch64      neon                             -
//   wasm    simd/wasm.h     simd128  128   wasm SIMD    wasm                             -
// A kernel names its pass's family `family` (simd/pass_family.h): family::U32<kPass.ext>.
//
// Ext: cpu::Feature bits on top of the family's base. U8<cpu::kGfni> has affine(); the
// instantiation's `needs` includes them, and ops with a native form use it (BITALG's byte
// popcount, VPOPCNTDQ's u64 popcount, GFNI's bit reversal). The pass's target enables exactly
// those features: kPass.ext is the Ext its kernels use.
//
// How run-time dispatch stays safe: a family header is included only inside an ISA pass (isa.h;
// it refuses to compile elsewhere), so its ops are compiled for exactly that pass's features (an
// op the pass lacks is a compile error, not a silent fallback) and live in sp::isa_<pass>::simd::
// <family>: two passes never share a symbol, and neither do a pass and baseline code. The
// anonymous namespace inside adds internal linkage on top, as simdjson does.

#include <cstdint>

#include "core/cpu.h"
#include "simd/target.h"

namespace sp::simd {

struct FamilyInfo {
  Isa isa;                 // the label its kernels carry
  int bits;                // register width
  bool built;              // this build compiles it
  std::uint32_t needs;     // features every op may use: the region's SP_TARGETS_* (cpu.h bundles)
  std::uint32_t optional;  // features an instantiation may add through Ext
};

// (family, label, bits, built where, base needs, optional features)
#define SP_SIMD_FAMILIES(X)                                                               \
  X(sse41, Isa::sse41, 128, SP_ARCH_X86, cpu::kNeedsSse41, cpu::kGfni)                    \
  X(avx2, Isa::avx2, 256, SP_ARCH_X86, cpu::kNeedsAvx2, cpu::kGfni)                       \
  X(avx512, Isa::avx512, 512, SP_ARCH_X86, cpu::kNeedsAvx512,                             \
    cpu::kGfni | cpu::kAvx512vpopcntdq | cpu::kAvx512bitalg | cpu::kAvx512vbmi)           \
  X(neon, Isa::neon, 128, SP_ARCH_NEON, cpu::kNeon, 0u)                                   \
  X(wasm, Isa::simd128, 128, SP_ARCH_WASM_SIMD, cpu::kSimd128, 0u)

// What an ISA pass compiles for (isa.h): the isa its kernels carry, the cpu::Feature bits they
// need (the pass's target features, feature for feature), and the Ext bits the family types take
// on top of their base.
struct PassInfo {
  const char* name;
  Isa isa;
  std::uint32_t needs;
  std::uint32_t ext;
  int bits;  // register width of the pass's family; 64 for the scalar passes
};

#define SP_SIMD_FAMILY_INFO(family, isa, bits, built, needs, optional) \
  namespace family {                                                   \
  inline constexpr FamilyInfo kFamily{isa, bits, (built) != 0, needs, optional}; \
  }
SP_SIMD_FAMILIES(SP_SIMD_FAMILY_INFO)
#undef SP_SIMD_FAMILY_INFO

}  // namespace sp::simd
