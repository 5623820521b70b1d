# The ISA passes cpp/puzzles/cephalopod/kernels.inl is compiled in (cpp/simd/isa.h); a pass this
# build's architecture lacks compiles to nothing.
sp_kernel_passes(cephalopod sse41 avx2 avx512 neon wasm)
