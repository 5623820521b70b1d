// Rubik's cube in plain JavaScript: Kociemba's cubie arithmetic on arrays, as the C++ reference
// `scalar` (cpp/puzzles/cube/cube.h, driver.h), with the same ops, random pool and answers. A cube
// is one Uint8Array of 40 bytes: corner permutation and twist, edge permutation and flip.
//   (a·b).p[i] = a.p[b.p[i]],  (a·b).o[i] = a.o[b.p[i]] + b.o[i]  (mod 3 corners, mod 2 edges)
// The engine has already checked and canonicalised the params (moves as "R U2 R'" or one
// 54-letter facelet string), so parsing here only reads what it accepted.
import type { Params } from '../../share/schema';
import { mul32, SplitMix64 } from '../../js-kernels/u64';
import { KernelError, type JsKernel, type JsOutcome } from '../../js-kernels/types';

export type Cube = Uint8Array<ArrayBuffer>;
const CP = 0, CO = 8, EP = 16, EO = 28, SIZE = 40;
/** The largest order of any cube state, as the C++ kMaxOrder. */
const MAX_ORDER = 1260;
/** Random states per benchmark call, as the C++ kPoolSize. */
export const POOL_SIZE = 256;

export function identity(): Cube {
  const c = new Uint8Array(SIZE);
  for (let i = 0; i < 8; ++i) c[CP + i] = i;
  for (let i = 0; i < 12; ++i) c[EP + i] = i;
  return c;
}

/** a, then b, into `out` (which must be neither). */
export function composeInto(out: Cube, a: Cube, b: Cube): Cube {
  for (let i = 0; i < 8; ++i) {
    const p = b[CP + i]!;
    out[CP + i] = a[CP + p]!;
    const o = a[CO + p]! + b[CO + i]!;
    out[CO + i] = o >= 3 ? o - 3 : o;
  }
  for (let i = 0; i < 12; ++i) {
    const p = b[EP + i]!;
    out[EP + i] = a[EP + p]!;
    out[EO + i] = a[EO + p]! ^ b[EO + i]!;
  }
  return out;
}

export const compose = (a: Cube, b: Cube): Cube => composeInto(new Uint8Array(SIZE), a, b);

/** The scatter inverse: inv.p[p[i]] = i, inv.o[i] = -o[inv.p[i]]. */
export function invertInto(out: Cube, a: Cube): Cube {
  for (let i = 0; i < 8; ++i) out[CP + a[CP + i]!] = i;
  for (let i = 0; i < 8; ++i) {
    const o = a[CO + out[CP + i]!]!;
    out[CO + i] = o ? 3 - o : 0;
  }
  for (let i = 0; i < 12; ++i) out[EP + a[EP + i]!] = i;
  for (let i = 0; i < 12; ++i) out[EO + i] = a[EO + out[EP + i]!]!;
  return out;
}

export const invert = (a: Cube): Cube => invertInto(new Uint8Array(SIZE), a);

const equal = (a: Cube, b: Cube) => a.every((x, i) => x === b[i]);

// ---- moves and facelets ------------------------------------------------------------------------

const FACES = 'URFDLB';
// Kociemba's clockwise face turns, faces U R F D L B (cp, co, ep, eo).
const FACE_TURNS: number[][][] = [
  [[3, 0, 1, 2, 4, 5, 6, 7], [0, 0, 0, 0, 0, 0, 0, 0], [3, 0, 1, 2, 4, 5, 6, 7, 8, 9, 10, 11], [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]],
  [[4, 1, 2, 0, 7, 5, 6, 3], [2, 0, 0, 1, 1, 0, 0, 2], [8, 1, 2, 3, 11, 5, 6, 7, 4, 9, 10, 0], [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]],
  [[1, 5, 2, 3, 0, 4, 6, 7], [1, 2, 0, 0, 2, 1, 0, 0], [0, 9, 2, 3, 4, 8, 6, 7, 1, 5, 10, 11], [0, 1, 0, 0, 0, 1, 0, 0, 1, 1, 0, 0]],
  [[0, 1, 2, 3, 5, 6, 7, 4], [0, 0, 0, 0, 0, 0, 0, 0], [0, 1, 2, 3, 5, 6, 7, 4, 8, 9, 10, 11], [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]],
  [[0, 2, 6, 3, 4, 1, 5, 7], [0, 1, 2, 0, 0, 2, 1, 0], [0, 1, 10, 3, 4, 5, 9, 7, 8, 2, 6, 11], [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]],
  [[0, 1, 3, 7, 4, 5, 2, 6], [0, 0, 1, 2, 0, 0, 2, 1], [0, 1, 2, 11, 4, 5, 6, 10, 8, 9, 3, 7], [0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 1, 1]],
];
const fromArrays = ([cp, co, ep, eo]: number[][]): Cube => Uint8Array.from([...cp!, ...co!, ...ep!, ...eo!]);

