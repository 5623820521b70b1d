// Chess perft in plain JavaScript: our legal move generator (cpp/puzzles/chess/movegen.h: checkers
// and pins found from the king, king moves off attacked squares, a check mask, en passant checked
// from the king again, castling through unattacked squares) with bulk counting at the last ply,
// on bitboards held as two 32-bit halves (JavaScript's bitwise operators are 32-bit; BigInt would
// be two orders of magnitude slower). Sliding attacks by the classical ray method: the ray from
// the square, cut at its first blocker (`classical` in C++). Positions are copy-made into one
// Uint32Array, a slot per ply, so the search allocates nothing.
//
// The FEN is the engine's canonical one (validate has parsed and checked it: fen.cpp); this parser
// reads that text and refuses anything else.
import type { Params } from '../../share/schema';
import { popcount32 } from '../../js-kernels/u64';
import { KernelError, type JsKernel, type JsOutcome } from '../../js-kernels/types';

// ---- bitboards as (lo, hi) -----------------------------------------------------------------------

const lsb = (lo: number, hi: number) => (lo ? 31 - Math.clz32(lo & -lo) : 63 - Math.clz32(hi & -hi));
const msb = (lo: number, hi: number) => (hi ? 63 - Math.clz32(hi) : 31 - Math.clz32(lo));
const pop = (lo: number, hi: number) => popcount32(lo) + popcount32(hi);
const bitLo = (s: number) => (s < 32 ? 1 << s : 0);
const bitHi = (s: number) => (s < 32 ? 0 : 1 << (s - 32));

// Tables: entry 2s is the low half of square s's set, 2s + 1 the high half.
function table(f: (s: number) => [number, number][]): Uint32Array {
  const t = new Uint32Array(128);
  for (let s = 0; s < 64; ++s)
    for (const [file, rank] of f(s)) if (file >= 0 && file < 8 && rank >= 0 && rank < 8) {
      const q = rank * 8 + file;
      t[2 * s] |= bitLo(q);
      t[2 * s + 1] |= bitHi(q);
    }
  return t;
}
const at = (s: number, steps: number[][]): [number, number][] => steps.map(([df, dr]) => [(s & 7) + df!, (s >> 3) + dr!]);
const KNIGHT = table((s) => at(s, [[1, 2], [2, 1], [2, -1], [1, -2], [-1, -2], [-2, -1], [-2, 1], [-1, 2]]));
const KING = table((s) => at(s, [[0, 1], [1, 1], [1, 0], [1, -1], [0, -1], [-1, -1], [-1, 0], [-1, 1]]));
const PAWN_ATTACKS = [table((s) => at(s, [[1, 1], [-1, 1]])), table((s) => at(s, [[1, -1], [-1, -1]]))];
// Directions N S E W NE NW SE SW; the first of each pair runs towards higher squares.
const DIRS = [[0, 1], [0, -1], [1, 0], [-1, 0], [1, 1], [-1, 1], [1, -1], [-1, -1]];
const RAYS = DIRS.map(([df, dr]) => table((s) => [...Array(7).keys()].map((i) => [(s & 7) + df! * (i + 1), (s >> 3) + dr! * (i + 1)] as [number, number])));
const ASCENDING = [true, false, true, false, true, true, false, false];
const orRays = (dirs: number[]) => {
  const t = new Uint32Array(128);
  for (const d of dirs) for (let i = 0; i < 128; ++i) t[i] |= RAYS[d]![i]!;
  return t;
};
const ROOK_EMPTY = orRays([0, 1, 2, 3]);
const BISHOP_EMPTY = orRays([4, 5, 6, 7]);
// BETWEEN[128a + 2b]: the squares strictly between a and b on a line (none if not on one).
const BETWEEN = new Uint32Array(64 * 128);
for (let a = 0; a < 64; ++a)
  for (const [df, dr] of DIRS) {
    let lo = 0, hi = 0;
    for (let f = (a & 7) + df!, r = (a >> 3) + dr!; f >= 0 && f < 8 && r >= 0 && r < 8; f += df!, r += dr!) {
      const b = r * 8 + f;
      BETWEEN[128 * a + 2 * b] = lo;
      BETWEEN[128 * a + 2 * b + 1] = hi;
      lo |= bitLo(b);
      hi |= bitHi(b);
    }
  }

