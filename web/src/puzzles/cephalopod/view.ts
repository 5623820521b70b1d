// Cephalopod (CodinGame Spring Challenge 2025): a board editor, the 27-bit board word drawn cell
// by cell, and the search made visible: distinct boards and symmetry classes per depth, the reason
// merging and symmetry win, and the layered kernel's (P, m) layers, the reason it expands less.
// Everything shown comes from Cephalopod::illustrate (C++), checked here.
import { CategoryScale, Chart, Legend, LineController, LineElement, LogarithmicScale, PointElement, Tooltip } from 'chart.js';
import { z } from 'zod';
import { h, scrollBox, sourceLink } from '../../app/dom';
import type { Params } from '../../share/schema';
import type { ParamsEditor, PuzzleView } from '../../app/puzzle-view';
import './view.css';

Chart.register(LineController, LineElement, PointElement, CategoryScale, LogarithmicScale, Legend, Tooltip);

const CELLS = 9;
const MAX_VALUE = 6;

const IllustrationSchema = z.object({
  digits: z.array(z.number().int().min(0).max(MAX_VALUE)).length(CELLS),
  board: z.string().regex(/^[0-6]{9}$/),
  depth: z.number().int().min(0).max(40),
  word: z.number().int().min(0).max(2 ** 27 - 1),
  word_hex: z.string().max(16),
  cells: z
    .array(z.object({ cell: z.number().int(), row: z.number().int(), col: z.number().int(), value: z.number().int(), position: z.number().int().min(0).max(8), shift: z.number().int() }))
    .length(CELLS),
  levels: z.array(z.object({ depth: z.number().int(), boards: z.number().nonnegative(), classes: z.number().nonnegative(), full: z.number().nonnegative() })).max(41),
  levels_complete: z.boolean(),
  // The layered kernel's (P, m) layers: P the pip sum, m = P - dice (at most 55 x 46 of them).
  layers: z
    .array(z.object({ pips: z.number().int().min(0).max(54), m: z.number().int().min(0).max(45), width: z.number().int().min(1).max(41), first_depth: z.number().int().min(0).max(40), boards: z.number().int().min(1), states: z.number().int().min(1) }))
    .max(55 * 46),
  layers_complete: z.boolean(),
  layer_boards: z.number().int().nonnegative(),
  layer_states: z.number().int().nonnegative(),
});
type Illustration = z.infer<typeof IllustrationSchema>;

function explainer(): HTMLElement {
  return h(
    'div',
    { className: 'explainer' },
    h('p', {}, 'A 3×3 board of dice (1 to 6, 0 for empty). Each turn places a die on an empty cell: if two to four of its orthogonal neighbours sum to at most 6, it may capture them (every such combination is a different move) and shows their sum; otherwise it shows a 1. A game ends when the board is full or the depth is reached; the answer sums every final board’s 9-digit number over every move sequence, mod 2³⁰.'),
    h('ul', {},
      h('li', {}, h('b', {}, 'SWAR boards. '), 'The board is 27 bits of one 32-bit word, 3 per cell, never decoded. Adding neighbour values cell-wise with a saturating add (a carry into the top bit means "more than 6") and a zero mask (the top bit of each empty cell) find every capture without a loop over cells.'),
      h('li', {}, h('b', {}, 'Spiral order. '), 'Cells are stored around the ring (corners and edges alternating) with the centre last, so a quarter turn is a rotation of the 24-bit ring by 6 bits: two shifts. The 8 symmetries are the 4 rotations of the board and of its transpose.'),
      h('li', {}, h('b', {}, 'Merging and symmetry. '), 'Many move sequences reach the same board: the BFS kernels keep one entry per distinct board with a path count, and the symmetric ones one entry per class of 8 images with a count per orientation (the hash is not symmetric, so the orientation is kept and undone when summing). The chart below shows how many of each there are per depth.'),
      h('li', {}, h('b', {}, 'Cached DFS. '), 'Karang’s shape: explicit stacks and a (board, depth) cache of subtree sums, re-oriented through the symmetry permutation; the 8 images in one AVX2 register, a bucket of keys probed by one compare.'),
      h('li', {}, h('b', {}, 'lanes. '), 'One board per 32-bit lane: 4, 8 or 16 boards expand together, children compress-stored, canonical forms found with one unsigned min per image.'),
      h('li', {}, h('b', {}, 'layered. '), 'No board ever comes back: placing a 1 raises the pip sum P, a capture of j dice keeps P and raises m = P − dice by j − 1. So the boards fall into (P, m) layers taken in order, and a board’s depth is fixed by its layer up to its number of captures c. Each board is then expanded once, holding a small band of counts (one per possible c) instead of being expanded again at every depth it is reached at; each layer’s table is freed when done. The second chart below shows the layers.'),
    ),
    h('p', {}, 'Sources: ', sourceLink('https://www.codingame.com/ide/puzzle/cephalopod', 'the CodinGame puzzle'), ' · ', sourceLink('https://gist.github.com/Karang/a00e6641eca5958ce7f5459787812e02', 'Karang’s write-up (gist)'), '.'),
  );
}

