// N-queens: the explainer, the board drawing, and what a search's work can be.
import { h, sourceLink } from '../../app/dom';
import type { PuzzleView } from '../../app/puzzle-view';
import type { Params } from '../../share/schema';
import type { PageRecord, WorkRules } from '../../share/verify';
import './view.css';

function explainer(): HTMLElement {
  return h(
    'div',
    { className: 'explainer' },
    h('p', {}, 'Place N queens on an N×N board so that none attacks another; count every way, and the ways that are different up to rotation and reflection.'),
    h('ul', {},
      h('li', {}, h('b', {}, 'Bitmask backtracking. '), 'A row is three bitmasks: columns taken, and the two diagonal directions, shifted one place per row. Free squares are ~(cols | ld | rd); the lowest one is x & −x. The reference also places the first queen only in the left half and counts twice (mirror halving).'),
      h('li', {}, h('b', {}, 'simd-state. '), "davidad's trick: the three masks are lanes of one 128-bit register. One OR marks the new queen in all three, one shift-and-blend moves them to the next row, and OR-ing the register with itself moved down one and two lanes gives the attacked squares."),
      h('li', {}, h('b', {}, 'simd-lanes. '), 'One search per vector lane, all stepping together with no branches: lanes that run out of squares pop their own stack (a gather), lanes that go deeper push (a scatter), lanes that finish a subtree take the next one.'),
      h('li', {}, h('b', {}, 'simd-compact. '), 'Instead of one search per lane, batches of board states: each lane tries one square, and the children that still have room are compress-stored into the next row’s queue. No lane idles and no gather is needed.'),
      h('li', {}, h('b', {}, 'symmetry. '), 'Counts each family of 8 rotated or reflected solutions once, searching only boards whose queen nearest a corner sits in the first row, then weighs each family by its size.'),
      h('li', {}, h('b', {}, 'simd-symmetry. '), 'The same reduced search as compaction batches. A batch has no whole board to compare with its mirror images, so each solution is weighted instead: by one over the number of the square’s 8 corner-and-edge "flags" whose edge queen is as close to its corner as the first row’s. The 8 symmetries map flags to flags one to one, so every family adds up to exactly one eighth of its size.'),
      h('li', {}, h('b', {}, 'Unique counts. '), 'The other kernels use Burnside’s lemma: unique = (total + 2·quarter-turn-symmetric + half-turn-symmetric) / 8, the two symmetric counts coming from tiny searches that place whole orbits of queens.'),
    ),
    h('p', {}, 'Sources: ', sourceLink('https://davidad.github.io/blog/2014/02/25/overkilling-the-8-queens-problem/', 'davidad, “Overkilling the 8-queens problem”'), ' · Jeff Somers’ nq.c · OEIS A000170 and A002562.'),
  );
}

function illustrate(data: unknown): HTMLElement | null {
  const d = data as { n?: unknown; solution?: unknown };
  if (typeof d?.n !== 'number' || !Number.isInteger(d.n) || d.n < 1 || d.n > 20) return null;
  const n = d.n;
  if (d.solution === null) return h('p', { className: 'board-note' }, `No solution exists for N = ${n}.`);
  const solution = d.solution;
  if (!Array.isArray(solution) || solution.length !== n || !solution.every((c) => Number.isInteger(c) && c >= 0 && c < n)) return null;

  // SVG built with DOM calls, like everything else: no markup strings.
  const svgNs = 'http://www.w3.org/2000/svg';
  const cell = 24;
  const svg = document.createElementNS(svgNs, 'svg');
  svg.setAttribute('viewBox', `0 0 ${n * cell} ${n * cell}`);
  svg.setAttribute('class', 'board');
  svg.setAttribute('role', 'img');
  svg.setAttribute('aria-label', `one solution for N = ${n}`);
  for (let r = 0; r < n; ++r) {
    for (let c = 0; c < n; ++c) {
      const square = document.createElementNS(svgNs, 'rect');
      square.setAttribute('x', String(c * cell));
      square.setAttribute('y', String(r * cell));
      square.setAttribute('width', String(cell));
      square.setAttribute('height', String(cell));
      square.setAttribute('class', (r + c) % 2 ? 'dark' : 'light');
      svg.appendChild(square);
    }
    const queen = document.createElementNS(svgNs, 'text');
    queen.setAttribute('x', String(solution[r] * cell + cell / 2));
    queen.setAttribute('y', String(r * cell + cell * 0.78));
    queen.setAttribute('class', 'queen');
    queen.textContent = '♛';
    svg.appendChild(queen);
  }
  return h('figure', { className: 'board-figure' }, svg, h('figcaption', {}, `The first solution in column order, N = ${n}.`));
}