// Sliding attacks: each ray cut behind its first blocker. Results in ATT_LO / ATT_HI.
let ATT_LO = 0, ATT_HI = 0;
function slide(s: number, occLo: number, occHi: number, first: number) {
  let lo = 0, hi = 0;
  for (let d = first; d < first + 4; ++d) {
    const ray = RAYS[d]!;
    let rLo = ray[2 * s]!, rHi = ray[2 * s + 1]!;
    const bLo = rLo & occLo, bHi = rHi & occHi;
    if (bLo | bHi) {
      const b = ASCENDING[d] ? lsb(bLo, bHi) : msb(bLo, bHi);
      rLo ^= ray[2 * b]!;
      rHi ^= ray[2 * b + 1]!;
    }
    lo |= rLo;
    hi |= rHi;
  }
  ATT_LO = lo;
  ATT_HI = hi;
}
const rookAttacks = (s: number, occLo: number, occHi: number) => slide(s, occLo, occHi, 0);
const bishopAttacks = (s: number, occLo: number, occHi: number) => slide(s, occLo, occHi, 4);

// ---- positions -----------------------------------------------------------------------------------

// A position: five piece sets per colour (lo, hi each), the en-passant target, the kings and the
// castling rights. Field f of colour c, half h: f + 2c + h.
const PAWNS = 0, KNIGHTS = 4, DIAGONAL = 8, ORTHOGONAL = 12, OCCUPIED = 16, EP = 20, KINGS = 22, CASTLING = 24;
const STRIDE = 25;
const MAX_PLY = 12;
const KEEP = new Uint8Array(64).fill(15);
KEEP[0] = 15 & ~2; KEEP[7] = 15 & ~1; KEEP[4] = 15 & ~3;
KEEP[56] = 15 & ~8; KEEP[63] = 15 & ~4; KEEP[60] = 15 & ~12;

const P = new Uint32Array(STRIDE * (MAX_PLY + 1));
// Pins found at each ply (the piece, its ray from the king to the pinner, whether diagonal).
const PIN_PIECE = new Int32Array(8 * (MAX_PLY + 1)), PIN_LO = new Uint32Array(8 * (MAX_PLY + 1)), PIN_HI = new Uint32Array(8 * (MAX_PLY + 1));
const PIN_DIAGONAL = new Uint8Array(8 * (MAX_PLY + 1));

const KNIGHT_KIND = 0, BISHOP_KIND = 1, ROOK_KIND = 2, QUEEN_KIND = 3, KING_KIND = 4;

function copyPosition(from: number, to: number) {
  P.copyWithin(to, from, from + STRIDE);
}
function removeCaptured(o: number, them: number, s: number) {
  const lo = ~bitLo(s), hi = ~bitHi(s);
  for (let f = 0; f <= OCCUPIED; f += 4) {
    P[o + f + 2 * them] &= lo;
    P[o + f + 2 * them + 1] &= hi;
  }
}
function toggle(o: number, field: number, s: number) {
  if (s < 32) P[o + field] ^= 1 << s;
  else P[o + field + 1] ^= 1 << (s - 32);
}
const has = (o: number, field: number, s: number) => (s < 32 ? (P[o + field]! >>> s) & 1 : (P[o + field + 1]! >>> (s - 32)) & 1);

function makePiece(o: number, c: number, us: number, kind: number, from: number, to: number) {
  copyPosition(o, c);
  removeCaptured(c, us ^ 1, to);
  for (const s of [from, to]) {
    toggle(c, OCCUPIED + 2 * us, s);
    if (kind === KNIGHT_KIND) toggle(c, KNIGHTS + 2 * us, s);
    if (kind === BISHOP_KIND || kind === QUEEN_KIND) toggle(c, DIAGONAL + 2 * us, s);
    if (kind === ROOK_KIND || kind === QUEEN_KIND) toggle(c, ORTHOGONAL + 2 * us, s);
  }
  if (kind === KING_KIND) P[c + KINGS + us] = to;
  P[c + EP] = P[c + EP + 1] = 0;
  P[c + CASTLING]! &= KEEP[from]! & KEEP[to]!;
}

