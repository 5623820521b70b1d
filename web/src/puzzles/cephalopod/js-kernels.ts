// Cephalopod in plain JavaScript: breadth first over symmetry classes with a Map per depth, the
// search of the C++ `swar-bfs-sym` (cpp/puzzles/cephalopod/bfs_sym.h) written the way a
// TypeScript programmer would: a Map from canonical board to its place in a Uint32Array of
// per-orientation path counts. The board is the same 27-bit spiral word (board.h) with the same
// SWAR move generation and the same canonical form (the smallest of the 8 images), since a
// 32-bit word is what JavaScript's bitwise operators work on anyway. The answer is the sum of the
// final boards' hashes mod 2^30; counts and sums wrap mod 2^32 like the C++ u32s.
import type { Params } from '../../share/schema';
import type { JsKernel, JsOutcome } from '../../js-kernels/types';

const RING = 0xffffff, CENTRE_BITS = 7 << 24;
const LOW = 0x1249249, HIGH = LOW << 2, LOW3 = LOW * 3, RING_LOW = LOW & RING;
const EDGE_HIGH = 0x820820;
const SPIRAL_OF_CELL = [0, 1, 2, 7, 8, 3, 6, 5, 4];
const CELL_OF_SPIRAL = [0, 1, 2, 5, 8, 7, 6, 3, 4];
const MODULUS = 2 ** 30;

const zmask = (x: number) => ((((x & LOW3) + LOW3) | x) & HIGH) ^ HIGH;
const fillFields = (h: number) => h | (h >>> 1) | (h >>> 2);
const sevens = (x: number) => x & (x << 1) & (x << 2) & HIGH;
function addSaturate(a: number, b: number): number {
  const low = (a & LOW3) + (b & LOW3);
  const sum = (low & LOW3) | ((a ^ b ^ low) & HIGH);
  const carry = ((a & b) | (low & (a ^ b))) & HIGH;
  return sum | fillFields(carry);
}
export const isFull = (b: number) => zmask(b) === 0;
const ringMask = (p: number) => 7 << (3 * (p & 7));

function rotateRing(ring: number, k: number): number {
  const s = 3 * (k & 7);
  return s === 0 ? ring : ((ring << s) | (ring >>> (24 - s))) & RING;
}
const rotate = (b: number, quarterTurns: number) => rotateRing(b & RING, 2 * quarterTurns) | (b & CENTRE_BITS);
function transpose(b: number): number {
  let r = b & RING;
  r = ((r & 0x1c71c7) << 3) | ((r >>> 3) & 0x1c71c7);
  r = ((r & 0x03f03f) << 6) | ((r >>> 6) & 0x03f03f);
  r = ((r & 0x000fff) << 12) | (r >>> 12);
  return rotateRing(r, 1) | (b & CENTRE_BITS);
}
/** t_k(b): R^k for k < 4, R^(k-4) after the transpose for k >= 4. */
export const applySymmetry = (k: number, b: number) => rotate(k < 4 ? b : transpose(b), k & 3);

const imageOf = (k: number, p: number) => (p === 8 ? 8 : ((k < 4 ? p : (8 - p) & 7) + 2 * (k & 3)) & 7);
// t_{COMPOSE[a][b]} = t_a o t_b, and each transform's inverse.
const COMPOSE: number[][] = [];
const INVERSE: number[] = [];
for (let a = 0; a < 8; ++a) {
  COMPOSE.push([]);
  for (let b = 0; b < 8; ++b)
    for (let c = 0; c < 8; ++c)
      if ([...Array(9).keys()].every((p) => imageOf(c, p) === imageOf(a, imageOf(b, p)))) COMPOSE[a]![b] = c;
}
for (let a = 0; a < 8; ++a) INVERSE[a] = COMPOSE[a]!.indexOf(0);
// A child stored as t_j(x) reads its slot k from the parent's slot k o t_j.
const COUNT_FROM: number[][] = [...Array(8).keys()].map((j) => [...Array(8).keys()].map((k) => COMPOSE[k]![j]!));

