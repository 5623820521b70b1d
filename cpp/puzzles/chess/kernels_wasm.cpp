// hq-simd in WebAssembly SIMD128: two lines per v128, reversed by a constant i8x16.shuffle (the
// bytes of each 64-bit lane) and, for the rook's file and rank, a bit reversal inside each byte
// by two nibble-table i8x16.swizzle lookups.

#include "puzzles/chess/chess.h"
#include "simd/target.h"

#if SP_ARCH_WASM_SIMD
#include <wasm_simd128.h>

#include "puzzles/chess/hq_simd.h"
#include "puzzles/chess/kernel_impl.h"

namespace sp::chess {
namespace {
struct WasmLines {
  using vec = v128_t;
  static vec load2(const Bitboard* p) { return wasm_v128_load(p); }
  static vec splat(Bitboard b) { return wasm_i64x2_splat(static_cast<std::int64_t>(b)); }
  static vec and_(vec a, vec b) { return wasm_v128_and(a, b); }
  static vec xor_(vec a, vec b) { return wasm_v128_xor(a, b); }
  static vec sub64(vec a, vec b) { return wasm_i64x2_sub(a, b); }
  static vec reverse_bytes(vec v) { return wasm_i8x16_shuffle(v, v, 7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8); }
  static vec reverse_bits(vec v) {
    // rev4(n) << 4 for the low nibble, rev4(n) for the high one.
    const vec to_high = wasm_u8x16_make(0x00, 0x80, 0x40, 0xC0, 0x20, 0xA0, 0x60, 0xE0, 0x10, 0x90, 0x50, 0xD0, 0x30, 0xB0, 0x70, 0xF0);
    const vec to_low = wasm_u8x16_make(0x0, 0x8, 0x4, 0xC, 0x2, 0xA, 0x6, 0xE, 0x1, 0x9, 0x5, 0xD, 0x3, 0xB, 0x7, 0xF);
    const vec bytes = reverse_bytes(v);
    return wasm_v128_or(wasm_i8x16_swizzle(to_high, wasm_v128_and(bytes, wasm_u8x16_splat(0x0F))),
                        wasm_i8x16_swizzle(to_low, wasm_u8x16_shr(bytes, 4)));
  }
  static Bitboard or_lanes(vec v) {
    return static_cast<Bitboard>(wasm_i64x2_extract_lane(v, 0)) | static_cast<Bitboard>(wasm_i64x2_extract_lane(v, 1));
  }
};
struct WasmFile;
using HqWasm = HqSimd<WasmLines>;
constexpr KernelImpl kHqWasm = SliderKernel<HqWasm, WasmFile>::impl();

SP_CHESS_KERNEL({"hq-simd", Isa::simd128, cpu::kSimd128,
                 "Hyperbola Quintessence, two lines per v128: diagonals reversed by one constant "
                 "i8x16.shuffle, file and rank by the shuffle plus two nibble-table swizzles; tables " +
                     table_bytes_text(HqWasm::table_bytes())},
                kHqWasm);
}  // namespace
}  // namespace sp::chess

#endif