/** A pawn move onto `to` from `to - d`: a push, a double push or a capture; `promotion` a kind. */
function makePawn(o: number, c: number, us: number, to: number, d: number, promotion: number) {
  const them = us ^ 1, from = to - d, up = us === 0 ? 8 : -8;
  copyPosition(o, c);
  if (d !== up && d !== 2 * up) {
    removeCaptured(c, them, to);
    P[c + CASTLING]! &= KEEP[to]!;
  }
  toggle(c, PAWNS + 2 * us, from);
  toggle(c, OCCUPIED + 2 * us, from);
  toggle(c, OCCUPIED + 2 * us, to);
  P[c + EP] = P[c + EP + 1] = 0;
  if (promotion < 0) toggle(c, PAWNS + 2 * us, to);
  else {
    if (promotion === KNIGHT_KIND) toggle(c, KNIGHTS + 2 * us, to);
    if (promotion === BISHOP_KIND || promotion === QUEEN_KIND) toggle(c, DIAGONAL + 2 * us, to);
    if (promotion === ROOK_KIND || promotion === QUEEN_KIND) toggle(c, ORTHOGONAL + 2 * us, to);
  }
  if (d === 2 * up) {
    // Remember the square behind only when an enemy pawn could take there.
    const behind = to - up;
    if ((PAWN_ATTACKS[us]![2 * behind]! & P[o + PAWNS + 2 * them]!) | (PAWN_ATTACKS[us]![2 * behind + 1]! & P[o + PAWNS + 2 * them + 1]!)) {
      P[c + EP] = bitLo(behind);
      P[c + EP + 1] = bitHi(behind);
    }
  }
}

function makeEnPassant(o: number, c: number, us: number, from: number, to: number) {
  const them = us ^ 1, captured = to - (us === 0 ? 8 : -8);
  copyPosition(o, c);
  for (const s of [from, to]) {
    toggle(c, PAWNS + 2 * us, s);
    toggle(c, OCCUPIED + 2 * us, s);
  }
  toggle(c, PAWNS + 2 * them, captured);
  toggle(c, OCCUPIED + 2 * them, captured);
  P[c + EP] = P[c + EP + 1] = 0;
}

function makeCastle(o: number, c: number, us: number, kingSide: boolean) {
  const king = us === 0 ? 4 : 60, kingTo = kingSide ? king + 2 : king - 2;
  const rook = kingSide ? king + 3 : king - 4, rookTo = kingSide ? king + 1 : king - 1;
  copyPosition(o, c);
  for (const s of [rook, rookTo]) {
    toggle(c, ORTHOGONAL + 2 * us, s);
    toggle(c, OCCUPIED + 2 * us, s);
  }
  toggle(c, OCCUPIED + 2 * us, king);
  toggle(c, OCCUPIED + 2 * us, kingTo);
  P[c + KINGS + us] = kingTo;
  P[c + CASTLING]! &= us === 0 ? ~3 : ~12;
  P[c + EP] = P[c + EP + 1] = 0;
}

/** Whether the side not to move (`us` ^ 1) attacks s on the board (occLo, occHi). */
function attacked(o: number, us: number, s: number, occLo: number, occHi: number): boolean {
  const them = us ^ 1, k = P[o + KINGS + them]!;
  const pa = PAWN_ATTACKS[us]!;
  if ((pa[2 * s]! & P[o + PAWNS + 2 * them]!) | (pa[2 * s + 1]! & P[o + PAWNS + 2 * them + 1]!)) return true;
  if ((KNIGHT[2 * s]! & P[o + KNIGHTS + 2 * them]!) | (KNIGHT[2 * s + 1]! & P[o + KNIGHTS + 2 * them + 1]!)) return true;
  if ((KING[2 * s]! & bitLo(k)) | (KING[2 * s + 1]! & bitHi(k))) return true;
  const dLo = P[o + DIAGONAL + 2 * them]!, dHi = P[o + DIAGONAL + 2 * them + 1]!;
  if ((BISHOP_EMPTY[2 * s]! & dLo) | (BISHOP_EMPTY[2 * s + 1]! & dHi)) {
    bishopAttacks(s, occLo, occHi);
    if ((ATT_LO & dLo) | (ATT_HI & dHi)) return true;
  }
  const rLo = P[o + ORTHOGONAL + 2 * them]!, rHi = P[o + ORTHOGONAL + 2 * them + 1]!;
  if ((ROOK_EMPTY[2 * s]! & rLo) | (ROOK_EMPTY[2 * s + 1]! & rHi)) {
    rookAttacks(s, occLo, occHi);
    if ((ATT_LO & rLo) | (ATT_HI & rHi)) return true;
  }
  return false;
}

// ---- the generator ---------------------------------------------------------------------------------

/** The root's moves and their counts, when a divide is asked (else null). */
let divideOut: { move: string; nodes: number }[] | null = null;
const squareName = (s: number) => 'abcdefgh'[s & 7]! + String((s >> 3) + 1);
const PROMOTION_LETTER = ['n', 'b', 'r', 'q'];

