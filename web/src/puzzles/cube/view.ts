// Rubik's cube: the explainer, the facelet net, and the throughput/latency table with wasm ÷
// native ratios and its chart. The cube inputs are checked by the engine as they are typed
// (Cube::canonical_params through "validate"); the page shows its message under the field.
import { BarController, BarElement, CategoryScale, Chart, Legend, LogarithmicScale, Tooltip } from 'chart.js';
import { nativeCounterpart } from '../../app/compare';
import { againstNative, ratioCell } from '../../app/results';
import { h, keepFitted, labelCells, scrollBox, sourceLink } from '../../app/dom';
import { buildLabel } from '../../share/builds';
import type { Params } from '../../share/schema';
import type { PageRecord } from '../../share/verify';
import type { PuzzleView, ResultsContext } from '../../app/puzzle-view';
import './view.css';

Chart.register(BarController, BarElement, CategoryScale, LogarithmicScale, Legend, Tooltip);

const FACES = 'URFDLB';
/** Sticker colours (the usual scheme: white up, green front). */
const COLOURS: Record<string, string> = { U: '#f4f4f0', R: '#c8102e', F: '#009b48', D: '#ffd500', L: '#ff6a13', B: '#0046ad' };
/** Where each face sits on the unfolded net, in stickers: U above F; L, F, R, B in a row; D below F. */
const NET_ORIGIN: Record<string, [number, number]> = { U: [3, 0], L: [0, 3], F: [3, 3], R: [6, 3], B: [9, 3], D: [3, 6] };

/** The benchmark ops, in table order. */
/** The Suite case's passes a call: cpp/puzzles/cube/cube.h kSuiteRepeat. */
const SUITE_REPEAT = 4000;

const METRICS = [
  { op: 'compose-throughput', label: 'compose throughput' },
  { op: 'compose-latency', label: 'compose latency' },
  { op: 'invert-throughput', label: 'invert throughput' },
  { op: 'invert-latency', label: 'invert latency' },
] as const;

function explainer(): HTMLElement {
  return h(
    'div',
    { className: 'explainer' },
    h('p', {}, 'A cube state at cubie level: which of the 8 corners and 12 edges sits in each place, and how it is twisted (corners, 0–2) or flipped (edges, 0–1), numbered as in Kociemba’s solver. Composing a·b means “a, then b”: place i gets a’s piece from b’s place i, with the orientations added. Inverting undoes a state. Each run states the work it did in cube ops: one composition or one inversion. Applying a sequence costs one composition per move.'),
    h('ul', {},
      h('li', {}, h('b', {}, 'scalar. '), 'The reference: four byte arrays, composed by table lookups and inverted by scattering each piece back to where it came from.'),
      h('li', {}, h('b', {}, 'avx2-256. '), 'vcube’s layout: the whole cube in one 256-bit register, edges in one 16-byte lane and corners in the other, each byte a piece number with its orientation in bits 4–5. One byte shuffle (pshufb) composes the pieces of both lanes. An add and a min then reduce the orientations mod 3 or 2. That is 5 instructions. To invert, the permutation bytes are raised to the power 27719 with 19 shuffles: every cycle of 12 or fewer pieces has a length that divides 27720 = lcm(1..12). This works only on the bytes without orientations. With orientations, some states have order 16, which does not divide 27720.'),
      h('li', {}, h('b', {}, 'avx2-256-brute. '), 'The same compose, with the inverse vcube used before the power chain: twelve independent rounds of broadcast, compare and merge. It does more work but has a much shorter dependency chain.'),
      h('li', {}, h('b', {}, 'avx2-256-gfni. '), 'Our inverse: each lane’s permutation as a 16×16 bit matrix (row j holds one bit, at the number of the piece in place j). Its transpose is the inverse: the GF(2) affine instruction (GFNI) transposes it in 8×8 blocks, a second affine op turns the rows back into numbers, and a third negates the twists. It takes 12 instructions instead of 26.'),
      h('li', {}, h('b', {}, 'avx512-pairs. '), 'Two cubes per 512-bit register for the batch runs, and the GFNI inverse.'),
      h('li', {}, h('b', {}, 'simd128. '), 'One source for SSE4.1, NEON and WebAssembly: edges in one 16-byte register, corners in another. NEON’s tbl and wasm’s i8x16.swizzle return 0 for any index of 16 or more, where pshufb just ignores bits 4–6. Every index is therefore masked to its low 4 bits first. The corners use a shorter power chain, 839 = lcm(1..8) − 1.'),
      h('li', {}, h('b', {}, 'Throughput and latency. '), 'Throughput runs independent operations over a pool of random cubes (256 of them, 8 KiB: they stay in the L1 cache). Latency runs one chain where each step needs the previous result (x ← x·p, or x ← x⁻¹·p). The chain shows how long one operation takes from start to finish.'),
    ),
    h('p', {}, 'Input: moves such as ', h('code', {}, "R U R' U'"), ' (faces U R F D L B; a move may end in ', h('code', {}, "'"), ' or ', h('code', {}, '2'), '). Or a 54-letter facelet string, faces in the order U R F D L B, each read row by row on the net. One word of 6 or more characters is read as a facelet string.'),
    h('p', {}, 'Sources: ', sourceLink('https://github.com/Voltara/vcube', 'Voltara’s vcube'), ' · ', sourceLink('https://gist.github.com/ArhanChaudhary/51bef8e39312f45f8d9c9cdc44f1f9ba', 'Arhan Chaudhary, “Fastest Rubik’s cube composition and inversion”'), ' · ', sourceLink('https://kociemba.org/math/cubielevel.htm', 'Kociemba, the cubie level'), '.'),
  );
}