/** The smallest of the 8 images, and which transform gives it (the smallest on ties). */
export function canonicalize(b: number): { board: number; sym: number } {
  let best = b * 8;
  const t = transpose(b);
  for (let k = 1; k < 8; ++k) {
    const packed = rotate(k < 4 ? b : t, k & 3) * 8 + k;
    if (packed < best) best = packed;
  }
  return { board: best >>> 3, sym: best & 7 };
}

/** The 9 row-major digits read as a decimal number. */
const DIGIT_WEIGHT = [...Array(9).keys()].map((p) => 10 ** (8 - CELL_OF_SPIRAL[p]!));
export function hash(b: number): number {
  let h = 0;
  for (let p = 0; p < 9; ++p) h += ((b >>> (3 * p)) & 7) * DIGIT_WEIGHT[p]!;
  return h;
}

export function encode(digits: readonly number[]): number {
  let b = 0;
  for (let cell = 0; cell < 9; ++cell) b |= digits[cell]! << (3 * SPIRAL_OF_CELL[cell]!);
  return b;
}

/** Every legal move of a non-full board into `out` (room for 52); returns how many. board.h's
 * write_children, line for line. */
export function writeChildren(b: number, out: Uint32Array): number {
  const empty = zmask(b);
  const b7 = b | fillFields(empty);
  const ring = b7 & RING;
  const prev = rotateRing(ring, 1), next = rotateRing(ring, 7);
  const centre = Math.imul(b7 >>> 24, RING_LOW);
  const pn = addSaturate(prev, next), pc = addSaturate(prev, centre), nc = addSaturate(next, centre), pnc = addSaturate(pn, centre);
  const ringEmpty = empty & RING;
  const okPn = ringEmpty & ~sevens(pn);
  const okPc = ringEmpty & EDGE_HIGH & ~sevens(pc);
  const okNc = ringEmpty & EDGE_HIGH & ~sevens(nc);
  const okPnc = ringEmpty & EDGE_HIGH & ~sevens(pnc);
  const okOne = ringEmpty & ~(okPn | okPc | okNc | okPnc);
  let n = 0;
  for (let m = ringEmpty; m; m &= m - 1) {
    const h = 31 - Math.clz32(m & -m);
    const f = 7 << (h - 2);
    const fPrev = ((f >>> 3) | (f << 21)) & RING;
    const fNext = ((f << 3) | (f >>> 21)) & RING;
    out[n] = (b & ~(fPrev | fNext)) | (pn & f);
    n += (okPn >>> h) & 1;
    out[n] = (b & ~(fPrev | CENTRE_BITS)) | (pc & f);
    n += (okPc >>> h) & 1;
    out[n] = (b & ~(fNext | CENTRE_BITS)) | (nc & f);
    n += (okNc >>> h) & 1;
    out[n] = (b & ~(fPrev | fNext | CENTRE_BITS)) | (pnc & f);
    n += (okPnc >>> h) & 1;
    out[n] = b | (1 << (h - 2));
    n += (okOne >>> h) & 1;
  }
  if (empty & CENTRE_BITS) {
    const edges = ring & 0xe38e38;
    const edges4 = rotateRing(edges, 4);
    const adj = addSaturate(edges, rotateRing(edges, 6));
    const opp = addSaturate(edges, edges4);
    const tri = addSaturate(adj, edges4);
    const quad = addSaturate(adj, rotateRing(adj, 4));
    const okAdj = EDGE_HIGH & ~sevens(adj), okTri = EDGE_HIGH & ~sevens(tri);
    const okOpp = 0x820 & ~sevens(opp), okQuad = 0x20 & ~sevens(quad);
    const atCentre = (sums: number, p: number) => ((sums >>> (3 * p)) & 7) << 24;
    for (let p = 1; p < 8; p += 2) {
      out[n] = (b & ~(ringMask(p) | ringMask(p + 2))) | atCentre(adj, p);
      n += (okAdj >>> (3 * p + 2)) & 1;
      out[n] = (b & ~(ringMask(p) | ringMask(p + 2) | ringMask(p + 4))) | atCentre(tri, p);
      n += (okTri >>> (3 * p + 2)) & 1;
    }
    for (let p = 1; p < 4; p += 2) {
      out[n] = (b & ~(ringMask(p) | ringMask(p + 4))) | atCentre(opp, p);
      n += (okOpp >>> (3 * p + 2)) & 1;
    }
    out[n] = (b & ~0xe38e38) | atCentre(quad, 1);
    n += (okQuad >>> 5) & 1;
    out[n] = b | (1 << 24);
    n += (okAdj | okTri | okOpp | okQuad) === 0 ? 1 : 0;
  }
  return n;
}

