// N-queens in plain JavaScript: Somers' bitmask backtracking with mirror halving, as the C++
// reference `bitmask-recursive` (cpp/puzzles/nqueens/bitmask.cpp), and the unique count by
// Burnside's lemma from the two rotation-fixed searches (nqueens.cpp). Masks are 32-bit numbers,
// which JavaScript's bitwise operators handle natively up to N = 20; the diagonal index sets of
// the rotation searches (2N - 1 bits) live in typed arrays instead of 64-bit words.
import type { JsKernel, JsOutcome } from '../../js-kernels/types';

interface Case {
  n: number;
}

function countBelow(full: number, cols: number, ld: number, rd: number, avail: number, nodes: { n: number }): number {
  let found = 0;
  while (avail) {
    const bit = avail & -avail; // lowest free square
    avail ^= bit;
    nodes.n++;
    const c = cols | bit;
    if (c === full) {
      found++;
      continue;
    }
    const l = (ld | bit) << 1, r = (rd | bit) >>> 1;
    found += countBelow(full, c, l, r, full & ~(c | l | r), nodes);
  }
  return found;
}

/** Solutions unchanged by a half turn (queens in pairs (r, c) / (n-1-r, n-1-c)). */
function halfTurnFixed(n: number): number {
  const cols = new Uint8Array(n), d1 = new Uint8Array(2 * n), d2 = new Uint8Array(2 * n);
  const free = (r: number, c: number) => !cols[c] && !d1[r + c] && !d2[r - c + n - 1];
  const set = (r: number, c: number, v: number) => {
    cols[c] = v;
    d1[r + c] = v;
    d2[r - c + n - 1] = v;
  };
  const count = (r: number): number => {
    if (r === n >> 1) return n % 2 === 0 ? 1 : free(r, r) ? 1 : 0; // odd N: the centre square
    let found = 0;
    for (let c = 0; c < n; ++c) {
      const r2 = n - 1 - r, c2 = n - 1 - c;
      if (!free(r, c)) continue;
      set(r, c, 1);
      if (free(r2, c2)) {
        set(r2, c2, 1);
        found += count(r + 1);
        set(r2, c2, 0);
      }
      set(r, c, 0);
    }
    return found;
  };
  return count(0);
}

/** Solutions unchanged by a quarter turn: each queen brings its orbit of four. */
function quarterTurnFixed(n: number): number {
  if (n % 4 !== 0 && n % 4 !== 1) return 0;
  const rows = new Uint8Array(n), cols = new Uint8Array(n), d1 = new Uint8Array(2 * n), d2 = new Uint8Array(2 * n);
  const placed: [number, number][] = [];
  const place = (r: number, c: number): boolean => {
    if (rows[r] || cols[c] || d1[r + c] || d2[r - c + n - 1]) return false;
    rows[r] = cols[c] = d1[r + c] = d2[r - c + n - 1] = 1;
    placed.push([r, c]);
    return true;
  };
  const undoTo = (size: number) => {
    while (placed.length > size) {
      const [r, c] = placed.pop()!;
      rows[r] = cols[c] = d1[r + c] = d2[r - c + n - 1] = 0;
    }
  };
  const count = (): number => {
    const r = rows.indexOf(0);
    if (r < 0) return 1;
    let found = 0;
    for (let c = 0; c < n; ++c) {
      if (cols[c]) continue;
      const mark = placed.length;
      const centre = r === c && 2 * r === n - 1;
      const ok = centre ? place(r, c) : place(r, c) && place(c, n - 1 - r) && place(n - 1 - r, n - 1 - c) && place(n - 1 - c, r);
      if (ok) found += count();
      undoTo(mark);
    }
    return found;
  };
  return count();
}

export function uniqueByBurnside(n: number, total: number): number {
  if (n === 1) return total;
  return (total + 2 * quarterTurnFixed(n) + halfTurnFixed(n)) / 8;
}

/** Totals by mirror halving: the row-0 queen in the left half, counted twice (odd N: the middle
 * column's row-1 queen in the left half). Nodes as the C++ kernels count them. */
export function countNQueens(n: number): { total: number; unique: number; nodes: number } {
  const full = (1 << n) - 1; // N <= 20: a positive 32-bit number
  const nodes = { n: 0 };
  let total = 0;
  const branches: { first: number; second: number; weight: number }[] = [];
  if (n === 1) branches.push({ first: 1, second: 0, weight: 1 });
  else {
    for (let c = 0; c < n >> 1; ++c) branches.push({ first: 1 << c, second: full, weight: 2 });
    if (n % 2) branches.push({ first: 1 << (n >> 1), second: (1 << (n >> 1)) - 1, weight: 2 });
  }
  for (const b of branches) {
    nodes.n++;
    if (b.first === full) {
      total += b.weight;
      continue;
    }
    const ld = b.first << 1, rd = b.first >>> 1;
    total += b.weight * countBelow(full, b.first, ld, rd, full & ~(b.first | ld | rd) & b.second, nodes);
  }
  return { total, unique: uniqueByBurnside(n, total), nodes: nodes.n };
}

/** Found by web/src/js-kernels/catalog.ts under this name. */
export const jsKernels: JsKernel<Case>[] = [
  {
    puzzle: 'nqueens',
    id: 'bitmask-recursive',
    group: '',
    summary: 'plain JavaScript: Somers-style recursive bitmask backtracking with mirror halving, on 32-bit numbers',
    prepare: (params) => ({ n: Number(params.n) }),
    run(c): JsOutcome {
      const r = countNQueens(c.n);
      return { answer: { total: r.total, unique: r.unique }, work: r.nodes };
    },
  },
];
