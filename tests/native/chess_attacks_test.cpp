// Chess sliding attacks: every kernel on every ISA this build has, against ray-walk, on all 64
// squares x 10,000 random occupancies for rooks, bishops and queens; the benchmark loops' checksums;
// the magic numbers; the Hyperbola Quintessence steps of the illustration.

#include <gtest/gtest.h>

#include <random>
#include <set>

#include "core/registry.h"
#include "puzzles/chess/chess.h"
#include "puzzles/chess/sliders.h"
#include "puzzles/chess/magic_constants.h"
#include "test_util.h"

namespace sp::chess {
namespace {

std::vector<const RegisteredKernel*> runnable() {
  std::vector<const RegisteredKernel*> out;
  for (const RegisteredKernel& k : registered_kernels())
    if (cpu::has(k.info.needs)) out.push_back(&k);
  return out;
}

// Occupancies of every density: sparse, quarter, half, dense; with and without the slider's own
// square, and the two extremes.
std::vector<Bitboard> occupancies(std::size_t n, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<Bitboard> out = {0, ~Bitboard{0}};
  while (out.size() < n) {
    Bitboard b = 0;
    switch (out.size() % 5) {
      case 0: b = rng() & rng() & rng(); break;
      case 1: b = rng() & rng(); break;
      case 2: b = rng(); break;
      case 3: b = rng() | rng(); break;
      default: b = square_bb(static_cast<Square>(rng() % 64)) | square_bb(static_cast<Square>(rng() % 64)); break;
    }
    out.push_back(b);
  }
  return out;
}

TEST(ChessAttacks, EveryIsaThisBuildHasIsRegistered) {
  std::set<std::string> keys;
  for (const RegisteredKernel& k : registered_kernels()) keys.insert(k.info.key());
  for (const char* k : {"ray-walk/scalar", "hq/scalar", "classical/scalar", "fancy-magic/scalar", "kogge-stone/scalar"})
    EXPECT_TRUE(keys.count(k)) << k;
#if defined(__x86_64__)
  for (const char* k : {"pext/bmi2", "hq-simd/sse4.1", "hq-simd/avx2", "hq-simd/avx512", "kogge-stone/avx2", "kogge-stone/avx512"})
    EXPECT_TRUE(keys.count(k)) << k;
#elif defined(__aarch64__)
  EXPECT_TRUE(keys.count("hq-simd/neon"));
#endif
  EXPECT_FALSE(keys.count("pext/scalar"));
}

// The requirement: 64 squares x >= 10,000 occupancies x {rook, bishop, queen}, every kernel.
TEST(ChessAttacks, EveryKernelMatchesRayWalkOnEverySquare) {
  const std::vector<Bitboard> occ = occupancies(10000, 1);
  const SliderPiece pieces[] = {SliderPiece::rook, SliderPiece::bishop, SliderPiece::queen};
  // The reference answers, once.
  std::vector<Bitboard> expected(64 * occ.size() * 3);
  for (Square s = 0; s < 64; ++s)
    for (std::size_t i = 0; i < occ.size(); ++i) {
      const std::size_t at = (static_cast<std::size_t>(s) * occ.size() + i) * 3;
      expected[at] = RayWalk::rook(s, occ[i]);
      expected[at + 1] = RayWalk::bishop(s, occ[i]);
      expected[at + 2] = RayWalk::queen(s, occ[i]);
    }
  for (const RegisteredKernel* k : runnable()) {
    int failures = 0;
    for (Square s = 0; s < 64 && failures < 5; ++s)
      for (std::size_t i = 0; i < occ.size() && failures < 5; ++i)
        for (int p = 0; p < 3; ++p) {
          const Bitboard want = expected[(static_cast<std::size_t>(s) * occ.size() + i) * 3 + static_cast<std::size_t>(p)];
          const Bitboard got = k->impl.lookup(s, occ[i], pieces[p]);
          if (got != want) {
            ++failures;
            ADD_FAILURE() << k->info.key() << " square " << square_name(s) << " piece " << p << " occ " << hex64(occ[i])
                          << ": got " << hex64(got) << ", want " << hex64(want);
          }
        }
  }
}

TEST(ChessAttacks, BenchmarkLoopsAgreeWithTheReference) {
  const PoolStorage storage = make_pool(kPoolSize, kPoolSeed);
  const AttackPool pool{storage.squares.data(), storage.occupancy.data(), kPoolSize};
  // The checksums from first principles: the reference lookups, summed.
  for (SliderPiece piece : {SliderPiece::rook, SliderPiece::bishop, SliderPiece::queen}) {
    auto ref = [&](Square s, Bitboard o) {
      return piece == SliderPiece::rook ? RayWalk::rook(s, o) : piece == SliderPiece::bishop ? RayWalk::bishop(s, o) : RayWalk::queen(s, o);
    };
    std::uint64_t independent = 0, chained = 0;
    Bitboard previous = 0;
    for (std::uint32_t i = 0; i < kPoolSize; ++i) {
      independent += ref(storage.squares[i], storage.occupancy[i]);
      previous = ref(storage.squares[i], storage.occupancy[i] ^ previous);
      chained += previous;
    }
    EXPECT_NE(independent, chained);
    for (const RegisteredKernel* k : runnable()) {
      EXPECT_EQ(k->impl.attacks(pool, piece, Measure::throughput), independent) << k->info.key();
      EXPECT_EQ(k->impl.attacks(pool, piece, Measure::latency), chained) << k->info.key();
    }
  }
}

TEST(ChessAttacks, PoolIsFixedAndAboutAQuarterFull) {
  const PoolStorage a = make_pool(kPoolSize, kPoolSeed), b = make_pool(kPoolSize, kPoolSeed);
  EXPECT_EQ(a.squares, b.squares);
  EXPECT_EQ(a.occupancy, b.occupancy);
  std::uint64_t bits = 0;
  std::set<int> squares;
  for (std::uint32_t i = 0; i < kPoolSize; ++i) bits += static_cast<std::uint64_t>(popcount(a.occupancy[i])), squares.insert(a.squares[i]);
  EXPECT_NEAR(static_cast<double>(bits) / kPoolSize, 16.0, 1.0);
  EXPECT_EQ(squares.size(), 64u);
}

TEST(ChessAttacks, ShippedMagicsAreValidAndAreWhatTheSearchFinds) {
  for (Square s = 0; s < 64; ++s) {
    EXPECT_TRUE(magic_is_valid(s, false, kRookMagics[static_cast<std::size_t>(s)])) << s;
    EXPECT_TRUE(magic_is_valid(s, true, kBishopMagics[static_cast<std::size_t>(s)])) << s;
  }
  EXPECT_FALSE(magic_is_valid(0, false, 1)) << "a useless multiplier must fail";
  // The search itself (0.7 s natively): a few squares in quick mode, all of them otherwise.
  const int step = test::quick_mode() ? 21 : 1;
  for (Square s = 0; s < 64; s += step) {
    EXPECT_EQ(find_magic(s, false, kMagicSeed, 1 << 24), kRookMagics[static_cast<std::size_t>(s)]) << s;
    EXPECT_EQ(find_magic(s, true, kMagicSeed, 1 << 24), kBishopMagics[static_cast<std::size_t>(s)]) << s;
  }
}

TEST(ChessAttacks, RelevantMasksHaveTheUsualSizes) {
  int rook_entries = 0, bishop_entries = 0;
  for (Square s = 0; s < 64; ++s) {
    rook_entries += 1 << popcount(relevant_mask(s, false));
    bishop_entries += 1 << popcount(relevant_mask(s, true));
  }
  EXPECT_EQ(rook_entries, 102400);
  EXPECT_EQ(bishop_entries, 5248);
  EXPECT_EQ(popcount(relevant_mask(0, false)), 12);  // a1 rook
  EXPECT_EQ(popcount(relevant_mask(27, true)), 9);   // d4 bishop
}

TEST(ChessAttacks, SetwiseKoggeStoneCountsMovesPerDirection) {
  std::mt19937_64 rng(3);
  for (int i = 0; i < 20000; ++i) {
    const Bitboard occ = rng() & rng();
    const Bitboard orth = occ & rng() & rng(), diag = occ & rng() & rng(), targets = rng() | rng();
    Bitboard any = 0;
    int moves = 0;
    for (Bitboard b = orth; b;) {
      const Square s = pop_lsb(b);
      any |= RayWalk::rook(s, occ);
      moves += popcount(RayWalk::rook(s, occ) & targets);
    }
    for (Bitboard b = diag; b;) {
      const Square s = pop_lsb(b);
      any |= RayWalk::bishop(s, occ);
      moves += popcount(RayWalk::bishop(s, occ) & targets);
    }
    ASSERT_EQ(KoggeStone::attacks_set(orth, diag, occ), any);
    ASSERT_EQ(KoggeStone::count_set(orth, diag, occ, targets), moves);
  }
}

TEST(ChessAttacks, ByteSwapReversesFilesAndDiagonalsAndBitReversalEverything) {
  for (Square s = 0; s < 64; ++s) {
    const LineMasks& m = kLineMasks[s];
    // A byte swap maps a file or diagonal onto itself or its mirror, one square per rank.
    EXPECT_EQ(popcount(byte_swap(m.file)), popcount(m.file));
    EXPECT_EQ(reverse_bits(square_bb(s)), square_bb(63 - s));
    EXPECT_EQ(reverse_bits(reverse_bits(m.rank)), m.rank);
  }
  EXPECT_EQ(reverse_bits(0x0123456789ABCDEFull), 0xF7B3D591E6A2C480ull);
}

// The illustration's step rows are the HQ arithmetic itself: their attacks must be every
// kernel's, for every slider of every published position.
TEST(ChessAttacks, IllustrationStepsGiveTheAttacks) {
  for (const NamedPosition& n : kNamedPositions) {
    auto g = parse_fen(n.fen);
    ASSERT_TRUE(g);
    const json pic = illustrate_game(g.value());
    ASSERT_EQ(pic["board"].size(), 64u);
    const Bitboard occ = g.value().position.all();
    EXPECT_EQ(pic["occupied"], hex64(occ));
    int sliders = 0;
    for (const json& s : pic["sliders"]) {
      const Square sq = s["index"].get<int>();
      const char kind = static_cast<char>(s["piece"].get<std::string>()[0] | 0x20);
      const Bitboard want = kind == 'r' ? RayWalk::rook(sq, occ) : kind == 'b' ? RayWalk::bishop(sq, occ) : RayWalk::queen(sq, occ);
      EXPECT_EQ(s["attacks"], hex64(want)) << n.name << " " << s["square"];
      EXPECT_EQ(s["lines"].size(), kind == 'q' ? 4u : 2u);
      Bitboard from_lines = 0;
      for (const json& line : s["lines"]) from_lines |= std::stoull(line["attacks"].get<std::string>(), nullptr, 16);
      EXPECT_EQ(from_lines, want);
      ++sliders;
    }
    EXPECT_EQ(sliders, popcount(g.value().position.diagonal[0] | g.value().position.diagonal[1] |
                                g.value().position.orthogonal[0] | g.value().position.orthogonal[1]));
  }
}

}  // namespace
}  // namespace sp::chess
