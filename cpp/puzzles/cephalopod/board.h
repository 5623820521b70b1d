#pragma once
// The Cephalopod board as one 32-bit word, and everything the fast kernels derive from the rules:
// the 8 symmetries, the hash, and SWAR move generation. No decoding in any hot loop.
//
// Layout ("spiral"): 3 bits per cell, value 0 (empty) to 6. The 8 border cells go clockwise
// from the top-left corner in bits 0..23, the centre sits in bits 24..26:
//
//     row-major cells      spiral positions        bits of position p: 3p .. 3p+2
//       0 1 2                 0 1 2
//       3 4 5                 7 8 3
//       6 7 8                 6 5 4
//
// Even positions are corners, odd ones edges. Why spiral: a quarter turn moves every border cell
// two positions on, so a rotation is a 6-bit rotation of the 24-bit ring (two shifts), the
// centre never moves, and a cell's border neighbours are the positions either side of it.
// The transpose (main-diagonal mirror) maps position p to -p (mod 8); with the 4 rotations it
// generates all 8 symmetries of the square.

#include <array>
#include <cstdint>

namespace sp::cephalopod {

using Board = std::uint32_t;

inline constexpr int kCells = 9;
inline constexpr int kCentre = 8;                     // spiral position of the centre
inline constexpr int kMaxValue = 6;
inline constexpr std::uint32_t kHashModulus = 1u << 30;  // the answer is mod 2^30

// Spiral position of each row-major cell, and back.
inline constexpr std::array<int, kCells> kSpiralOfCell = {0, 1, 2, 7, 8, 3, 6, 5, 4};
inline constexpr std::array<int, kCells> kCellOfSpiral = {0, 1, 2, 5, 8, 7, 6, 3, 4};

// Field masks. kLow: bit 0 of every field; kHigh: bit 2 ("H bit"); kLow3: bits 0 and 1.
inline constexpr std::uint32_t kRing = 0xFFFFFFu;         // positions 0..7
inline constexpr std::uint32_t kCentreBits = 7u << 24;    // position 8
inline constexpr std::uint32_t kAll = kRing | kCentreBits;
inline constexpr std::uint32_t kLow = 0x1249249u;
inline constexpr std::uint32_t kHigh = kLow << 2;
inline constexpr std::uint32_t kLow3 = kLow * 3u;
inline constexpr std::uint32_t kRingLow = kLow & kRing;
inline constexpr std::uint32_t kCornerHigh = 0x104104u;  // H bits of positions 0, 2, 4, 6
inline constexpr std::uint32_t kEdgeHigh = 0x820820u;    // H bits of positions 1, 3, 5, 7

constexpr std::uint32_t ring_mask(int p) { return 7u << (3 * (p & 7)); }    // border, p mod 8
constexpr int field(Board b, int p) { return static_cast<int>((b >> (3 * p)) & 7u); }

// Row-major digits (as the contest reads them) to the word and back.
constexpr Board encode(const std::array<int, kCells>& digits) {
  Board b = 0;
  for (int cell = 0; cell < kCells; ++cell)
    b |= static_cast<Board>(digits[static_cast<std::size_t>(cell)]) << (3 * kSpiralOfCell[static_cast<std::size_t>(cell)]);
  return b;
}
constexpr std::array<int, kCells> decode(Board b) {
  std::array<int, kCells> digits{};
  for (int cell = 0; cell < kCells; ++cell)
    digits[static_cast<std::size_t>(cell)] = field(b, kSpiralOfCell[static_cast<std::size_t>(cell)]);
  return digits;
}

// ---------------------------------------------------------------------------------------------
// SWAR on 3-bit fields (Karang's helpers, re-derived). Values are 0..7; 7 means "saturated".

// H bit set in every field that is 0.
constexpr std::uint32_t zmask(std::uint32_t x) {
  // (x & 3) + 3 sets bit 2 iff a low bit is set; OR-ing x adds bit 2 itself. No carry leaves a field.
  return ((((x & kLow3) + kLow3) | x) & kHigh) ^ kHigh;
}
// An H-bit mask spread over whole fields (H -> 7).
constexpr std::uint32_t fill_fields(std::uint32_t h) { return h | (h >> 1) | (h >> 2); }
// H bit set in every field equal to 7.
constexpr std::uint32_t sevens(std::uint32_t x) { return x & (x << 1) & (x << 2) & kHigh; }
// Field-wise a + b, clamped to 7. The low two bits add without leaving the field; bit 2 and the
// carry out of the field come from a full adder on the H bits.
constexpr std::uint32_t add_saturate(std::uint32_t a, std::uint32_t b) {
  const std::uint32_t low = (a & kLow3) + (b & kLow3);  // per field <= 6: bit 2 is the carry in
  const std::uint32_t sum = (low & kLow3) | ((a ^ b ^ low) & kHigh);
  const std::uint32_t carry = ((a & b) | (low & (a ^ b))) & kHigh;
  return sum | fill_fields(carry);
}
// A board with no empty cell is final: the game is over.
constexpr bool is_full(Board b) { return zmask(b) == 0; }

// Ring rotation by k positions (k * 3 bits) towards higher positions; the centre stays.
constexpr Board rotate_ring(Board ring, int k) {
  const int s = 3 * (k & 7);
  return s == 0 ? ring : (((ring << s) | (ring >> (24 - s))) & kRing);
}
constexpr Board rotate(Board b, int quarter_turns) {
  return rotate_ring(b & kRing, 2 * quarter_turns) | (b & kCentreBits);
}
// Transpose: position p -> -p. Reverse the 8 ring fields (p -> 7 - p) in three swap steps, then
// rotate one position on (7 - p + 1 = -p).
constexpr Board transpose(Board b) {
  std::uint32_t r = b & kRing;
  r = ((r & 0x1C71C7u) << 3) | ((r >> 3) & 0x1C71C7u);  // swap neighbouring fields
  r = ((r & 0x03F03Fu) << 6) | ((r >> 6) & 0x03F03Fu);  // swap pairs
  r = ((r & 0x000FFFu) << 12) | (r >> 12);              // swap halves
  return rotate_ring(r, 1) | (b & kCentreBits);
}

// ---------------------------------------------------------------------------------------------
// The symmetry group. Transform k: t_k = R^k for k < 4, t_k = R^(k-4) o T for k >= 4 (R a quarter
// turn clockwise, T the transpose). t_k(b) is the board b seen after the transform.
inline constexpr int kSymmetries = 8;

constexpr Board apply(int k, Board b) { return rotate(k < 4 ? b : transpose(b), k & 3); }

// Where t_k sends spiral position p.
constexpr int image_of(int k, int p) {
  if (p == kCentre) return kCentre;
  const int q = k < 4 ? p : (8 - p) & 7;
  return (q + 2 * (k & 3)) & 7;
}

struct Group {
  std::array<std::array<int, kSymmetries>, kSymmetries> compose{};  // t_{compose[a][b]} = t_a o t_b
  std::array<int, kSymmetries> inverse{};
};
constexpr Group make_group() {
  Group g{};
  for (int a = 0; a < kSymmetries; ++a)
    for (int b = 0; b < kSymmetries; ++b)
      for (int c = 0; c < kSymmetries; ++c) {
        bool same = true;
        for (int p = 0; p < kCells; ++p) same = same && image_of(c, p) == image_of(a, image_of(b, p));
        if (same) g.compose[static_cast<std::size_t>(a)][static_cast<std::size_t>(b)] = c;
      }
  for (int a = 0; a < kSymmetries; ++a)
    for (int b = 0; b < kSymmetries; ++b)
      if (g.compose[static_cast<std::size_t>(a)][static_cast<std::size_t>(b)] == 0) g.inverse[static_cast<std::size_t>(a)] = b;
  return g;
}
inline constexpr Group kGroup = make_group();

// The canonical board of a class is the smallest of its 8 images; `sym` says which transform
// gives it: canonical = t_sym(board).
struct Canonical {
  Board board;
  int sym;
};
constexpr Canonical canonicalize(Board b) {
  // Branch-free: each image carries its transform index in 3 low bits, so one unsigned min over
  // the 8 packed words finds the smallest image and, on ties, the smallest index.
  const Board t = transpose(b);
  std::uint32_t best = b << 3;
  for (int k = 1; k < kSymmetries; ++k) {
    const std::uint32_t packed = (rotate(k < 4 ? b : t, k & 3) << 3) | static_cast<std::uint32_t>(k);
    best = packed < best ? packed : best;
  }
  return {best >> 3, static_cast<int>(best & 7u)};
}

// Per-orientation path counts (see bfs_sym.h): slot g counts the paths that end on t_g(c) for
// the stored canonical c. A child x of c, stored as its canonical cx = t_j(x), takes slot g of the
// parent into slot g o t_j^-1 of cx; equivalently child slot k reads parent slot k o t_j:
// kCountFrom[j][k].
constexpr std::array<std::array<std::uint8_t, kSymmetries>, kSymmetries> make_count_from() {
  std::array<std::array<std::uint8_t, kSymmetries>, kSymmetries> p{};
  for (int j = 0; j < kSymmetries; ++j)
    for (int k = 0; k < kSymmetries; ++k)
      p[static_cast<std::size_t>(j)][static_cast<std::size_t>(k)] =
          static_cast<std::uint8_t>(kGroup.compose[static_cast<std::size_t>(k)][static_cast<std::size_t>(j)]);
  return p;
}
inline constexpr auto kCountFrom = make_count_from();

// ---------------------------------------------------------------------------------------------
// The hash: the 9 row-major digits read as a decimal number (at most 666666666 < 2^30). Three
// 512-entry tables, one per 3 spiral positions.
inline constexpr std::array<std::uint32_t, kCells> kDigitWeight = [] {
  std::array<std::uint32_t, kCells> w{};
  for (int p = 0; p < kCells; ++p) {
    std::uint32_t x = 1;
    for (int i = 0; i < 8 - kCellOfSpiral[static_cast<std::size_t>(p)]; ++i) x *= 10;
    w[static_cast<std::size_t>(p)] = x;
  }
  return w;
}();
struct HashTables {
  std::array<std::array<std::uint32_t, 512>, 3> t{};
};
constexpr HashTables make_hash_tables() {
  HashTables h{};
  for (int chunk = 0; chunk < 3; ++chunk)
    for (std::uint32_t v = 0; v < 512; ++v) {
      std::uint32_t sum = 0;
      for (int i = 0; i < 3; ++i) sum += ((v >> (3 * i)) & 7u) * kDigitWeight[static_cast<std::size_t>(3 * chunk + i)];
      h.t[static_cast<std::size_t>(chunk)][v] = sum;
    }
  return h;
}
inline constexpr HashTables kHash = make_hash_tables();
inline std::uint32_t hash(Board b) {
  return kHash.t[0][b & 511u] + kHash.t[1][(b >> 9) & 511u] + kHash.t[2][(b >> 18) & 511u];
}

// kOrientWeight[p][g]: the decimal weight cell p of x has in hash(t_g(x)). A leaf x adds
// x_p * kOrientWeight[p][g] to orientation g, for every cell p.
inline constexpr auto kOrientWeight = [] {
  std::array<std::array<std::uint32_t, kSymmetries>, kCells> w{};
  for (int p = 0; p < kCells; ++p)
    for (int g = 0; g < kSymmetries; ++g)
      w[static_cast<std::size_t>(p)][static_cast<std::size_t>(g)] = kDigitWeight[static_cast<std::size_t>(image_of(g, p))];
  return w;
}();

// The 8 border fields of a board spread into the 8 bytes of a word, so that the digits of up to
// 42 children add without carries (6 x 42 < 256).
inline std::uint64_t spread_border(Board x) {
  std::uint64_t y = (x & 0xFFFull) | ((std::uint64_t{x} & 0xFFF000ull) << 20);
  y = (y & 0x0000003F0000003Full) | ((y & 0x00000FC000000FC0ull) << 10);
  return (y & 0x0007000700070007ull) | ((y & 0x0038003800380038ull) << 5);
}

// ---------------------------------------------------------------------------------------------
// Move generation, SWAR. The capture sums of every cell are computed at once on the word, each
// option kind in its own word (field p holds that option's sum for cell p), and each move is then
// one masked OR. Empty cells are read as 7 so that any subset containing one saturates: "every
// die present and the sum <= 6" becomes "the saturated sum is not 7".
//
// Options, by cell (border neighbours of position p are p-1 and p+1, mod 8):
//   corner p: one capture option, p-1 + p+1;
//   edge p:   p-1 + p+1, p-1 + centre, p+1 + centre, and all three;
//   centre:   its neighbours are the edges 1, 3, 5, 7: 4 adjacent pairs (p, p+2), 2 opposite
//             pairs (p, p+4), 4 triples (p, p+2, p+4), all four.
// A cell with no valid option gets a 1 (capture is mandatory per cell, not per board).

// Writes every legal move of a non-full board to out[0..n) and returns n; each move once, and
// children are distinct boards (a move is identified by its result). Per empty border cell the
// five candidates (four captures, a 1) are written unconditionally and the output index advances
// past the legal ones only: the one loop runs once per empty cell, and no branch depends on which
// options are legal. `out` needs room for kChildBuffer words whatever n turns out to be.
inline constexpr int kMaxChildren = 31;  // 4 corners x 1 + 4 edges x 4 + centre 11
inline constexpr int kChildBuffer = 52;  // candidates written: 8 border cells x 5 + centre 12

inline int write_children(Board b, Board* out) {
  const std::uint32_t empty = zmask(b);
  const std::uint32_t b7 = b | fill_fields(empty);  // empty cells read as 7: they saturate any sum
  const std::uint32_t ring = b7 & kRing;
  const std::uint32_t prev = rotate_ring(ring, 1);   // field p: cell p-1
  const std::uint32_t next = rotate_ring(ring, 7);   // field p: cell p+1
  const std::uint32_t centre = (b7 >> 24) * kRingLow;
  const std::uint32_t pn = add_saturate(prev, next);
  const std::uint32_t pc = add_saturate(prev, centre);
  const std::uint32_t nc = add_saturate(next, centre);
  const std::uint32_t pnc = add_saturate(pn, centre);
  // Legal options as H bits: the saturated sum is not 7, at an empty cell; corners have no
  // centre neighbour, so only p-1 + p+1.
  const std::uint32_t ring_empty = empty & kRing;
  const std::uint32_t ok_pn = ring_empty & ~sevens(pn);
  const std::uint32_t ok_pc = ring_empty & kEdgeHigh & ~sevens(pc);
  const std::uint32_t ok_nc = ring_empty & kEdgeHigh & ~sevens(nc);
  const std::uint32_t ok_pnc = ring_empty & kEdgeHigh & ~sevens(pnc);
  const std::uint32_t ok_one = ring_empty & ~(ok_pn | ok_pc | ok_nc | ok_pnc);
  int n = 0;
  for (std::uint32_t m = ring_empty; m; m &= m - 1) {
    const int h = __builtin_ctz(m);  // H bit of cell p: 3p + 2
    const std::uint32_t f = 7u << (h - 2);
    const std::uint32_t f_prev = ((f >> 3) | (f << 21)) & kRing;
    const std::uint32_t f_next = ((f << 3) | (f >> 21)) & kRing;
    out[n] = (b & ~(f_prev | f_next)) | (pn & f);
    n += (ok_pn >> h) & 1;
    out[n] = (b & ~(f_prev | kCentreBits)) | (pc & f);
    n += (ok_pc >> h) & 1;
    out[n] = (b & ~(f_next | kCentreBits)) | (nc & f);
    n += (ok_nc >> h) & 1;
    out[n] = (b & ~(f_prev | f_next | kCentreBits)) | (pnc & f);
    n += (ok_pnc >> h) & 1;
    out[n] = b | (1u << (h - 2));
    n += (ok_one >> h) & 1;
  }
  if (empty & kCentreBits) {
    // The centre's neighbours are the edges 1, 3, 5, 7. Field p (odd) of: adj = p + p+2,
    // tri = p + p+2 + p+4, opp = p + p+4 (p = 1, 3), quad (p = 1) = all four.
    const std::uint32_t edges = ring & 0xE38E38u;
    const std::uint32_t edges4 = rotate_ring(edges, 4);
    const std::uint32_t adj = add_saturate(edges, rotate_ring(edges, 6));
    const std::uint32_t opp = add_saturate(edges, edges4);
    const std::uint32_t tri = add_saturate(adj, edges4);
    const std::uint32_t quad = add_saturate(adj, rotate_ring(adj, 4));
    const std::uint32_t ok_adj = kEdgeHigh & ~sevens(adj);
    const std::uint32_t ok_tri = kEdgeHigh & ~sevens(tri);
    const std::uint32_t ok_opp = 0x820u & ~sevens(opp);
    const std::uint32_t ok_quad = 0x20u & ~sevens(quad);
    auto at_centre = [](std::uint32_t sums, int p) { return ((sums >> (3 * p)) & 7u) << 24; };
    for (int p = 1; p < 8; p += 2) {
      out[n] = (b & ~(ring_mask(p) | ring_mask(p + 2))) | at_centre(adj, p);
      n += (ok_adj >> (3 * p + 2)) & 1;
      out[n] = (b & ~(ring_mask(p) | ring_mask(p + 2) | ring_mask(p + 4))) | at_centre(tri, p);
      n += (ok_tri >> (3 * p + 2)) & 1;
    }
    for (int p = 1; p < 4; p += 2) {
      out[n] = (b & ~(ring_mask(p) | ring_mask(p + 4))) | at_centre(opp, p);
      n += (ok_opp >> (3 * p + 2)) & 1;
    }
    out[n] = (b & ~0xE38E38u) | at_centre(quad, 1);
    n += (ok_quad >> 5) & 1;
    out[n] = b | (1u << 24);
    n += (ok_adj | ok_tri | ok_opp | ok_quad) == 0;
  }
  return n;
}

// The same moves, one call each (for code that wants a callback).
template <class Emit>
inline int for_each_child(Board b, Emit&& emit) {
  Board kids[kChildBuffer];
  const int n = write_children(b, kids);
  for (int i = 0; i < n; ++i) emit(kids[i]);
  return n;
}

}  // namespace sp::cephalopod
