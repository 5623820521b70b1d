#pragma once
// Every header code inside an ISA pass may use, included at baseline before the pass opens
// (isa.h). A header first included inside a pass would declare its contents in sp::isa_<pass>
// (for the standard library: "'move' is not a member of 'sp::isa_avx2::std'"), which is the point:
// library code is never compiled for a pass's instruction set. Add here what a kernel needs.

#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <type_traits>
#include <utility>
#include <vector>

#include "core/cpu.h"
#include "simd/compress_lut.h"
#include "simd/families.h"
#include "simd/prefetch.h"
#include "simd/tables.h"
#include "simd/target.h"

#if SP_ARCH_X86
#include <immintrin.h>
#elif SP_ARCH_NEON
#include <arm_neon.h>
#elif SP_ARCH_WASM_SIMD
#include <wasm_simd128.h>
#endif
#if defined(__linux__)
#include <sys/mman.h>
#endif