// ---- the net ------------------------------------------------------------------------------------

function net(facelets: string, label: string): SVGSVGElement {
  const svgNs = 'http://www.w3.org/2000/svg';
  const cell = 20;
  const svg = document.createElementNS(svgNs, 'svg');
  svg.setAttribute('viewBox', `-2 -2 ${12 * cell + 4} ${9 * cell + 4}`);
  svg.setAttribute('class', 'cube-net');
  svg.setAttribute('role', 'img');
  svg.setAttribute('aria-label', label);
  svg.setAttribute('data-facelets', facelets);
  svg.setAttribute('style', 'width: min(480px, 100%); height: auto;');
  for (let f = 0; f < 6; ++f) {
    const [x0, y0] = NET_ORIGIN[FACES[f]!]!;
    for (let k = 0; k < 9; ++k) {
      const sticker = document.createElementNS(svgNs, 'rect');
      const colour = facelets[9 * f + k]!;
      sticker.setAttribute('x', String((x0 + (k % 3)) * cell));
      sticker.setAttribute('y', String((y0 + Math.floor(k / 3)) * cell));
      sticker.setAttribute('width', String(cell));
      sticker.setAttribute('height', String(cell));
      sticker.setAttribute('rx', '3');
      sticker.setAttribute('fill', COLOURS[colour]!);
      sticker.setAttribute('stroke', '#222');
      sticker.setAttribute('stroke-width', '1.5');
      sticker.setAttribute('data-facelet', colour);
      svg.appendChild(sticker);
    }
  }
  return svg;
}

interface Illustration {
  facelets: string;
  op: string;
  moves?: string;
  with?: string;
  order?: number;
  seed?: number;
}

/** The C++ illustration (cube.cpp, Cube::illustrate), checked before use. */
function parseIllustration(data: unknown): Illustration | null {
  const d = data as Record<string, unknown> | null;
  if (typeof d !== 'object' || d === null) return null;
  if (typeof d.facelets !== 'string' || !/^[URFDLB]{54}$/.test(d.facelets) || typeof d.op !== 'string') return null;
  for (const key of ['moves', 'with'] as const) if (d[key] !== undefined && (typeof d[key] !== 'string' || (d[key] as string).length > 256)) return null;
  for (const key of ['order', 'seed'] as const) if (d[key] !== undefined && !Number.isSafeInteger(d[key])) return null;
  return d as unknown as Illustration;
}

function caption(d: Illustration): string {
  const cube = (text: string | undefined) => text?.trim() || 'the solved cube';
  switch (d.op) {
    case 'compose':
      return `${cube(d.moves)}, then ${cube(d.with)}.`;
    case 'invert':
      return `The inverse of ${cube(d.moves)}.`;
    case 'order':
      return `${cube(d.moves)}: repeated ${d.order} time${d.order === 1 ? '' : 's'}, it is solved again.`;
    case 'random':
      return `A uniformly random cube, seed ${d.seed}.`;
    default:
      return `${cube(d.moves)}, from the solved cube.`;
  }
}

