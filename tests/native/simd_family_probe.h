#pragma once
// The vector half of the family tests (see simd_family_checks.h): Probe<U8>::run(op, io) runs one
// op of U8's family on vectors loaded from io and stores the result back. Included inside an ISA
// pass after its family (simd_family_test.inl), so it is compiled for the pass, under its name.

#ifndef SP_SIMD_FAMILY_CHECKS
#error "include simd_family_checks.h above the ISA pass (it brings library code)"
#endif

namespace simd::test {
using namespace ::sp::simd::test;

// Calls f(std::integral_constant<int, K>) for the K in Ks equal to k: a run-time choice among
// template arguments.
template <int... Ks, class F>
void with_constant(int k, F f) {
  ((k == Ks ? (f(std::integral_constant<int, Ks>{}), 0) : 0), ...);
}
template <class F, int... Is>
void with_index_impl(int i, F f, std::integer_sequence<int, Is...>) {
  with_constant<Is...>(i, f);
}
template <int N, class F>
void with_index(int i, F f) {  // i in 0..N-1
  with_index_impl(i, f, std::make_integer_sequence<int, N>{});
}

template <class B>  // the family's U8<Ext>
struct Probe {
  using W = typename B::u32;
  using Q = typename B::u64;

  static constexpr bool kGfni = (B::ext & cpu::kGfni) != 0;
  static constexpr bool kVbmi = (B::ext & cpu::kAvx512vbmi) != 0;
  static constexpr bool kVariableShifts = W::has_variable_shifts;
  static constexpr bool kLaneShifts = W::has_lane_shifts;
  static constexpr bool kV128Extras = B::lanes == 16;
  static constexpr bool kU64VariableShifts = Q::has_variable_shifts;
  static constexpr bool kPermute32 = W::has_permute;
  static constexpr std::uint32_t needs = B::needs;
  // Data, not code: baseline code reads it before knowing whether the CPU can run the family.
  static constexpr Traits kTraits{B::lanes, kGfni, kVbmi, kVariableShifts,
                                  kLaneShifts, kV128Extras, kU64VariableShifts, kPermute32};

  // The ops every lane type has, on lane type V (a, b, c loaded as V).
  template <class V, class Store>
  static bool common(int which, Io& io, Store store, typename V::vec a, typename V::vec b, typename V::vec c) {
    switch (which) {
      case 0: store(V::zero()); return true;
      case 1: store(V::splat(static_cast<decltype(lane_type<V>())>(io.s))); return true;
      case 2: store(V::add(a, b)); return true;
      case 3: store(V::sub(a, b)); return true;
      case 4: store(V::and_(a, b)); return true;
      case 5: store(V::or_(a, b)); return true;
      case 6: store(V::xor_(a, b)); return true;
      case 7: store(V::andnot(a, b)); return true;
      case 8: store(V::majority(a, b, c)); return true;
      case 9: store(V::xor3(a, b, c)); return true;
      case 10: io.r = V::bits(V::eq(a, b)); return true;
      case 11: io.r = V::bits(V::is_zero(a)); return true;
      case 12: io.r = V::bits(V::nonzero(a)); return true;
      case 13:
        io.r = V::bits(V::mor(V::mand(V::eq(a, b), V::nonzero(c)), V::mandnot(V::eq(b, c), V::is_zero(a))));
        return true;
      case 14: store(V::select(V::eq(a, b), c, a)); return true;
      case 15: store(V::zero_unless(V::eq(a, b), c)); return true;
      case 16: io.r = V::any(V::eq(a, b)); return true;
      case 17: {
        const auto m = V::eq(a, b);
        io.r = V::any(m) ? static_cast<std::uint64_t>(V::first_set(m)) : 0;
        return true;
      }
    }
    return false;
  }
  template <class V>
  static auto lane_type() {
    if constexpr (V::lanes == B::lanes) return std::uint8_t{};
    else if constexpr (V::lanes * 4 == B::lanes) return std::uint32_t{};
    else return std::uint64_t{};
  }