/** The 18 face turns, index 3 × face + quarter turns − 1. */
export const MOVES: Cube[] = FACE_TURNS.flatMap((turn) => {
  const q = fromArrays(turn), q2 = compose(q, q);
  return [q, q2, compose(q2, q)];
});

const CORNER_FACELET = [[8, 9, 20], [6, 18, 38], [0, 36, 47], [2, 45, 11], [29, 26, 15], [27, 44, 24], [33, 53, 42], [35, 17, 51]];
const EDGE_FACELET = [[5, 10], [7, 19], [3, 37], [1, 46], [32, 16], [28, 25], [30, 43], [34, 52], [23, 12], [21, 41], [50, 39], [48, 14]];
const CORNER_COLOUR = ['URF', 'UFL', 'ULB', 'UBR', 'DFR', 'DLF', 'DBL', 'DRB'];
const EDGE_COLOUR = ['UR', 'UF', 'UL', 'UB', 'DR', 'DF', 'DL', 'DB', 'FR', 'FL', 'BL', 'BR'];

export function toFacelets(c: Cube): string {
  const s: string[] = new Array(54).fill('?');
  for (let f = 0; f < 6; ++f) s[9 * f + 4] = FACES[f]!;
  for (let i = 0; i < 8; ++i)
    for (let k = 0; k < 3; ++k) s[CORNER_FACELET[i]![(k + c[CO + i]!) % 3]!] = CORNER_COLOUR[c[CP + i]!]![k]!;
  for (let i = 0; i < 12; ++i)
    for (let k = 0; k < 2; ++k) s[EDGE_FACELET[i]![(k + c[EO + i]!) % 2]!] = EDGE_COLOUR[c[EP + i]!]![k]!;
  return s.join('');
}

export function fromFacelets(s: string): Cube {
  const c = new Uint8Array(SIZE);
  for (let i = 0; i < 8; ++i) {
    const f = CORNER_FACELET[i]!;
    const ori = [0, 1, 2].find((o) => s[f[o]!] === 'U' || s[f[o]!] === 'D');
    const j = ori === undefined ? -1 : CORNER_COLOUR.findIndex((col) => col[1] === s[f[(ori + 1) % 3]!] && col[2] === s[f[(ori + 2) % 3]!]);
    if (j < 0) throw new KernelError(`the corner at position ${i} is not a cube corner`);
    c[CP + i] = j;
    c[CO + i] = ori!;
  }
  for (let i = 0; i < 12; ++i) {
    const [a, b] = [s[EDGE_FACELET[i]![0]!], s[EDGE_FACELET[i]![1]!]];
    const j = EDGE_COLOUR.findIndex((col) => col === `${a}${b}` || col === `${b}${a}`);
    if (j < 0) throw new KernelError(`the edge at position ${i} is not a cube edge`);
    c[EP + i] = j;
    c[EO + i] = EDGE_COLOUR[j] === `${a}${b}` ? 0 : 1;
  }
  return c;
}

/** A cube input as the engine canonicalised it: one facelet word, or moves separated by spaces
 * (a face letter, then nothing, 2 or '); the factors whose product is the cube. */
export function parseCubeInput(text: string): Cube[] {
  const words = text.split(' ').filter((w) => w.length > 0);
  if (words.length === 1 && words[0]!.length === 54) return [fromFacelets(words[0]!)];
  return words.map((w) => {
    const face = FACES.indexOf(w[0] ?? '');
    const quarters = w.length === 1 ? 1 : w[1] === '2' ? 2 : w[1] === "'" ? 3 : 0;
    if (face < 0 || quarters === 0 || w.length > 2) throw new KernelError(`not a canonical move: ${w}`);
    return MOVES[3 * face + quarters - 1]!;
  });
}

// ---- random states (cube.cpp's Rng and random_cube) ---------------------------------------------

class CubeRng {
  private rng: SplitMix64;
  constructor(seed: number) {
    this.rng = new SplitMix64(seed);
  }
  /** Uniform in [0, n), Lemire's multiply-shift with rejection, as Rng::below. */
  below(n: number): number {
    const threshold = (2 ** 32 - n) % n;
    for (;;) {
      this.rng.next();
      const [lo, hi] = mul32(this.rng.outHi, n);
      if (lo >= threshold) return hi;
    }
  }
}

const oddPermutation = (p: ArrayLike<number>, from: number, n: number) => {
  let inversions = 0;
  for (let i = 0; i < n; ++i) for (let j = i + 1; j < n; ++j) if (p[from + i]! > p[from + j]!) inversions++;
  return inversions % 2 === 1;
};