function illustrate(data: unknown): HTMLElement | null {
  const d = parseIllustration(data);
  if (!d) return null;
  const text = caption(d);
  return h('figure', { className: 'board-figure' }, net(d.facelets, text), h('figcaption', {}, text, h('br'), h('code', { className: 'facelets' }, d.facelets)));
}

// ---- throughput and latency ---------------------------------------------------------------------

interface Row {
  key: string;
  label: string;
  source: 'native' | 'you' | 'sharer';
  build: string;
  cells: Map<string, PageRecord>;
}

function rowsOf(context: ResultsContext): Row[] {
  const rows = new Map<string, Row>();
  const add = (records: readonly PageRecord[], source: Row['source']) => {
    for (const r of records) {
      const op = String(r.params.op ?? '');
      // One pass per op: the Suite's repeated case would take the cell of its single-pass twin.
      if (!r.timing || !METRICS.some((m) => m.op === op) || repeatOf(r.params) !== 1) continue;
      const key = `${source}|${r.kernel}/${r.isa}|${r.build}`;
      const row = rows.get(key) ?? { key, label: `${r.kernel}/${r.isa}`, source, build: r.build, cells: new Map() };
      row.cells.set(op, r);
      rows.set(key, row);
    }
  };
  add(context.native, 'native');
  add(context.mine, 'you');
  add(context.shared, 'sharer');
  return [...rows.values()];
}

/** A benchmark run's work is one op per cube of the pool. */
function poolSize(rows: Row[]): number {
  return [...rows[0]!.cells.values()][0]!.work;
}

function mops(r: PageRecord): number {
  return r.timing!.units_per_second / 1e6;
}

function formatMops(value: number): string {
  return value >= 100 ? Math.round(value).toLocaleString('en-US') : value.toPrecision(3);
}

/** `nativeFrom`: where the native numbers were measured when not here (ResultsContext). */
function cell(row: Row, op: string, native: readonly PageRecord[], nativeFrom: string | null): HTMLElement {
  const r = row.cells.get(op);
  if (!r) return h('td', {}, '–');
  const counterpart = row.source === 'native' ? null : nativeCounterpart(r, native);
  return h('td', { title: `${r.case}: ${r.verified_by}` },
    formatMops(mops(r)),
    r.verified === false ? h('span', { className: 'bad', attrs: { 'data-mark': 'bad' } }, ' ✗') : null,
    counterpart ? h('small', { className: 'ratio' },
      ratioCell(r, counterpart.record, `speed ÷ native ${counterpart.record.isa}`, againstNative(row.source === 'sharer', nativeFrom)), ` native ${counterpart.record.isa}${counterpart.sameWidth ? '' : ' (other width)'}`) : null);
}

let chart: Chart | null = null;

function chartOf(rows: Row[]): HTMLElement {
  chart?.destroy();
  const canvas = h('canvas', { attrs: { 'aria-label': 'cube ops per second per kernel' } });
  const colours = ['#2f6fdb', '#8ab0f0', '#d9822b', '#f2c18d'];
  chart = new Chart(canvas, {
    type: 'bar',
    data: {
      labels: rows.map((r) => `${r.label} · ${r.source === 'native' ? 'native' : buildLabel(r.build)}${r.source === 'sharer' ? ' (sharer)' : ''}`),
      datasets: METRICS.map((m, i) => ({ label: m.label, data: rows.map((r) => (r.cells.has(m.op) ? mops(r.cells.get(m.op)!) : null)), backgroundColor: colours[i] })),
    },
    options: {
      animation: false,
      responsive: true,
      maintainAspectRatio: false,
      scales: { y: { type: 'logarithmic', title: { display: true, text: 'M cube ops/s (log scale)' } } },
      plugins: { tooltip: { callbacks: { label: (ctx) => `${ctx.dataset.label}: ${formatMops(Number(ctx.raw))} M ops/s` } } },
    },
  });
  return h('div', { className: 'chart-wrap' }, canvas);
}