  static void run(Op op, Io& io) {
    io.done = true;
    const auto a8 = B::load(io.a), b8 = B::load(io.b), c8 = B::load(io.c);
    auto store8 = [&](typename B::vec v) { B::store(io.out, v); };
    const auto a32 = W::load(reinterpret_cast<const std::uint32_t*>(io.a));
    const auto b32 = W::load(reinterpret_cast<const std::uint32_t*>(io.b));
    const auto c32 = W::load(reinterpret_cast<const std::uint32_t*>(io.c));
    auto store32 = [&](typename W::vec v) { W::store(reinterpret_cast<std::uint32_t*>(io.out), v); };
    const auto a64 = Q::load(reinterpret_cast<const std::uint64_t*>(io.a));
    const auto b64 = Q::load(reinterpret_cast<const std::uint64_t*>(io.b));
    const auto c64 = Q::load(reinterpret_cast<const std::uint64_t*>(io.c));
    auto store64 = [&](typename Q::vec v) { Q::store(reinterpret_cast<std::uint64_t*>(io.out), v); };

    switch (op) {
#define SP_PROBE_COMMON(prefix, V, a, b, c, store)                                                              \
  case Op::prefix##_zero: common<V>(0, io, store, a, b, c); return;                                         \
  case Op::prefix##_splat: common<V>(1, io, store, a, b, c); return;                                        \
  case Op::prefix##_add: common<V>(2, io, store, a, b, c); return;                                          \
  case Op::prefix##_sub: common<V>(3, io, store, a, b, c); return;                                          \
  case Op::prefix##_and: common<V>(4, io, store, a, b, c); return;                                          \
  case Op::prefix##_or: common<V>(5, io, store, a, b, c); return;                                           \
  case Op::prefix##_xor: common<V>(6, io, store, a, b, c); return;                                          \
  case Op::prefix##_andnot: common<V>(7, io, store, a, b, c); return;                                       \
  case Op::prefix##_majority: common<V>(8, io, store, a, b, c); return;                                     \
  case Op::prefix##_xor3: common<V>(9, io, store, a, b, c); return;                                         \
  case Op::prefix##_eq: common<V>(10, io, store, a, b, c); return;                                          \
  case Op::prefix##_is_zero: common<V>(11, io, store, a, b, c); return;                                     \
  case Op::prefix##_nonzero: common<V>(12, io, store, a, b, c); return;                                     \
  case Op::prefix##_mask_logic: common<V>(13, io, store, a, b, c); return;                                  \
  case Op::prefix##_select: common<V>(14, io, store, a, b, c); return;                                      \
  case Op::prefix##_zero_unless: common<V>(15, io, store, a, b, c); return;                                 \
  case Op::prefix##_any: common<V>(16, io, store, a, b, c); return;                                         \
  case Op::prefix##_first_set: common<V>(17, io, store, a, b, c); return;
      SP_PROBE_COMMON(u8, B, a8, b8, c8, store8)
      SP_PROBE_COMMON(u32, W, a32, b32, c32, store32)
      SP_PROBE_COMMON(u64, Q, a64, b64, c64, store64)
#undef SP_PROBE_COMMON

      // Bytes.
      case Op::u8_load_partial: store8(B::load_partial(io.a, static_cast<std::size_t>(io.s))); return;
      case Op::u8_table16: store8(B::table16(io.a)); return;
      case Op::u8_min: store8(B::min(a8, b8)); return;
      case Op::u8_all_equal: io.r = B::all_equal(a8, b8); return;
      case Op::u8_shuffle: store8(B::shuffle(a8, b8)); return;
      case Op::u8_low_nibbles: store8(B::low_nibbles(a8)); return;
      case Op::u8_high_nibbles: store8(B::high_nibbles(a8)); return;
      case Op::u8_popcount: store8(B::popcount(a8)); return;
      case Op::u8_reverse_bits: store8(B::reverse_bits(a8)); return;
      case Op::u8_byte_sums: io.r = Q::reduce_add(B::add_byte_sums(B::add_byte_sums(Q::zero(), a8), b8)); return;
      case Op::u8_unpacklo64: store8(B::unpacklo64(a8, b8)); return;
      case Op::u8_unpackhi64: store8(B::unpackhi64(a8, b8)); return;
      case Op::u8_affine:
        if constexpr (kGfni) store8(B::template affine<kAffineConstant>(a8, b8));
        else io.done = false;
        return;
      case Op::u8_permute:
        if constexpr (kVbmi) store8(B::permute(a8, b8));
        else io.done = false;
        return;

      // u32 lanes.
      case Op::u32_get:
        with_index<W::lanes>(io.k, [&](auto i) { io.r = W::template get<i()>(a32); });
        return;
      case Op::u32_set:
        with_index<W::lanes>(io.k, [&](auto i) { store32(W::template set<i()>(a32, static_cast<std::uint32_t>(io.s))); });
        return;
      case Op::u32_first: io.r = W::first(a32); return;
      case Op::u32_broadcast:
        with_index<W::lanes>(io.k, [&](auto i) { store32(W::template broadcast<i()>(a32)); });
        return;
      case Op::u32_min: store32(W::min(a32, b32)); return;
      case Op::u32_shl:
        with_index<4>(io.k, [&](auto i) { store32(W::template shl<kShiftCounts[i()]>(a32)); });
        return;
      case Op::u32_shr:
        with_index<4>(io.k, [&](auto i) { store32(W::template shr<kShiftCounts[i()]>(a32)); });
        return;
      case Op::u32_shl_var:
        if constexpr (kVariableShifts) store32(W::shl_var(a32, b32));
        else io.done = false;
        return;
      case Op::u32_shr_var:
        if constexpr (kVariableShifts) store32(W::shr_var(a32, b32));
        else io.done = false;
        return;
      case Op::u32_lowest_bit: store32(W::lowest_bit(a32)); return;
      case Op::u32_reduce_min: io.r = W::reduce_min(a32); return;
      case Op::u32_increment_where: store32(W::increment_where(c32, W::eq(a32, b32))); return;
      case Op::u32_add_where: store32(W::add_where(c32, W::eq(a32, b32), a32)); return;
      case Op::u32_count: io.r = static_cast<std::uint64_t>(W::count(W::eq(a32, b32))); return;
      case Op::u32_first_n: io.r = W::bits(W::first_n(static_cast<int>(io.s))); return;
      case Op::u32_gather_where:
        store32(W::gather_where(W::eq(a32, b32), io.table, W::and_(c32, W::splat(63)), a32, W::zero()));
        return;
      case Op::u32_scatter_where: {
        alignas(64) std::uint32_t idx[W::lanes], dummy[W::lanes];
        for (int i = 0; i < W::lanes; ++i) {
          idx[i] = static_cast<std::uint32_t>((i * 7 + io.k) % 64);
          dummy[i] = static_cast<std::uint32_t>(kScatterDummy) + static_cast<std::uint32_t>(i);
        }
        W::scatter_where(W::eq(a32, b32), io.table, W::load(idx), c32, W::load(dummy));
        return;
      }
      case Op::u32_compress:
        W::store_compressed(reinterpret_cast<std::uint32_t*>(io.out), c32, W::compress_plan(W::eq(a32, b32)));
        return;
      case Op::u32_setr:
        if constexpr (kV128Extras) {
          store32(W::setr(lane<std::uint32_t>(io.a, 0), lane<std::uint32_t>(io.a, 1), lane<std::uint32_t>(io.a, 2),
                          lane<std::uint32_t>(io.a, 3)));
        } else {
          io.done = false;
        }
        return;
      case Op::u32_lanes_down:
        if constexpr (kV128Extras) with_constant<1, 2, 3>(io.k, [&](auto k) { store32(W::template lanes_down<k()>(a32)); });
        else io.done = false;
        return;
      case Op::u32_blend:
        if constexpr (kV128Extras) {
          with_index<16>(io.k, [&](auto k) {
            store32(W::template blend<(k() & 1) != 0, (k() & 2) != 0, (k() & 4) != 0, (k() & 8) != 0>(a32, b32));
          });
        } else {
          io.done = false;
        }
        return;
      case Op::u32_shift_lanes:
        if constexpr (kLaneShifts) store32(W::template shift_lanes<0, -1, 1, 3>(a32));
        else io.done = false;
        return;
      case Op::u32_match:  // N = (k + 1) * lanes words of io.table
        with_index<kMatchMax / W::lanes>(io.k, [&](auto k) {
          io.r = W::template match<(k() + 1) * W::lanes>(io.table, static_cast<std::uint32_t>(io.s));
        });
        return;
      case Op::u32_mul_lo: store32(W::mul_lo(a32, b32)); return;
      case Op::u32_shr_n: store32(W::shr_n(a32, static_cast<int>(io.s))); return;
      case Op::u32_reduce_add: io.r = W::reduce_add(a32); return;
      case Op::u32_any_nonzero: io.r = W::any_nonzero(a32); return;
      case Op::u32_permute:
        if constexpr (kPermute32) store32(W::permute(a32, b32));
        else io.done = false;
        return;

      // u64 lanes.
      case Op::u64_get:
        with_index<Q::lanes>(io.k, [&](auto i) { io.r = Q::template get<i()>(a64); });
        return;
      case Op::u64_set:
        with_index<Q::lanes>(io.k, [&](auto i) { store64(Q::template set<i()>(a64, io.s)); });
        return;
      case Op::u64_shl:
        with_index<4>(io.k, [&](auto i) { store64(Q::template shl<kShiftCounts64[i()]>(a64)); });
        return;
      case Op::u64_shr:
        with_index<4>(io.k, [&](auto i) { store64(Q::template shr<kShiftCounts64[i()]>(a64)); });
        return;
      case Op::u64_reverse_bytes: store64(Q::reverse_bytes(a64)); return;
      case Op::u64_reverse_bits: store64(Q::reverse_bits(a64)); return;
      case Op::u64_popcount: store64(Q::popcount(a64)); return;
      case Op::u64_reduce_add: io.r = Q::reduce_add(a64); return;
      case Op::u64_from_u8: store64(Q::from(B::add(a8, b8))); return;
      case Op::u64_setr:  // a's lanes as scalars, lane 0 first
        [&]<std::size_t... I>(std::index_sequence<I...>) {
          store64(Q::setr(lane<std::uint64_t>(io.a, static_cast<int>(I))...));
        }(std::make_index_sequence<Q::lanes>{});
        return;
      case Op::u64_reduce_or: io.r = Q::reduce_or(a64); return;
      case Op::u64_or_and: store64(Q::or_and(a64, b64, c64)); return;
      case Op::u64_shl_var:
        if constexpr (kU64VariableShifts) store64(Q::shl_var(a64, b64));
        else io.done = false;
        return;
      case Op::u64_shr_var:
        if constexpr (kU64VariableShifts) store64(Q::shr_var(a64, b64));
        else io.done = false;
        return;
      case Op::u64_rotl_var:
        if constexpr (kU64VariableShifts) store64(Q::rotl_var(a64, b64));
        else io.done = false;
        return;
      case Op::u64_match:  // N = (k + 1) * lanes words of io.words
        with_index<kMatchMax / Q::lanes>(io.k, [&](auto k) { io.r = Q::template match<(k() + 1) * Q::lanes>(io.words, io.s); });
        return;
    }
    io.done = false;
  }
};

}  // namespace simd::test
