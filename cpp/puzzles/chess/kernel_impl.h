#pragma once
// A kernel from a slider method: perft and divide by the legal generator, and the attacks
// benchmark loops. A relative header: included by kernels.inl inside an ISA pass, so every
// function here is sp::isa_<pass>::chess::..., compiled for that pass and shared with no other.

#include "puzzles/chess/movegen.h"

namespace chess {
using namespace ::sp::chess;

template <class Slider>
struct SliderKernel {
  using Gen = Generator<Slider>;

  static std::uint64_t perft(const Game& g, int depth) { return Gen::perft(g, depth); }
  static int divide(const Game& g, int depth, DivideEntry* out) { return Gen::divide(g, depth, out); }

  template <SliderPiece P>
  static Bitboard one(Square s, Bitboard occ) {
    if constexpr (P == SliderPiece::rook) return Slider::rook(s, occ);
    else if constexpr (P == SliderPiece::bishop) return Slider::bishop(s, occ);
    else return Slider::queen(s, occ);
  }

  // Independent lookups: nothing but the checksum's add ties one to the next.
  template <SliderPiece P>
  [[gnu::noinline]] static std::uint64_t throughput(const AttackPool& pool) {
    std::uint64_t sum = 0;
    for (std::uint32_t i = 0; i < pool.count; ++i) sum += one<P>(pool.squares[i], pool.occupancy[i]);
    return sum;
  }

  // A dependent chain: each lookup's occupancy is the pool's xor the previous attack set, so a
  // lookup cannot start before the one before it has finished.
  template <SliderPiece P>
  [[gnu::noinline]] static std::uint64_t latency(const AttackPool& pool) {
    std::uint64_t sum = 0;
    Bitboard previous = 0;
    for (std::uint32_t i = 0; i < pool.count; ++i) {
      previous = one<P>(pool.squares[i], pool.occupancy[i] ^ previous);
      sum += previous;
    }
    return sum;
  }

  static std::uint64_t attacks(const AttackPool& pool, SliderPiece piece, Measure measure) {
    const bool chain = measure == Measure::latency;
    switch (piece) {
      case SliderPiece::rook: return chain ? latency<SliderPiece::rook>(pool) : throughput<SliderPiece::rook>(pool);
      case SliderPiece::bishop: return chain ? latency<SliderPiece::bishop>(pool) : throughput<SliderPiece::bishop>(pool);
      case SliderPiece::queen: break;
    }
    return chain ? latency<SliderPiece::queen>(pool) : throughput<SliderPiece::queen>(pool);
  }

  static Bitboard lookup(Square s, Bitboard occ, SliderPiece piece) {
    switch (piece) {
      case SliderPiece::rook: return one<SliderPiece::rook>(s, occ);
      case SliderPiece::bishop: return one<SliderPiece::bishop>(s, occ);
      case SliderPiece::queen: break;
    }
    return one<SliderPiece::queen>(s, occ);
  }

  static constexpr KernelImpl impl() { return {&perft, &divide, &attacks, &lookup, Slider::table_bytes()}; }
};

}  // namespace chess