/** Whether moves are counted (bulk counting at the last ply) rather than made. */
const counting = (o: number, depth: number) => depth === 1 && !(divideOut && o === 0);

/** Leaves below the child just made at `c`, recorded per root move for a divide. */
function below(o: number, c: number, us: number, depth: number, from: number, to: number, promotion = ''): number {
  const n = depth === 1 ? 1 : perftAt(c, us ^ 1, depth - 1);
  if (divideOut && o === 0) divideOut.push({ move: squareName(from) + squareName(to) + promotion, nodes: n });
  return n;
}

function emitPiece(o: number, us: number, depth: number, kind: number, from: number, lo: number, hi: number): number {
  if (counting(o, depth)) return pop(lo, hi);
  let n = 0;
  const c = o + STRIDE;
  while (lo | hi) {
    const t = lsb(lo, hi);
    if (t < 32) lo &= lo - 1;
    else hi &= hi - 1;
    makePiece(o, c, us, kind, from, t);
    n += below(o, c, us, depth, from, t);
  }
  return n;
}

function emitPawns(o: number, us: number, depth: number, d: number, lo: number, hi: number, promote: boolean): number {
  if (counting(o, depth)) return (promote ? 4 : 1) * pop(lo, hi);
  let n = 0;
  const c = o + STRIDE;
  while (lo | hi) {
    const t = lsb(lo, hi);
    if (t < 32) lo &= lo - 1;
    else hi &= hi - 1;
    if (!promote) {
      makePawn(o, c, us, t, d, -1);
      n += below(o, c, us, depth, t - d, t);
      continue;
    }
    for (const kind of [QUEEN_KIND, ROOK_KIND, BISHOP_KIND, KNIGHT_KIND]) {
      makePawn(o, c, us, t, d, kind);
      n += below(o, c, us, depth, t - d, t, PROMOTION_LETTER[kind]);
    }
  }
  return n;
}

// Shifts of a set by a direction, the files it would wrap across masked off first.
const FILE_A = 0x01010101, FILE_H = 0x80808080;
let SH_LO = 0, SH_HI = 0;
function shift(lo: number, hi: number, d: number) {
  if (d === 8) [SH_LO, SH_HI] = [lo << 8, (hi << 8) | (lo >>> 24)];
  else if (d === -8) [SH_LO, SH_HI] = [(lo >>> 8) | (hi << 24), hi >>> 8];
  else if (d === 9) { lo &= ~FILE_H; hi &= ~FILE_H; [SH_LO, SH_HI] = [lo << 9, (hi << 9) | (lo >>> 23)]; }
  else if (d === 7) { lo &= ~FILE_A; hi &= ~FILE_A; [SH_LO, SH_HI] = [lo << 7, (hi << 7) | (lo >>> 25)]; }
  else if (d === -7) { lo &= ~FILE_H; hi &= ~FILE_H; [SH_LO, SH_HI] = [(lo >>> 7) | (hi << 25), hi >>> 7]; }
  else { lo &= ~FILE_A; hi &= ~FILE_A; [SH_LO, SH_HI] = [(lo >>> 9) | (hi << 23), hi >>> 9]; }
}

