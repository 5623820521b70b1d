#pragma once
// Where we are compiling for, and how x86 kernels get their instruction sets.
//
// x86 builds target plain x86-64. A kernel that uses AVX2 sits between SP_TARGET_BEGIN(...) and
// SP_TARGET_END: only the functions in that region are compiled for AVX2, and they run only after
// cpu::has() says so. We use pragma regions rather than per-file -mavx2 because a whole file built
// with -mavx2 also emits AVX2 copies of inline library functions (std::vector growth, ...), and the
// linker may keep those copies for baseline callers: a crash on older CPUs that no test here sees.
// Keep standard-library includes *above* the region; registration code *below* it.
//
// The same hazard exists between regions: an inline function or template instantiation compiled
// in two files' regions (AVX-512 in one, SSE4.1 in another) is one symbol to the linker, which
// keeps either copy for both. The vector families avoid it by being file-local (families.h);
// puzzle code compiled inside a region must be templates on a family type, or file-local too.
// (GCC regions nest by adding features: a region opened inside another has both targets.)

#define SP_STRINGIFY(x) #x

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
// Optional features are appended: SP_TARGET_BEGIN(SP_TARGETS_AVX2 ",gfni"), ",avx512bitalg",
// ",avx512vpopcntdq", ",avx512vbmi" (matching the family type's Ext, families.h).
#else
#define SP_TARGET_BEGIN(targets)
#define SP_TARGET_END
#endif
