#pragma once
// Software prefetch, with a stand-in where the instruction set has none.
//
// wasm has no prefetch instruction: clang drops __builtin_prefetch there. Cephalopod's merges need
// it (natively its loss costs `lanes` 1.4-2x and `layered` 1.2-1.4x on empty d40), so in wasm a
// prefetch becomes a load whose value nobody uses: the core issues it and runs on out of order, so
// the misses of a whole probe batch overlap as they would with prefetches. Unlike a prefetch it
// holds a reorder-buffer entry until its line arrives. It must point inside linear memory, which
// every caller's table address does (a real prefetch may point anywhere).
//
// `static`: these are compiled inside ISA regions (target.h), so each file keeps its own copy.

namespace sp {

#if defined(__wasm__)
static inline __attribute__((always_inline)) void touch(const void* p) {
  (void)*static_cast<const volatile unsigned char*>(p);
}
static inline __attribute__((always_inline)) void prefetch_for_write(const void* p) { touch(p); }
static inline __attribute__((always_inline)) void prefetch_to_l2(const void* p) { touch(p); }
#else
// For a line about to be written: fetched for ownership where the CPU supports it (prefetchw).
static inline __attribute__((always_inline)) void prefetch_for_write(const void* p) { __builtin_prefetch(p, 1); }
// Into L2 but not L1, for data wanted after the current block's own traffic (prefetcht1).
static inline __attribute__((always_inline)) void prefetch_to_l2(const void* p) { __builtin_prefetch(p, 0, 2); }
#endif

}  // namespace sp