/** Leaf nodes `depth` (>= 1) plies below the position at P[o], `us` to move. */
function perftAt(o: number, us: number, depth: number): number {
  const them = us ^ 1;
  const ply = o / STRIDE;
  const usLo = P[o + OCCUPIED + 2 * us]!, usHi = P[o + OCCUPIED + 2 * us + 1]!;
  const thLo = P[o + OCCUPIED + 2 * them]!, thHi = P[o + OCCUPIED + 2 * them + 1]!;
  const occLo = usLo | thLo, occHi = usHi | thHi;
  const ksq = P[o + KINGS + us]!;
  const tDiagLo = P[o + DIAGONAL + 2 * them]!, tDiagHi = P[o + DIAGONAL + 2 * them + 1]!;
  const tOrthLo = P[o + ORTHOGONAL + 2 * them]!, tOrthHi = P[o + ORTHOGONAL + 2 * them + 1]!;
  const tKnLo = P[o + KNIGHTS + 2 * them]!, tKnHi = P[o + KNIGHTS + 2 * them + 1]!;
  const tPawnLo = P[o + PAWNS + 2 * them]!, tPawnHi = P[o + PAWNS + 2 * them + 1]!;

  // Checkers and pins, looking out from the king.
  let chkLo = (PAWN_ATTACKS[us]![2 * ksq]! & tPawnLo) | (KNIGHT[2 * ksq]! & tKnLo);
  let chkHi = (PAWN_ATTACKS[us]![2 * ksq + 1]! & tPawnHi) | (KNIGHT[2 * ksq + 1]! & tKnHi);
  let pinnedLo = 0, pinnedHi = 0, pins = 0;
  let snLo = (ROOK_EMPTY[2 * ksq]! & tOrthLo) | (BISHOP_EMPTY[2 * ksq]! & tDiagLo);
  let snHi = (ROOK_EMPTY[2 * ksq + 1]! & tOrthHi) | (BISHOP_EMPTY[2 * ksq + 1]! & tDiagHi);
  while (snLo | snHi) {
    const s = lsb(snLo, snHi);
    if (s < 32) snLo &= snLo - 1;
    else snHi &= snHi - 1;
    const bwLo = BETWEEN[128 * ksq + 2 * s]!, bwHi = BETWEEN[128 * ksq + 2 * s + 1]!;
    const blLo = bwLo & occLo, blHi = bwHi & occHi;
    if (!(blLo | blHi)) {
      chkLo |= bitLo(s);
      chkHi |= bitHi(s);
    } else if (pop(blLo, blHi) === 1 && (blLo & usLo) | (blHi & usHi)) {
      pinnedLo |= blLo;
      pinnedHi |= blHi;
      const i = 8 * ply + pins++;
      PIN_PIECE[i] = lsb(blLo, blHi);
      PIN_LO[i] = bwLo | bitLo(s);
      PIN_HI[i] = bwHi | bitHi(s);
      PIN_DIAGONAL[i] = (BISHOP_EMPTY[2 * ksq]! & bitLo(s)) | (BISHOP_EMPTY[2 * ksq + 1]! & bitHi(s)) ? 1 : 0;
    }
  }

  // King moves: off squares the enemy pawns and king cover, then a closer look at the rest.
  const tk = P[o + KINGS + them]!;
  const pawnDir = them === 0 ? [9, 7] : [-7, -9];
  shift(tPawnLo, tPawnHi, pawnDir[0]!);
  let coverLo = SH_LO, coverHi = SH_HI;
  shift(tPawnLo, tPawnHi, pawnDir[1]!);
  coverLo |= SH_LO | KING[2 * tk]!;
  coverHi |= SH_HI | KING[2 * tk + 1]!;
  let kLo = KING[2 * ksq]! & ~usLo & ~coverLo, kHi = KING[2 * ksq + 1]! & ~usHi & ~coverHi;
  if (kLo | kHi) {
    const oLo = occLo ^ bitLo(ksq), oHi = occHi ^ bitHi(ksq);
    let bLo = kLo, bHi = kHi;
    while (bLo | bHi) {
      const t = lsb(bLo, bHi);
      if (t < 32) bLo &= bLo - 1;
      else bHi &= bHi - 1;
      let hit = ((KNIGHT[2 * t]! & tKnLo) | (KNIGHT[2 * t + 1]! & tKnHi)) !== 0;
      if (!hit && (BISHOP_EMPTY[2 * t]! & tDiagLo) | (BISHOP_EMPTY[2 * t + 1]! & tDiagHi)) {
        bishopAttacks(t, oLo, oHi);
        hit = ((ATT_LO & tDiagLo) | (ATT_HI & tDiagHi)) !== 0;
      }
      if (!hit && (ROOK_EMPTY[2 * t]! & tOrthLo) | (ROOK_EMPTY[2 * t + 1]! & tOrthHi)) {
        rookAttacks(t, oLo, oHi);
        hit = ((ATT_LO & tOrthLo) | (ATT_HI & tOrthHi)) !== 0;
      }
      if (hit) {
        kLo &= ~bitLo(t);
        kHi &= ~bitHi(t);
      }
    }
  }
  let nodes = emitPiece(o, us, depth, KING_KIND, ksq, kLo, kHi);
  const checkers = pop(chkLo, chkHi);
  if (checkers > 1) return nodes;

  let maskLo = -1, maskHi = -1;
  if (checkers) {
    const c = lsb(chkLo, chkHi);
    maskLo = BETWEEN[128 * ksq + 2 * c]! | chkLo;
    maskHi = BETWEEN[128 * ksq + 2 * c + 1]! | chkHi;
  }
  const tgLo = ~usLo & maskLo, tgHi = ~usHi & maskHi;

  // Knights (a pinned knight never moves), then unpinned sliders.
  let bLo = P[o + KNIGHTS + 2 * us]! & ~pinnedLo, bHi = P[o + KNIGHTS + 2 * us + 1]! & ~pinnedHi;
  while (bLo | bHi) {
    const s = lsb(bLo, bHi);
    if (s < 32) bLo &= bLo - 1;
    else bHi &= bHi - 1;
    nodes += emitPiece(o, us, depth, KNIGHT_KIND, s, KNIGHT[2 * s]! & tgLo, KNIGHT[2 * s + 1]! & tgHi);
  }
  const dLo = P[o + DIAGONAL + 2 * us]!, dHi = P[o + DIAGONAL + 2 * us + 1]!;
  const rLo = P[o + ORTHOGONAL + 2 * us]!, rHi = P[o + ORTHOGONAL + 2 * us + 1]!;
  for (const kind of [BISHOP_KIND, ROOK_KIND, QUEEN_KIND]) {
    bLo = (kind === BISHOP_KIND ? dLo & ~rLo : kind === ROOK_KIND ? rLo & ~dLo : dLo & rLo) & ~pinnedLo;
    bHi = (kind === BISHOP_KIND ? dHi & ~rHi : kind === ROOK_KIND ? rHi & ~dHi : dHi & rHi) & ~pinnedHi;
    while (bLo | bHi) {
      const s = lsb(bLo, bHi);
      if (s < 32) bLo &= bLo - 1;
      else bHi &= bHi - 1;
      let aLo = 0, aHi = 0;
      if (kind !== ROOK_KIND) {
        bishopAttacks(s, occLo, occHi);
        aLo = ATT_LO;
        aHi = ATT_HI;
      }
      if (kind !== BISHOP_KIND) {
        rookAttacks(s, occLo, occHi);
        aLo |= ATT_LO;
        aHi |= ATT_HI;
      }
      nodes += emitPiece(o, us, depth, kind, s, aLo & tgLo, aHi & tgHi);
    }
  }

  // Unpinned pawns, all at once.
  const up = us === 0 ? 8 : -8, upEast = us === 0 ? 9 : -7, upWest = us === 0 ? 7 : -9;
  const emptyLo = ~occLo, emptyHi = ~occHi;
  const lastLo = us === 0 ? 0 : 0xff, lastHi = us === 0 ? 0xff000000 : 0;
  const thirdLo = us === 0 ? 0xff0000 : 0, thirdHi = us === 0 ? 0 : 0xff00;
  {
    const pLo = P[o + PAWNS + 2 * us]! & ~pinnedLo, pHi = P[o + PAWNS + 2 * us + 1]! & ~pinnedHi;
    shift(pLo, pHi, up);
    const pushLo = SH_LO & emptyLo, pushHi = SH_HI & emptyHi;
    shift(pushLo & thirdLo, pushHi & thirdHi, up);
    const p2Lo = SH_LO & emptyLo & maskLo, p2Hi = SH_HI & emptyHi & maskHi;
    const p1Lo = pushLo & maskLo, p1Hi = pushHi & maskHi;
    shift(pLo, pHi, upEast);
    const eLo = SH_LO & thLo & maskLo, eHi = SH_HI & thHi & maskHi;
    shift(pLo, pHi, upWest);
    const wLo = SH_LO & thLo & maskLo, wHi = SH_HI & thHi & maskHi;
    nodes += emitPawns(o, us, depth, up, p1Lo & ~lastLo, p1Hi & ~lastHi, false);
    nodes += emitPawns(o, us, depth, 2 * up, p2Lo, p2Hi, false);
    nodes += emitPawns(o, us, depth, upEast, eLo & ~lastLo, eHi & ~lastHi, false);
    nodes += emitPawns(o, us, depth, upWest, wLo & ~lastLo, wHi & ~lastHi, false);
    nodes += emitPawns(o, us, depth, up, p1Lo & lastLo, p1Hi & lastHi, true);
    nodes += emitPawns(o, us, depth, upEast, eLo & lastLo, eHi & lastHi, true);
    nodes += emitPawns(o, us, depth, upWest, wLo & lastLo, wHi & lastHi, true);
  }

  // Pinned pieces move only along their ray, and never while in check.
  if (!checkers) {
    for (let i = 8 * ply; i < 8 * ply + pins; ++i) {
      const s = PIN_PIECE[i]!, rayLo = PIN_LO[i]!, rayHi = PIN_HI[i]!;
      const alongLo = rayLo & ~bitLo(s), alongHi = rayHi & ~bitHi(s);
      const isDiag = has(o, DIAGONAL + 2 * us, s), isOrth = has(o, ORTHOGONAL + 2 * us, s), isPawn = has(o, PAWNS + 2 * us, s);
      if (PIN_DIAGONAL[i]) {
        if (isDiag) nodes += emitPiece(o, us, depth, isOrth ? QUEEN_KIND : BISHOP_KIND, s, alongLo, alongHi);
        else if (isPawn) {
          for (const d of [upEast, upWest]) {
            shift(bitLo(s), bitHi(s), d);
            const cLo = SH_LO & thLo & rayLo, cHi = SH_HI & thHi & rayHi;
            nodes += emitPawns(o, us, depth, d, cLo & ~lastLo, cHi & ~lastHi, false);
            nodes += emitPawns(o, us, depth, d, cLo & lastLo, cHi & lastHi, true);
          }
        }
      } else if (isOrth) {
        nodes += emitPiece(o, us, depth, isDiag ? QUEEN_KIND : ROOK_KIND, s, alongLo, alongHi);
      } else if (isPawn) {
        // A pawn pinned along a file may push; one pinned along a rank never lands on the ray.
        shift(bitLo(s), bitHi(s), up);
        const pushLo = SH_LO & emptyLo & rayLo, pushHi = SH_HI & emptyHi & rayHi;
        nodes += emitPawns(o, us, depth, up, pushLo & ~lastLo, pushHi & ~lastHi, false);
        shift(pushLo & thirdLo, pushHi & thirdHi, up);
        nodes += emitPawns(o, us, depth, 2 * up, SH_LO & emptyLo & rayLo, SH_HI & emptyHi & rayHi, false);
        nodes += emitPawns(o, us, depth, up, pushLo & lastLo, pushHi & lastHi, true);
      }
    }
  }

  // En passant: both pawns leave their rank, so look from the king again with the board after.
  const epLo = P[o + EP]!, epHi = P[o + EP + 1]!;
  if (epLo | epHi) {
    const to = lsb(epLo, epHi), captured = to - up;
    const capLo = bitLo(captured), capHi = bitHi(captured);
    if (!checkers || (chkLo & capLo) | (chkHi & capHi) || (maskLo & epLo) | (maskHi & epHi)) {
      const pa = PAWN_ATTACKS[them]!;
      let fLo = pa[2 * to]! & P[o + PAWNS + 2 * us]!, fHi = pa[2 * to + 1]! & P[o + PAWNS + 2 * us + 1]!;
      while (fLo | fHi) {
        const from = lsb(fLo, fHi);
        if (from < 32) fLo &= fLo - 1;
        else fHi &= fHi - 1;
        const aLo = occLo ^ bitLo(from) ^ epLo ^ capLo, aHi = occHi ^ bitHi(from) ^ epHi ^ capHi;
        if ((BISHOP_EMPTY[2 * ksq]! & tDiagLo) | (BISHOP_EMPTY[2 * ksq + 1]! & tDiagHi)) {
          bishopAttacks(ksq, aLo, aHi);
          if ((ATT_LO & tDiagLo) | (ATT_HI & tDiagHi)) continue;
        }
        if ((ROOK_EMPTY[2 * ksq]! & tOrthLo) | (ROOK_EMPTY[2 * ksq + 1]! & tOrthHi)) {
          rookAttacks(ksq, aLo, aHi);
          if ((ATT_LO & tOrthLo) | (ATT_HI & tOrthHi)) continue;
        }
        if (counting(o, depth)) nodes += 1;
        else {
          makeEnPassant(o, o + STRIDE, us, from, to);
          nodes += below(o, o + STRIDE, us, depth, from, to);
        }
      }
    }
  }

  // Castling (the rights guarantee the king and rook are at home).
  const rights = P[o + CASTLING]!;
  if (!checkers && rights & (us === 0 ? 3 : 12)) {
    const king = us === 0 ? 4 : 60;
    for (const kingSide of [true, false]) {
      const right = us === 0 ? (kingSide ? 1 : 2) : kingSide ? 4 : 8;
      const rook = kingSide ? king + 3 : king - 4, step = kingSide ? 1 : -1;
      if (!(rights & right)) continue;
      if ((BETWEEN[128 * king + 2 * rook]! & occLo) | (BETWEEN[128 * king + 2 * rook + 1]! & occHi)) continue;
      if (attacked(o, us, king + step, occLo, occHi) || attacked(o, us, king + 2 * step, occLo, occHi)) continue;
      if (counting(o, depth)) nodes += 1;
      else {
        makeCastle(o, o + STRIDE, us, kingSide);
        nodes += below(o, o + STRIDE, us, depth, king, king + 2 * step);
      }
    }
  }
  return nodes;
}

