#pragma once
// G registers of a vector type acting as one wider vector, with the same API (vector_api.md).
//
// Why: a lockstep search is one long dependency chain per step (test, gather, select, ...), so
// a single register group leaves the core idle waiting on latencies. G independent groups in the
// same loop body give the out-of-order core G chains to overlap, without touching the algorithm.
// Included inside an ISA pass, as the family of V is.

#include <cstdint>

#include "core/cpu.h"

namespace simd {

template <class V, int G>
struct Multi {
  static_assert(G >= 1 && G * V::lanes <= 32, "bits() packs all lanes into 32 bits");
  struct vec {
    typename V::vec p[G];
  };
  struct mask {
    typename V::mask p[G];
  };
  static constexpr int lanes = G * V::lanes;
  static constexpr Isa isa = V::isa;
  static constexpr std::uint32_t needs = V::needs;
  static constexpr int groups = G;

  template <class F>
  static vec map(F f) {
    vec r;
    for (int i = 0; i < G; ++i) r.p[i] = f(i);
    return r;
  }
  template <class F>
  static mask map_mask(F f) {
    mask r;
    for (int i = 0; i < G; ++i) r.p[i] = f(i);
    return r;
  }

  static vec zero() { return map([](int) { return V::zero(); }); }
  static vec splat(std::uint32_t x) { return map([x](int) { return V::splat(x); }); }
  static vec load(const std::uint32_t* ptr) { return map([ptr](int i) { return V::load(ptr + i * V::lanes); }); }
  static void store(std::uint32_t* ptr, vec v) {
    for (int i = 0; i < G; ++i) V::store(ptr + i * V::lanes, v.p[i]);
  }
  static vec add(vec a, vec b) { return map([&](int i) { return V::add(a.p[i], b.p[i]); }); }
  static vec sub(vec a, vec b) { return map([&](int i) { return V::sub(a.p[i], b.p[i]); }); }
  static vec and_(vec a, vec b) { return map([&](int i) { return V::and_(a.p[i], b.p[i]); }); }
  static vec or_(vec a, vec b) { return map([&](int i) { return V::or_(a.p[i], b.p[i]); }); }
  static vec xor_(vec a, vec b) { return map([&](int i) { return V::xor_(a.p[i], b.p[i]); }); }
  static vec andnot(vec a, vec b) { return map([&](int i) { return V::andnot(a.p[i], b.p[i]); }); }
  template <int k> static vec shl(vec a) { return map([&](int i) { return V::template shl<k>(a.p[i]); }); }
  template <int k> static vec shr(vec a) { return map([&](int i) { return V::template shr<k>(a.p[i]); }); }
  static vec lowest_bit(vec a) { return map([&](int i) { return V::lowest_bit(a.p[i]); }); }
  static mask eq(vec a, vec b) { return map_mask([&](int i) { return V::eq(a.p[i], b.p[i]); }); }
  static mask is_zero(vec a) { return map_mask([&](int i) { return V::is_zero(a.p[i]); }); }
  static mask nonzero(vec a) { return map_mask([&](int i) { return V::nonzero(a.p[i]); }); }
  static mask mand(mask a, mask b) { return map_mask([&](int i) { return V::mand(a.p[i], b.p[i]); }); }
  static mask mandnot(mask a, mask b) { return map_mask([&](int i) { return V::mandnot(a.p[i], b.p[i]); }); }
  static mask mor(mask a, mask b) { return map_mask([&](int i) { return V::mor(a.p[i], b.p[i]); }); }
  static vec select(mask m, vec a, vec b) { return map([&](int i) { return V::select(m.p[i], a.p[i], b.p[i]); }); }
  static vec increment_where(vec v, mask m) { return map([&](int i) { return V::increment_where(v.p[i], m.p[i]); }); }
  static vec add_where(vec v, mask m, vec x) { return map([&](int i) { return V::add_where(v.p[i], m.p[i], x.p[i]); }); }
  static bool any(mask m) {
    typename V::mask all = m.p[0];
    for (int i = 1; i < G; ++i) all = V::mor(all, m.p[i]);
    return V::any(all);
  }
  static unsigned bits(mask m) {
    unsigned b = 0;
    for (int i = 0; i < G; ++i) b |= V::bits(m.p[i]) << (i * V::lanes);
    return b;
  }
  static vec gather_where(mask m, const std::uint32_t* base, vec idx, vec src, vec safe_idx) {
    return map([&](int i) { return V::gather_where(m.p[i], base, idx.p[i], src.p[i], safe_idx.p[i]); });
  }
  static void scatter_where(mask m, std::uint32_t* base, vec idx, vec val, vec dummy_idx) {
    for (int i = 0; i < G; ++i) V::scatter_where(m.p[i], base, idx.p[i], val.p[i], dummy_idx.p[i]);
  }

  struct plan {
    typename V::plan p[G];
    int offset[G];
  };
  static plan compress_plan(mask m) {
    plan r;
    int offset = 0;
    for (int i = 0; i < G; ++i) {
      r.p[i] = V::compress_plan(m.p[i]);
      r.offset[i] = offset;
      offset += V::count(m.p[i]);
    }
    return r;
  }
  // Parts are written in order, so each one overwrites the previous part's garbage tail.
  static void store_compressed(std::uint32_t* dst, vec v, const plan& p) {
    for (int i = 0; i < G; ++i) V::store_compressed(dst + p.offset[i], v.p[i], p.p[i]);
  }
  static int count(mask m) {
    int c = 0;
    for (int i = 0; i < G; ++i) c += V::count(m.p[i]);
    return c;
  }
  static mask first_n(int k) {
    return map_mask([k](int i) {
      int part = k - i * V::lanes;
      return V::first_n(part < 0 ? 0 : part > V::lanes ? V::lanes : part);
    });
  }
};

}  // namespace simd
