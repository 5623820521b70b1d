// The AVX2 family (cpp/simd/avx2.h), every op against its scalar meaning.

#include "simd_family_gtest.h"
#include "simd/target.h"

#if SP_ARCH_X86
SP_TARGET_BEGIN(SP_TARGETS_AVX2)
#include "simd/avx2.h"
#include "simd_family_probe.h"
namespace {
using Probe = sp::simd::test::Probe<sp::simd::avx2::U8<>>;
}  // namespace
SP_TARGET_END

SP_SIMD_FAMILY_TESTS(SimdAvx2, Probe)
#endif