// ---- FEN and the kernel ------------------------------------------------------------------------------

/** Reads a canonical FEN into ply 0; returns the side to move. Throws on anything else. */
export function loadFen(fen: string): number {
  const fields = fen.split(' ');
  if (fields.length !== 6) throw new KernelError('not a canonical FEN (6 fields)');
  P.fill(0, 0, STRIDE);
  const ranks = fields[0]!.split('/');
  if (ranks.length !== 8) throw new KernelError('not a canonical FEN (8 ranks)');
  ranks.forEach((row, i) => {
    let file = 0;
    for (const ch of row) {
      if (ch >= '1' && ch <= '8') {
        file += Number(ch);
        continue;
      }
      const s = (7 - i) * 8 + file++;
      const colour = ch === ch.toUpperCase() ? 0 : 1;
      const kind = 'pnbrqk'.indexOf(ch.toLowerCase());
      if (kind < 0 || s > 63) throw new KernelError(`not a canonical FEN (piece '${ch}')`);
      toggle(0, OCCUPIED + 2 * colour, s);
      if (kind === 0) toggle(0, PAWNS + 2 * colour, s);
      if (kind === 1) toggle(0, KNIGHTS + 2 * colour, s);
      if (kind === 2 || kind === 4) toggle(0, DIAGONAL + 2 * colour, s);
      if (kind === 3 || kind === 4) toggle(0, ORTHOGONAL + 2 * colour, s);
      if (kind === 5) P[KINGS + colour] = s;
    }
  });
  const side = fields[1] === 'b' ? 1 : 0;
  let rights = 0;
  for (const ch of fields[2]!) rights |= ({ K: 1, Q: 2, k: 4, q: 8 } as Record<string, number>)[ch] ?? 0;
  P[CASTLING] = rights;
  if (fields[3] !== '-') {
    const ep = 'abcdefgh'.indexOf(fields[3]![0]!) + 8 * (Number(fields[3]![1]) - 1);
    const pa = PAWN_ATTACKS[side ^ 1]!;
    if ((pa[2 * ep]! & P[PAWNS + 2 * side]!) | (pa[2 * ep + 1]! & P[PAWNS + 2 * side + 1]!)) {
      P[EP] = bitLo(ep);
      P[EP + 1] = bitHi(ep);
    }
  }
  return side;
}

