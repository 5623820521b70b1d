# The ISA passes cpp/puzzles/popcount/kernels.inl is compiled in (cpp/simd/isa.h); only the passes
# this build's architecture has are compiled.
sp_kernel_passes(popcount popcnt sse41 avx2 avx512 avx512_bitalg avx512_vpopcntdq neon wasm)
