// The AVX2 family with GFNI: affine, and bit reversal by one affine op instead of two lookups.

#include "simd_family_gtest.h"
#include "simd/target.h"

#if SP_ARCH_X86
SP_TARGET_BEGIN(SP_TARGETS_AVX2 ",gfni")
#include "simd/avx2.h"
#include "simd_family_probe.h"
namespace {
using Probe = sp::simd::test::Probe<sp::simd::avx2::U8<sp::cpu::kGfni>>;
}  // namespace
SP_TARGET_END

SP_SIMD_FAMILY_TESTS(SimdAvx2Gfni, Probe)
#endif