export function perft(fen: string, depth: number): number {
  const side = loadFen(fen);
  return depth <= 0 ? 1 : perftAt(0, side, depth);
}

export function divide(fen: string, depth: number): { move: string; nodes: number }[] {
  const side = loadFen(fen);
  if (depth <= 0) return [];
  divideOut = [];
  try {
    perftAt(0, side, depth);
    return divideOut.sort((a, b) => (a.move < b.move ? -1 : a.move > b.move ? 1 : 0));
  } finally {
    divideOut = null;
  }
}

interface Case {
  fen: string;
  depth: number;
  divide: boolean;
}

/** Found by web/src/js-kernels/catalog.ts under this name. */
export const jsKernels: JsKernel<Case>[] = [
  {
    puzzle: 'chess', id: 'classical', group: '',
    summary: 'plain JavaScript: our legal generator with bulk counting, bitboards as 32-bit halves, rays cut at the first blocker',
    prepare: (params: Params) =>
      params.mode !== 'perft' ? { skip: 'attack lookups have no plain-JavaScript kernel; it counts perft nodes' }
        : { fen: String(params.fen), depth: Number(params.depth), divide: params.divide === true },
    run(c): JsOutcome {
      if (c.divide) {
        const list = divide(c.fen, c.depth);
        const nodes = c.depth <= 0 ? 1 : list.reduce((n, e) => n + e.nodes, 0);
        return { answer: { nodes, divide: list }, work: nodes };
      }
      const nodes = perft(c.fen, c.depth);
      return { answer: { nodes }, work: nodes };
    },
  },
];
