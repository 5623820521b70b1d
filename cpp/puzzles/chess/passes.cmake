# The ISA passes cpp/puzzles/chess/kernels.inl is compiled in (cpp/simd/isa.h; which kernels each
# registers: kernels.inl); only the passes this build's architecture has are compiled.
sp_kernel_passes(chess popcnt bmi2 sse41_popcnt avx2 avx512 avx512_gfni neon wasm)
