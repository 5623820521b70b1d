// Three breaches of the ISA pass rules (cpp/simd/isa.h) that check_shared_code_isa.sh must report:
// its test (check_shared_code_isa_test.sh) links this and reads the report.
#include <immintrin.h>

// 1. AVX2 code outside any pass: a byte shuffle by indices from memory, which no compiler turns
//    back into scalar code.
__attribute__((target("avx2"), noinline)) void outside_pass(const __m256i* in, const __m256i* index, __m256i* out) {
  _mm256_storeu_si256(out, _mm256_shuffle_epi8(_mm256_loadu_si256(in), _mm256_loadu_si256(index)));
}

namespace sp::isa_avx2 {
// 2. zmm registers in the AVX2 pass.
__attribute__((target("avx512f"), noinline)) void wide_in_avx2(const int* in, int* out) {
  __m512i v = _mm512_loadu_si512(in);
  _mm512_storeu_si512(out, _mm512_add_epi32(v, v));
}
struct Probe {
  __attribute__((noinline)) int run(int x) const;
};
__attribute__((target("avx2"), noinline)) int Probe::run(int x) const { return x * 3; }
}  // namespace sp::isa_avx2

// 3. The reverse hazard: a template defined outside the pass, so baseline, instantiated on a pass's
//    type, calls into the pass.
template <class T>
__attribute__((noinline)) int apply(const T& t, int x) {
  return t.run(x) + 1;
}

int main(int argc, char**) {
  alignas(64) int a[16] = {argc}, b[16] = {};
  if (argc > 5) {  // never run: the test only reads the code
    outside_pass(reinterpret_cast<const __m256i*>(a), reinterpret_cast<const __m256i*>(a), reinterpret_cast<__m256i*>(b));
    sp::isa_avx2::wide_in_avx2(a, b);
  }
  return apply(sp::isa_avx2::Probe{}, argc) + b[0] == 0;
}
