# The ISA passes cpp/puzzles/cube/kernels.inl is compiled in (cpp/simd/isa.h); cmake/isa_passes.cmake
# leaves out the passes this build's architecture lacks.
sp_kernel_passes(cube sse41 avx2 avx2_gfni avx512_gfni neon wasm)