/** One depth's classes: canonical boards in arrival order, 8 path counts each. */
class Level {
  readonly index = new Map<number, number>();
  boards: number[] = [];
  counts = new Uint32Array(8 * 1024);

  /** The slot of `board`, added with zero counts if new. */
  slot(board: number): number {
    let i = this.index.get(board);
    if (i === undefined) {
      i = this.boards.length;
      this.index.set(board, i);
      this.boards.push(board);
      if (8 * (i + 1) > this.counts.length) {
        const grown = new Uint32Array(this.counts.length * 2);
        grown.set(this.counts);
        this.counts = grown;
      }
    }
    return i;
  }
}

export function solveCephalopod(start: number, depth: number): { sum: number; expanded: number } {
  if (depth === 0 || isFull(start)) return { sum: hash(start) % MODULUS, expanded: 0 };
  let level = new Level();
  const c0 = canonicalize(start);
  level.counts[8 * level.slot(c0.board) + INVERSE[c0.sym]!] = 1; // start = t_sym^-1(c0)
  const kids = new Uint32Array(64);
  let sum = 0, expanded = 0;
  for (let turn = 1; turn <= depth; ++turn) {
    const last = turn === depth;
    const next = new Level();
    expanded += level.boards.length;
    const counts = level.counts;
    for (let i = 0; i < level.boards.length; ++i) {
      const n = writeChildren(level.boards[i]!, kids);
      const base = 8 * i;
      for (let k = 0; k < n; ++k) {
        const x = kids[k]!;
        if (last || isFull(x)) {
          // Final: the paths ending on t_g(parent) end on t_g(x).
          for (let g = 0; g < 8; ++g) if (counts[base + g]) sum = (sum + Math.imul(counts[base + g]!, hash(applySymmetry(g, x)))) >>> 0;
          continue;
        }
        const cx = canonicalize(x);
        const to = 8 * next.slot(cx.board);
        const from = COUNT_FROM[cx.sym]!;
        for (let g = 0; g < 8; ++g) next.counts[to + g] += counts[base + from[g]!]!; // wraps mod 2^32
      }
    }
    level = next;
  }
  return { sum: sum % MODULUS, expanded };
}

interface Case {
  board: number;
  depth: number;
}

/** Found by web/src/js-kernels/catalog.ts under this name. */
export const jsKernels: JsKernel<Case>[] = [
  {
    puzzle: 'cephalopod', id: 'swar-bfs-sym', group: '',
    summary: 'plain JavaScript: BFS over symmetry classes with a Map per depth, SWAR moves on the 27-bit word',
    prepare: (params: Params) => ({ board: encode(String(params.board).split('').map(Number)), depth: Number(params.depth) }),
    run(c): JsOutcome {
      const r = solveCephalopod(c.board, c.depth);
      return { answer: { sum: r.sum, states_expanded: r.expanded }, work: r.expanded };
    },
  },
];
