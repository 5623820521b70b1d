# The ISA passes cpp/puzzles/nqueens/kernels.inl is compiled in (cpp/simd/isa.h); only the passes
# this build's architecture has are compiled.
sp_kernel_passes(nqueens sse41 avx2 avx512 neon wasm)
