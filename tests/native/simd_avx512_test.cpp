// The AVX-512 family (cpp/simd/avx512.h) without optional features: the lookup fallbacks.

#include "simd_family_gtest.h"
#include "simd/target.h"

#if SP_ARCH_X86
SP_TARGET_BEGIN(SP_TARGETS_AVX512)
#include "simd/avx512.h"
#include "simd_family_probe.h"
namespace {
using Probe = sp::simd::test::Probe<sp::simd::avx512::U8<>>;
}  // namespace
SP_TARGET_END

SP_SIMD_FAMILY_TESTS(SimdAvx512, Probe)
#endif
