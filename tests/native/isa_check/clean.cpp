// Within the ISA pass rules: AVX2 code in its pass, called from baseline code through the pass's
// entry (what the dispatch does). check_shared_code_isa.sh must pass it.
#include <immintrin.h>

namespace sp::isa_avx2 {
__attribute__((target("avx2"), noinline)) void in_pass(const __m256i* in, const __m256i* index, __m256i* out) {
  _mm256_storeu_si256(out, _mm256_shuffle_epi8(_mm256_loadu_si256(in), _mm256_loadu_si256(index)));
}
}  // namespace sp::isa_avx2

int main(int argc, char**) {
  alignas(32) int a[8] = {argc}, b[8] = {};
  if (argc > 5) sp::isa_avx2::in_pass(reinterpret_cast<const __m256i*>(a), reinterpret_cast<const __m256i*>(a), reinterpret_cast<__m256i*>(b));
  return b[0];
}