function extraResults(context: ResultsContext): HTMLElement | null {
  const rows = rowsOf(context);
  if (!rows.length) {
    chart?.destroy();
    chart = null;
    return h('div', { className: 'cube-extra' },
      h('p', { className: 'empty' }, 'Throughput and latency: run the benchmark cases to fill this table. Native numbers show beside yours when the page has them.'));
  }
  const table = h('table', { className: 'results pivot cube-bench' },
    h('thead', {}, h('tr', {}, h('th', {}, 'kernel'), h('th', {}, 'build'), ...METRICS.map((m) => h('th', {}, `${m.label} (M ops/s)`)))),
    h('tbody', {}, ...rows.map((row) =>
      h('tr', { attrs: { 'data-kernel': row.label, 'data-build': row.build, 'data-source': row.source } },
        h('td', {}, row.label),
        h('td', {}, `${buildLabel(row.build)}${row.source === 'sharer' ? ', sharer' : ''}`),
        ...METRICS.map((m) => cell(row, m.op, context.native, context.nativeFrom ?? null))))));
  // Rows as cards where the columns do not fit (a phone), not columns hidden behind a scroll.
  const box = scrollBox('throughput and latency table', labelCells(table));
  keepFitted(table, box);
  return h('div', { className: 'cube-extra' },
    h('h3', {}, 'Throughput and latency'),
    h('p', { className: 'hint' }, `Millions of cube ops per second over a pool of ${poolSize(rows)} random cubes. Throughput: independent operations. Latency: one dependent chain (an invert step also composes once). Ratios are wasm ÷ native speed for the same kernel.`),
    box,
    chartOf(rows));
}

/** The case in words: what is done to which cube ("apply R U R' U'"), or which benchmark on its
 * pool of random cubes. The seed is named only where the op reads it. */
/** Passes over the pool in one call: the param `repeat`, which canonical params leave out at 1. */
const repeatOf = (p: Params): number => Number(p.repeat ?? 1);

export function describeCube(p: Params): string {
  const op = String(p.op);
  const moves = String(p.moves ?? '') || 'the solved cube';
  const metric = METRICS.find((m) => m.op === op);
  if (metric) {
    const passes = repeatOf(p) > 1 ? `, ${repeatOf(p).toLocaleString('en-US')} passes a call` : '';
    return `${metric.label}, 256 random cubes (seed ${String(p.seed)})${passes}`;
  }
  if (op === 'compose') return `compose ${moves} with ${String(p.with ?? '') || 'the solved cube'}`;
  if (op === 'order') return `order of ${moves}`;
  if (op === 'random') return `a random cube (seed ${String(p.seed)})`;
  return `${op} ${moves}`;
}

export const view: PuzzleView = {
  id: 'cube',
  describeCase: describeCube,
  order: 2,
  // Rate: the best here compose 1.9 G cube ops/s natively (avx2-256-gfni); 100 a ns is beyond any core.
  work: { maxUnitsPerNs: { 'cube ops': 100 } },
  explainer,
  illustrate,
  // Bench cases differ only by op; other cases by their cube, shown whole (a label may not hide
  // the end of a long sequence, where two cases can differ).
  caseLabel: (r) => (METRICS.some((m) => m.op === r.params.op) ? `${String(r.params.op)}${repeatOf(r.params) > 1 ? ` ×${repeatOf(r.params).toLocaleString('en-US')}` : ''}` : r.params.op === 'order' ? `order of ${String(r.params.moves)}` : `${String(r.params.op)} ${String(r.params.moves)}${r.params.op === 'compose' ? ` · ${String(r.params.with)}` : ''}`),
  // compose-throughput, not the default single apply: the cube's SIMD is one byte shuffle per
  // compose, and a batch of composes is where the project's targets are measured (docs/results.md).
  // 4,000 passes over the pool (the C++ kSuiteRepeat): one pass is 0.5-2 µs, too short a call to
  // time the work alone; the pool stays in L1, so the passes time shuffles, not memory.
  suite: { cases: (c) => c.params.op === 'compose-throughput' && repeatOf(c.params) === SUITE_REPEAT, why: 'compose throughput, 4,000 passes over 256 cubes a call (about a millisecond): one byte shuffle per compose, where the SIMD kernels and the project’s targets are' },
  benchGroups: [
    { label: 'throughput and latency', cases: (c) => METRICS.some((m) => m.op === c.params.op) && repeatOf(c.params) === 1 },
    { label: 'all', cases: () => true },
  ],
  extraResults,
};