export function randomCubes(seed: number, count: number): Cube[] {
  const rng = new CubeRng(seed);
  const out: Cube[] = [];
  for (let k = 0; k < count; ++k) {
    const c = identity();
    const swap = (a: number, b: number) => ([c[a], c[b]] = [c[b]!, c[a]!]);
    for (let i = 7; i > 0; --i) swap(CP + i, CP + rng.below(i + 1));
    for (let i = 11; i > 0; --i) swap(EP + i, EP + rng.below(i + 1));
    let twist = 0, flip = 0;
    for (let i = 0; i < 7; ++i) twist += c[CO + i] = rng.below(3);
    for (let i = 0; i < 11; ++i) flip += c[EO + i] = rng.below(2);
    c[CO + 7] = (3 - (twist % 3)) % 3;
    c[EO + 11] = flip % 2;
    if (oddPermutation(c, CP, 8) !== oddPermutation(c, EP, 12)) swap(EP, EP + 1);
    out.push(c);
  }
  return out;
}

// ---- the ops (driver.h) --------------------------------------------------------------------------

interface Case {
  op: string;
  first: Cube[];
  second: Cube[];
  pool: Cube[];
  /** The throughput runs' results, reused by every call. */
  out: Cube[];
  /** Benchmark ops: passes over the pool in one call (the param `repeat`, as Cube::run loops). */
  repeat: number;
}

// The product of n factors, left to right, in two buffers used in turn (no allocation per step).
const product = (factors: readonly Cube[]): Cube => {
  let x = identity(), y = new Uint8Array(SIZE);
  for (const f of factors) [x, y] = [composeInto(y, x, f), x];
  return x;
};

/** The product of a throughput run's results, in order: one state that changes if any does. */
const fold = (results: readonly Cube[]) => product(results);

export function prepareCube(params: Params): Case {
  const op = String(params.op);
  const c: Case = { op, first: [], second: [], pool: [], out: [], repeat: Number(params.repeat ?? 1) };
  if (op === 'random' || op.endsWith('-throughput') || op.endsWith('-latency')) {
    const cubes = randomCubes(Number(params.seed), op === 'random' ? 1 : POOL_SIZE);
    if (op === 'random') c.first = cubes;
    else c.pool = cubes;
  } else {
    c.first = parseCubeInput(String(params.moves));
    if (op === 'compose') c.second = parseCubeInput(String(params.with));
  }
  c.out = c.pool.map(() => new Uint8Array(SIZE));
  return c;
}

/** One call: `repeat` passes of the op over the pool (each pass writes the same results or starts
 * its chain from the identity again, so the answer is one pass's), with the work of all passes.
 * Ops that read no pool run once, as in the engine, which leaves repeat out of their params. */
export function runCube(c: Case): JsOutcome {
  const passes = c.pool.length ? c.repeat : 1;
  let outcome = runCubeOnce(c);
  for (let i = 1; i < passes; ++i) outcome = runCubeOnce(c);
  return { answer: outcome.answer, work: outcome.work * passes };
}

function runCubeOnce(c: Case): JsOutcome {
  const n = c.pool.length;
  // Answers are made after the timed call, as the engine's answer_json (a throughput run's
  // results folded into one state, the state spelled as facelets).
  const answer = (x: Cube, extra: Record<string, unknown> = {}) => () => ({ facelets: toFacelets(x), ...extra });
  switch (c.op) {
    case 'apply':
    case 'random':
      return { answer: answer(product(c.first)), work: c.first.length };
    case 'compose':
      return { answer: answer(compose(product(c.first), product(c.second))), work: c.first.length + c.second.length + 1 };
    case 'invert':
      return { answer: answer(invert(product(c.first))), work: c.first.length + 1 };
    case 'order': {
      const x = product(c.first), id = identity();
      let y = x.slice(), spare = new Uint8Array(SIZE), k = 1;
      while (!equal(y, id) && k < MAX_ORDER) {
        [y, spare] = [composeInto(spare, y, x), y];
        ++k;
      }
      const order = equal(y, id) ? k : 0;
      return { answer: answer(x, { order }), work: c.first.length + (order || MAX_ORDER) - 1 };
    }
    case 'compose-throughput':
      for (let i = 0; i < n; ++i) composeInto(c.out[i]!, c.pool[i]!, c.pool[(i + 1) % n]!);
      return { answer: () => answer(fold(c.out))(), work: n };
    case 'compose-latency':
      return { answer: answer(product(c.pool)), work: n };
    case 'invert-throughput':
      for (let i = 0; i < n; ++i) invertInto(c.out[i]!, c.pool[i]!);
      return { answer: () => answer(fold(c.out))(), work: n };
    case 'invert-latency': {
      let x = identity();
      const inv = new Uint8Array(SIZE);
      let spare = new Uint8Array(SIZE);
      for (let i = 0; i < n; ++i) [x, spare] = [composeInto(spare, invertInto(inv, x), c.pool[i]!), x];
      return { answer: answer(x), work: n };
    }
  }
  throw new KernelError(`unknown op ${c.op}`);
}

/** Found by web/src/js-kernels/catalog.ts under this name. */
export const jsKernels: JsKernel<Case>[] = [
  {
    puzzle: 'cube', id: 'scalar', group: '',
    summary: 'plain JavaScript: cp/co/ep/eo in one Uint8Array, table lookups to compose, a scatter to invert',
    prepare: (params) => prepareCube(params),
    run: runCube,
  },
];