// ---- the board editor ----------------------------------------------------------------------------

/** Nine digits from the board text when it is plainly readable, else null (the engine says why). */
function digitsOf(board: unknown): number[] | null {
  if (typeof board !== 'string') return null;
  const digits = board.replace(/[\s/,]/g, '');
  return /^[0-6]{9}$/.test(digits) ? [...digits].map(Number) : null;
}

/**
 * Pasted text as params: a contest input (a depth line, then the board) sets both; anything else
 * is the board as typed. The engine validates either, and names the field it rejects.
 */
export function pastedParams(text: string): Params {
  const lines = text.trim().split(/\r?\n/);
  if (lines.length >= 2 && /^\s*\d+\s*$/.test(lines[0]!)) return { depth: lines[0]!.trim(), board: lines.slice(1).join(' ').trim() };
  return { board: text.trim() };
}

function editor(params: Params, edit: (changes: Params) => void): ParamsEditor {
  let digits: number[] = digitsOf(params.board) ?? Array<number>(CELLS).fill(0);
  const setCell = (cell: number, value: number) => {
    digits = digits.map((v, i) => (i === cell ? value : v));
    edit({ board: digits.join('') });
  };
  const buttons = digits.map((_, cell) => {
    const b = h('button', {
      className: 'die',
      attrs: { type: 'button', 'data-cell': String(cell) },
      on: {
        click: (e) => setCell(cell, (digits[cell]! + ((e as MouseEvent).shiftKey ? MAX_VALUE : 1)) % (MAX_VALUE + 1)),
        keydown: (e) => {
          const key = (e as KeyboardEvent).key;
          if (/^[0-6]$/.test(key)) setCell(cell, Number(key));
          else if (key === 'Backspace' || key === 'Delete') setCell(cell, 0);
          else return;
          e.preventDefault();
        },
      },
    });
    return b;
  });
  const grid = h('div', { className: 'dice-grid', attrs: { role: 'group', 'aria-label': 'board: click a cell to count it up (shift-click down), or type 0 to 6' } }, ...buttons);
  const paste = h('textarea', { id: 'cephalopod-paste', attrs: { rows: '4', cols: '14', spellcheck: 'false', 'aria-label': 'paste a board or a contest input', placeholder: '060222161, 060/222/161,\nor a contest input:\n20\n0 6 0\n…' } });
  const apply = h('button', { attrs: { type: 'button', id: 'cephalopod-apply' }, on: { click: () => edit(pastedParams(paste.value)) } }, 'Use pasted');
  const note = h('p', { className: 'hint', attrs: { 'aria-live': 'polite' } });
  const show = (now: Params, canonical: Params | null) => {
    const read = digitsOf(canonical?.board ?? now.board);
    if (read) digits = read;
    buttons.forEach((b, cell) => {
      const v = digits[cell]!;
      b.textContent = v ? String(v) : '·';
      b.setAttribute('aria-label', `cell ${cell + 1} (row ${Math.floor(cell / 3) + 1}, column ${(cell % 3) + 1}): ${v ? `die ${v}` : 'empty'}`);
      b.dataset.value = String(v);
    });
    grid.classList.toggle('stale', !read);
    note.textContent = read ? '' : 'The board field does not read as a board; the cells show the last one that did.';
  };
  show(params, null);
  return { element: h('div', { className: 'cephalopod-editor' }, grid, h('div', { className: 'paste' }, paste, apply), note), show };
}

// ---- the illustration ------------------------------------------------------------------------

let chart: Chart | null = null;

