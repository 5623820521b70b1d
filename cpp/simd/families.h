#pragma once
// The vector families: one per instruction set, each in one header with three lane types,
//   U8<Ext>   bytes          U32<Ext>   32-bit words          U64<Ext>   64-bit words
// with the same op names and meanings everywhere (vector_api.md). This file is the one list of
// them. A kernel is written once as a template on a lane type and instantiated per family.
//
//   family  header          label    bits  built where  region             optional (Ext)
//   sse41   simd/sse41.h    sse4.1   128   x86-64       SP_TARGETS_SSE41   GFNI
//   avx2    simd/avx2.h     avx2     256   x86-64       SP_TARGETS_AVX2    GFNI
//   avx512  simd/avx512.h   avx512   512   x86-64       SP_TARGETS_AVX512  GFNI, VPOPCNTDQ, BITALG, VBMI
//   neon    simd/neon.h     neon     128   AArch64      (baseline)         -
//   wasm    simd/wasm.h     simd128  128   wasm SIMD    (baseline)         -
// `simd/v128.h` names this build's 128-bit family `simd::v128` (sse41, neon or wasm).
//
// Ext: cpu::Feature bits on top of the family's base. U8<cpu::kGfni> has affine(); the
// instantiation's `needs` includes them, and ops with a native form use it (BITALG's byte
// popcount, VPOPCNTDQ's u64 popcount, GFNI's bit reversal). The region must enable exactly the
// same features: SP_TARGET_BEGIN(SP_TARGETS_AVX2 ",gfni") for U8<cpu::kGfni>.
//
// How run-time dispatch stays safe (see target.h for the hazard):
//  1. A family header has no target region of its own: it is included INSIDE the kernel's
//     region, so its ops are compiled for exactly that region's features (and an op the region
//     lacks is a compile error, not a silent fallback).
//  2. Everything in a family header sits in an anonymous namespace. Each .cpp therefore compiles
//     its own private copy of every op, and every template instantiated on a family type
//     (Lockstep<avx512::U32<>>, ArrayKernels<avx2::U8<>>, ...) has internal linkage too. The
//     linker never sees two copies under one name, so it cannot keep one file's AVX-512 (or
//     AVX-512 + BITALG) build of a shared function for another file's SSE4.1 (or plain AVX-512)
//     path. This replaces the per-file tags and local structs the puzzles used to carry.
//  3. A header is included once per file (#pragma once), so a file has one region per family.
//     A kernel that needs other optional features (BITALG, VPOPCNTDQ, GFNI) gets a file of its own.
// Kernel code shared between ISAs must therefore be templates on the lane type (or live in the
// .cpp's own anonymous namespace); a plain inline function in a header compiled inside a region
// would still be one shared copy.

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

#define SP_SIMD_FAMILY_INFO(family, isa, bits, built, needs, optional) \
  namespace family {                                                   \
  inline constexpr FamilyInfo kFamily{isa, bits, (built) != 0, needs, optional}; \
  }
SP_SIMD_FAMILIES(SP_SIMD_FAMILY_INFO)
#undef SP_SIMD_FAMILY_INFO

}  // namespace sp::simd

// The 128-bit family exists on x86 (SSE4.1), AArch64 (NEON) and the wasm SIMD128 build; the wasm
// baseline build has none, and its 128-bit kernels are simply not compiled. Kernels written once
// for it sit between SP_V128_BEGIN and SP_V128_END and include "simd/v128.h" there.
#define SP_HAS_V128 (SP_ARCH_X86 || SP_ARCH_NEON || SP_ARCH_WASM_SIMD)
#if SP_ARCH_X86
#define SP_V128_BEGIN SP_TARGET_BEGIN(SP_TARGETS_SSE41)
#define SP_V128_END SP_TARGET_END
#else
#define SP_V128_BEGIN
#define SP_V128_END
#endif