/** The most nodes any search of n queens visits: the tree of column-distinct placements,
 * Σ n!/(n − k)! over k = 0..n (at most e·n!). */
export function placements(n: number): number {
  let total = 1;
  let level = 1;
  for (let k = 1; k <= n; ++k) total += level *= n - k + 1;
  return total;
}

// Work: nodes of the backtracking search. Every distinct solution is a node each kernel visits (the
// symmetric ones visit one per family), and no kernel visits more than every placement. Rate: the
// best kernel here does 1.4 nodes per ns natively (simd-compact avx512, n = 12); 50 is out of
// reach of any core.
const work: WorkRules = {
  maxUnitsPerNs: { nodes: 50 },
  workProblem(r) {
    const n = Number(r.params.n);
    if (!Number.isInteger(n) || n < 1 || n > 20) return null; // the engine says what is wrong with n
    if (r.work > placements(n)) return `work of ${r.work.toLocaleString('en-US')} nodes for n = ${n}, more than the ${placements(n).toLocaleString('en-US')} placements a search can visit`;
    const unique = r.answer.unique;
    // No work counted (a user's kernel, app/playground/: the engine cannot see its nodes) claims
    // no rate either (0 nodes per second), so there is nothing to check.
    if (r.work === 0 && r.timing?.units_per_second === 0) return null;
    if (typeof unique === 'number' && r.work < unique) return `work of ${r.work.toLocaleString('en-US')} nodes for ${unique.toLocaleString('en-US')} distinct solutions (each is a node the search visits)`;
    return null;
  },
};

// Nodes the reference search (bitmask-recursive) visits for n = 0..16, measured (its records'
// work). Past 16 each step multiplies them by 0.4 more than the step before did (5.85, 6.26 and
// 6.67 from 13 to 16): an estimate, for the warning before a run that would take hours.
const REFERENCE_NODES = [0, 1, 1, 3, 8, 27, 76, 276, 1028, 4197, 17769, 83463, 428094, 2337445, 13679276, 85564536, 570595151];
// The slowest kernels do about this many ns per node in wasm on a desktop core, when the page has
// not timed this machine yet.
const DEFAULT_NS_PER_NODE = 10;

export function referenceNodes(n: number): number {
  if (n < REFERENCE_NODES.length) return REFERENCE_NODES[n]!;
  let nodes = REFERENCE_NODES[16]!;
  for (let k = 17, step = 6.67; k <= n; ++k) nodes *= step += 0.4;
  return nodes;
}

function estimateSeconds(params: Params, mine: readonly PageRecord[]): number | null {
  const n = Number(params.n);
  if (!Number.isInteger(n) || n < 1 || n > 20) return null;
  // The slowest kernel the viewer has timed here tells this machine's pace.
  const seen = mine.flatMap((r) => (r.timing && r.work > 100 ? [r.timing.ns_per_unit] : []));
  return (referenceNodes(n) * (seen.length ? Math.max(...seen) : DEFAULT_NS_PER_NODE)) / 1e9;
}

export const view: PuzzleView = {
  id: 'nqueens',
  describeCase: (p) => `N = ${String(p.n)}`,
  order: 1,
  estimateSeconds,
  explainer,
  illustrate,
  work,
  // n = 12, not the default n = 8: at n = 8 the whole search is about 1,000 nodes, so the lane and
  // batch kernels measure their set-up, not SIMD; n = 12 (0.2-9 ms a call) shows it and stays quick.
  suite: { cases: (c) => c.params.n === 12, why: 'n = 12: at the default n = 8 the search is too small for the SIMD kernels to show anything but their set-up' },
  benchGroups: [
    { label: 'quick (n=8, n=12)', cases: (c) => c.params.n === 8 || c.params.n === 12 },
    { label: 'all (n=8 to n=16, minutes)', cases: () => true },
  ],
};