function wordDrawing(ill: Illustration): HTMLElement {
  // Bits 26..0, most significant first; each cell owns bits [shift, shift + 3).
  const byPosition = [...ill.cells].sort((a, b) => b.position - a.position);
  const groups = byPosition.map((c) => {
    const bits = [2, 1, 0].map((b) => h('span', { className: 'bit' }, String((c.value >> b) & 1)));
    return h('span', { className: 'bit-group', attrs: { 'data-cell': String(c.cell), title: `cell ${c.cell + 1} (row ${c.row + 1}, column ${c.col + 1}) = ${c.value}, bits ${c.shift + 2}..${c.shift}` } },
      h('span', { className: 'bits' }, ...bits),
      h('small', {}, `r${c.row + 1}c${c.col + 1}=${c.value}`));
  });
  return h('figure', { className: 'word-figure' },
    h('div', { className: 'word' }, ...groups),
    h('figcaption', {}, `The board as one word: ${ill.word_hex} (${ill.word}). Cells in spiral order around the ring, corners and edges alternating, the centre in the top bits: a quarter turn rotates the low 24 bits by 6.`));
}

const isPowerOfTen = (n: number) => n > 0 && Math.abs(n - 10 ** Math.round(Math.log10(n))) < 1e-9 * n;

/** A log-scale count axis for the Cephalopod charts: powers of ten only (chart.js labels 1.1,
 * 1.2, ... on a short log axis), and room up to 10. */
function countAxis(title: string) {
  return {
    type: 'logarithmic' as const,
    min: 1,
    suggestedMax: 10,
    title: { display: true, text: title },
    ticks: { callback: (v: string | number) => (isPowerOfTen(Number(v)) ? Number(v).toLocaleString('en') : '') },
  };
}

function levelsChart(ill: Illustration): HTMLElement {
  const canvas = h('canvas', { attrs: { 'aria-label': 'distinct boards and symmetry classes per depth, log scale', 'data-levels': String(ill.levels.length) } });
  chart?.destroy();
  const positive = (n: number) => (n > 0 ? n : null); // a log scale has no zero
  chart = new Chart(canvas, {
    type: 'line',
    data: {
      labels: ill.levels.map((l) => String(l.depth)),
      datasets: [
        { label: 'distinct boards', data: ill.levels.map((l) => positive(l.boards)), borderColor: '#2f6fdb', backgroundColor: '#2f6fdb', pointRadius: 2 },
        { label: 'symmetry classes', data: ill.levels.map((l) => positive(l.classes)), borderColor: '#d9822b', backgroundColor: '#d9822b', pointRadius: 2 },
        { label: 'full boards (games over)', data: ill.levels.map((l) => positive(l.full)), borderColor: '#5aa469', backgroundColor: '#5aa469', pointRadius: 2, borderDash: [4, 3] },
      ],
    },
    options: {
      animation: false,
      responsive: true,
      maintainAspectRatio: false,
      scales: {
        x: { title: { display: true, text: 'depth (turns played)' } },
        y: countAxis('boards at this depth (log scale)'),
      },
      plugins: { legend: { position: 'bottom', labels: { boxWidth: 18, font: { size: 11 } } } },
    },
  });
  const last = ill.levels[ill.levels.length - 1];
  const caption = ill.levels_complete
    ? `Per depth: boards the plain BFS keeps after merging, and the classes the symmetric BFS keeps (up to 8× fewer). Every path is counted, none stored.`
    : `The profile stops at depth ${last?.depth ?? 0} of ${ill.depth}: past that it would outgrow the drawing's budget (the kernels go on).`;
  return h('figure', { className: 'levels-figure' }, h('div', { className: 'chart-wrap' }, canvas), h('figcaption', {}, caption));
}

let layersChartInstance: Chart | null = null;
const LARGEST_LAYERS = 5;

/** The layered kernel's work per (P, m) layer: boards expanded once, against the (board, depth)
 * states a depth BFS expands, with the largest layers as a table. */
