#pragma once
// Where we are compiling for, and the pragma pair that gives a region of code its instruction sets.
//
// x86 builds target plain x86-64; AVX2 and AVX-512 code is compiled inside ISA passes (isa.h),
// which use SP_TARGET_BEGIN/END below and add a namespace per pass. Use the passes, not the bare
// pragmas: a region alone leaves inline functions and template instantiations under names shared
// with other regions and with baseline code, and the linker keeps any one copy for all of them.
// (GCC regions nest by adding features: a region opened inside another has both targets.)

#define SP_STRINGIFY(x) #x
#define SP_CONCAT_INNER(a, b) a##b
#define SP_CONCAT(a, b) SP_CONCAT_INNER(a, b)

#if defined(__x86_64__) || defined(_M_X64)
#define SP_ARCH_X86 1
#else
#define SP_ARCH_X86 0
#endif

#if defined(__aarch64__) && defined(__ARM_NEON)
#define SP_ARCH_NEON 1
#else
#define SP_ARCH_NEON 0
#endif

#if defined(__wasm_simd128__)
#define SP_ARCH_WASM_SIMD 1
#else
#define SP_ARCH_WASM_SIMD 0
#endif

#if SP_ARCH_X86
#if defined(__clang__)
#define SP_TARGET_BEGIN(targets) \
  _Pragma(SP_STRINGIFY(clang attribute push(__attribute__((target(targets))), apply_to = function)))
#define SP_TARGET_END _Pragma("clang attribute pop")
#else
#define SP_TARGET_BEGIN(targets) _Pragma("GCC push_options") _Pragma(SP_STRINGIFY(GCC target(targets)))
#define SP_TARGET_END _Pragma("GCC pop_options")
#endif
#define SP_TARGETS_SSE41 "sse4.1"
#define SP_TARGETS_AVX2 "avx2,bmi,bmi2,popcnt"
#define SP_TARGETS_AVX512 "avx512f,avx512bw,avx512vl,avx512dq,avx2,bmi,bmi2,popcnt"
// Optional features are appended per pass (isa.h's table: ",gfni", ",avx512bitalg", ...).
#else
#define SP_TARGET_BEGIN(targets)
#define SP_TARGET_END
#endif
