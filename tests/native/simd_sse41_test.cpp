// The SSE4.1 family (cpp/simd/sse41.h), every op against its scalar meaning.

#include "simd_family_gtest.h"
#include "simd/target.h"

#if SP_ARCH_X86
SP_TARGET_BEGIN(SP_TARGETS_SSE41)
#include "simd/sse41.h"
#include "simd_family_probe.h"
namespace {
using Probe = sp::simd::test::Probe<sp::simd::sse41::U8<>>;
}  // namespace
SP_TARGET_END

SP_SIMD_FAMILY_TESTS(SimdSse41, Probe)
#endif