function layersFigure(ill: Illustration): HTMLElement {
  const canvas = h('canvas', { attrs: { 'aria-label': 'boards expanded once per (P, m) layer, and the (board, depth) states a depth BFS expands there, log scale' } });
  layersChartInstance?.destroy();
  layersChartInstance = new Chart(canvas, {
    type: 'line',
    data: {
      labels: ill.layers.map((l) => `P=${l.pips} m=${l.m}`),
      datasets: [
        { label: '(board, depth) states: a depth BFS', data: ill.layers.map((l) => l.states), borderColor: '#d9822b', backgroundColor: '#d9822b', pointRadius: 1 },
        { label: 'boards: layered, once each', data: ill.layers.map((l) => l.boards), borderColor: '#2f6fdb', backgroundColor: '#2f6fdb', pointRadius: 1 },
      ],
    },
    options: {
      animation: false,
      responsive: true,
      maintainAspectRatio: false,
      scales: {
        x: { title: { display: true, text: 'layers (P pips, m = P − dice), in order' }, ticks: { maxTicksLimit: 8, autoSkip: true } },
        y: countAxis('per layer (log scale)'),
      },
      plugins: { legend: { position: 'bottom', labels: { boxWidth: 18, font: { size: 11 } } } },
    },
  });
  const largest = [...ill.layers].sort((a, b) => b.boards - a.boards).slice(0, LARGEST_LAYERS);
  const num = (n: number) => n.toLocaleString('en-US');
  const table = h('table', { className: 'layers-table' },
    h('caption', {}, `The ${largest.length} largest layers`),
    h('thead', {}, h('tr', {}, h('th', { attrs: { scope: 'col' } }, 'layer (P, m)'), h('th', { attrs: { scope: 'col' } }, 'depths'), h('th', { attrs: { scope: 'col' } }, 'boards'), h('th', { attrs: { scope: 'col' } }, 'states'))),
    h('tbody', {}, ...largest.map((l) => h('tr', {},
      h('td', {}, `(${l.pips}, ${l.m})`),
      h('td', {}, l.width > 1 ? `${l.first_depth}–${l.first_depth + l.width - 1}` : String(l.first_depth)),
      h('td', {}, num(l.boards)),
      h('td', {}, num(l.states))))));
  const ratio = ill.layer_boards > 0 ? ill.layer_states / ill.layer_boards : 0;
  const caption = ill.layers.length === 0
    ? 'No move to make: no layer is expanded.'
    : `${num(ill.layers.length)} layers: ${num(ill.layer_boards)} boards expanded once by layered, where a depth BFS expands ${num(ill.layer_states)} (board, depth) states, ${ratio.toFixed(1)}× as many.` +
      (ill.layers_complete ? '' : ` The layers stop after ${num(ill.layer_boards)} boards: past that they would outgrow the drawing's budget (the kernels go on).`);
  return h('figure', { className: 'layers-figure', attrs: { 'data-layers': String(ill.layers.length), 'data-boards': String(ill.layer_boards), 'data-states': String(ill.layer_states) } },
    h('div', { className: 'chart-wrap' }, canvas),
    h('figcaption', {}, caption),
    ill.layers.length ? scrollBox('largest layers', table) : null);
}

function illustrate(data: unknown): HTMLElement | null {
  const parsed = IllustrationSchema.safeParse(data);
  if (!parsed.success) return null;
  return h('div', { className: 'cephalopod-illustration' }, wordDrawing(parsed.data), levelsChart(parsed.data), layersFigure(parsed.data));
}

export const view: PuzzleView = {
  id: 'cephalopod',
  order: 5,
  // Official test 7, board 604/202/400 at depth 36: about 44,000 boards, 2–70 ms a call natively
  // (lanes avx512 to the map-based reference, 2026-11-28). The default 060/222/161 at depth 20
  // expands 2–3 boards: its row would time call overhead. The empty board and the heavy depth-40
  // boards take seconds a call in some kernels.
  suite: { cases: (c) => c.params.board === '604202400' && c.params.depth === 36, why: 'official test 7, board 604/202/400 at depth 36: about 44,000 boards, milliseconds of work a call in every kernel (the default board expands two or three, which would time the call, not the kernel)' },
  // Work: the boards (or classes) whose moves a kernel generated, as its answer's states_expanded
  // says where it has one. Rate: the best here expand about one board per 30 ns; 10 a ns is
  // beyond any core.
  work: {
    maxUnitsPerNs: { 'boards expanded': 10 },
    workProblem: (r) =>
      typeof r.answer.states_expanded === 'number' && r.work !== r.answer.states_expanded
        ? `work of ${r.work.toLocaleString('en-US')} boards for an answer that expanded ${r.answer.states_expanded.toLocaleString('en-US')}`
        : null,
  },
  explainer,
  editor,
  illustrate,
  caseLabel: (r) => `${String(r.params.board)} d${String(r.params.depth)}`,
  describeCase: (p) => {
    const board = String(p.board);
    return `board ${/^\d{9}$/.test(board) ? `${board.slice(0, 3)}/${board.slice(3, 6)}/${board.slice(6)}` : board} at depth ${String(p.depth)}`;
  },
};
