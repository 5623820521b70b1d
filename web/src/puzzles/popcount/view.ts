// Popcount: the explainer, the first words of the data as bits, the word sweep (ns per 64-bit word
// against the number of set bits k, one line per variant, native dashed beside wasm) with the
// crossovers it measured, and the arrays table (GB/s per kernel and size against the memory-read
// ceiling, with wasm ÷ native ratios). The chart is drawn from the records; the crossovers and the
// arrays table are the engine's summary (cpp/puzzles/popcount/summary.cpp), shown as the CLI
// prints them, so the two never disagree.
import { Chart, Legend, LinearScale, LineController, LineElement, LogarithmicScale, PointElement, Tooltip } from 'chart.js';
import { nativeCounterpart } from '../../app/compare';
import { againstNative, ratioCell } from '../../app/results';
import { h, sourceLink } from '../../app/dom';
import type { Engine, SummaryTable } from '../../app/engine';
import { sourcesOf, summaryTable, type Source } from '../../app/summary';
import { buildLabel, recordBuild } from '../../share/builds';
import type { Params } from '../../share/schema';
import type { PageRecord, WorkRules } from '../../share/verify';
import type { BenchCase, BenchGroup, PuzzleView, ResultsContext } from '../../app/puzzle-view';
import './view.css';

Chart.register(LineController, LineElement, PointElement, LinearScale, LogarithmicScale, Legend, Tooltip);

export type Order = 'sorted' | 'mixed';
const ORDERS: readonly Order[] = ['sorted', 'mixed'];

/** The single-word variants, in display order; swar-shift is the constant-time yardstick. */
export const WORD_VARIANTS = ['swar-shift', 'sparse', 'hackmem', 'table8', 'table16', 'builtin'] as const;
const VARIANT_COLORS: Record<string, string> = {
  'swar-shift': '#2f6fdb',
  sparse: '#d9822b',
  hackmem: '#8e44ad',
  table8: '#5aa469',
  table16: '#b33c3c',
  builtin: '#1c1d21',
};

// ---- reading records ---------------------------------------------------------------------------

const asNumber = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** Whether a record counted generated data: a file run's record says what it read in `input`. */
export function isGenerated(r: PageRecord): boolean {
  return r.input === undefined;
}

function timed(r: PageRecord): r is PageRecord & { timing: NonNullable<PageRecord['timing']> } {
  return r.puzzle === 'popcount' && r.timing !== undefined && r.timing.median_ns > 0;
}

// ---- the word sweep ----------------------------------------------------------------------------

export interface SweepSeries {
  source: string;
  native: boolean;
  kernel: string;
  isa: string;
  order: Order;
  /** k -> ns per 64-bit word (8 bytes of work). */
  points: Map<number, number>;
}

export function sweepSeries(sources: readonly Source[]): SweepSeries[] {
  const out = new Map<string, SweepSeries>();
  for (const source of sources) {
    for (const r of source.records) {
      if (!timed(r) || r.params.mode !== 'word' || !isGenerated(r)) continue;
      const k = asNumber(r.params.k);
      const order = r.params.order;
      if (k === null || (order !== 'sorted' && order !== 'mixed') || !(r.timing.ns_per_unit > 0)) continue;
      const key = `${source.label}|${r.kernel}/${r.isa}|${order}`;
      const series = out.get(key) ?? { source: source.label, native: source.native, kernel: r.kernel, isa: r.isa, order, points: new Map<number, number>() };
      series.points.set(k, r.timing.ns_per_unit * 8);
      out.set(key, series);
    }
  }
  const rank = (kernel: string) => (WORD_VARIANTS as readonly string[]).indexOf(kernel);
  return [...out.values()].sort((a, b) => rank(a.kernel) - rank(b.kernel));
}

// ---- the arrays table --------------------------------------------------------------------------

/** The data settings an arrays table shows: the params on screen in array/read mode, else the benchmark's. */
export function arraySettings(params: Params): { k: number; order: Order; offset: number; seed: number } {
  const onScreen = params.mode === 'array' || params.mode === 'read';
  const pick = (name: string, fallback: number) => (onScreen ? asNumber(params[name]) ?? fallback : fallback);
  return {
    k: pick('k', 32),
    order: onScreen && params.order === 'mixed' ? 'mixed' : 'sorted',
    offset: pick('offset', 0),
    seed: pick('seed', 1),
  };
}

export function formatSize(bytes: number): string {
  if (bytes >= 1 << 20 && bytes % (1 << 20) === 0) return `${bytes / (1 << 20)} MiB`;
  if (bytes >= 1 << 10 && bytes % (1 << 10) === 0) return `${bytes / (1 << 10)} KiB`;
  return `${bytes} B`;
}

/** The records an arrays table summarises: generated array and read cases with the settings shown. */
export function arrayRecords(records: readonly PageRecord[], params: Params): PageRecord[] {
  const want = arraySettings(params);
  return records.filter((r) => timed(r) && (r.params.mode === 'array' || r.params.mode === 'read') && isGenerated(r) &&
    r.params.k === want.k && r.params.order === want.order && r.params.offset === want.offset && r.params.seed === want.seed);
}

// The engine's arrays table for one source, each wasm cell followed by its ratio to native.
function arraysTable(table: SummaryTable, source: Source, native: readonly PageRecord[], context: ResultsContext): HTMLElement {
  return summaryTable(table, (rowKey, size, text) => {
    if (source.native || typeof size !== 'number') return text;
    const r = source.records.find((x) => `${x.kernel}/${x.isa}` === rowKey && x.params.size === size);
    const counterpart = r ? nativeCounterpart(r, native) : null;
    return h('span', {}, text, r && counterpart
      ? h('small', { className: 'ratio' }, ' ', ratioCell(r, counterpart.record, `speed ÷ native ${counterpart.record.isa}`, againstNative(context.shared.includes(r), context.nativeFrom)), ` native${counterpart.sameWidth ? '' : ` (${counterpart.record.isa})`}`)
      : null);
  }, `${table.title} · ${source.label}`);
}

function arraysPanel(sources: readonly Source[], context: ResultsContext): HTMLElement | null {
  const picked = sources.map((s) => ({ ...s, records: arrayRecords(s.records, context.params) })).filter((s) => s.records.length);
  if (!picked.length) return null;
  const s = arraySettings(context.params);
  const tables = h('div', { className: 'popcount-array-tables' });
  void summaries(context.engine, picked).then((found) => {
    if (!tables.isConnected) return;
    tables.replaceChildren(...found.flatMap(({ source, summary }) =>
      summary.filter((t) => t.id === 'arrays').map((t) =>
        h('div', { attrs: { 'data-arrays': source.label } },
          h('h4', {}, source.label),
          arraysTable(t, source, context.native, context),
          h('ul', { className: 'hint' }, ...(t.notes ?? []).map((line) => h('li', {}, line)))))));
  });
  return h('section', { className: 'popcount-arrays' },
    h('h3', {}, `Arrays: GB/s by size (k = ${s.k}, ${s.order}, offset ${s.offset}, seed ${s.seed})`),
    tables,
    h('p', { className: 'hint' }, 'GB/s = 10⁹ bytes per second. Bytes per cycle need the clock, which neither a VM nor a browser reports: compare per-cycle figures only where the clock is known (libpopcnt: AVX-512 VPOPCNTDQ ≈ 36 B/cycle on Zen 4).'),
  );
}

/** The engine's summary of each source's records (cpp/puzzles/popcount/summary.cpp). */
async function summaries(engine: Engine, sources: readonly Source[]): Promise<{ source: Source; summary: SummaryTable[] }[]> {
  const all = await Promise.all(sources.map((source) => engine.summarize('popcount', source.records).catch(() => null)));
  return sources.map((source, i) => ({ source, summary: all[i]?.tables ?? [] }));
}

// ---- the sweep chart ---------------------------------------------------------------------------

// Charts drawn by the last extraResults call; the page replaces the panel on every render.
let charts: Chart[] = [];

function sweepChart(series: readonly SweepSeries[], order: Order): HTMLElement {
  const canvas = h('canvas', { attrs: { 'aria-label': `nanoseconds per 64-bit word against k, ${order} pools`, 'data-sweep': order } });
  const datasets = series
    .filter((s) => s.order === order)
    .map((s) => ({
      label: `${s.kernel} · ${buildLabel(s.source)}`,
      data: [...s.points.entries()].sort((a, b) => a[0] - b[0]).map(([x, y]) => ({ x, y })),
      borderColor: VARIANT_COLORS[s.kernel] ?? '#60646c',
      backgroundColor: VARIANT_COLORS[s.kernel] ?? '#60646c',
      // Native dashed, wasm SIMD128 solid, wasm baseline dotted, plain JavaScript dash-dotted.
      borderDash: s.native ? [6, 4] : s.source === recordBuild('baseline') ? [2, 3] : s.source === recordBuild('js') ? [10, 3, 2, 3] : [],
      borderWidth: 1.5,
      pointRadius: 1.5,
    }));
  canvas.dataset.series = String(datasets.length);
  charts.push(
    new Chart(canvas, {
      type: 'line',
      data: { datasets },
      options: {
        animation: false,
        responsive: true,
        maintainAspectRatio: false,
        scales: {
          x: { type: 'linear', min: 0, max: 64, ticks: { stepSize: 8 }, title: { display: true, text: 'k: set bits per 64-bit word' } },
          y: { type: 'logarithmic', title: { display: true, text: 'ns per word (log scale)' } },
        },
        plugins: {
          legend: { position: 'bottom', labels: { boxWidth: 18, font: { size: 11 } } },
          tooltip: { callbacks: { label: (ctx) => `${ctx.dataset.label}: ${Number(ctx.parsed.y).toFixed(2)} ns/word at k = ${ctx.parsed.x}` } },
        },
      },
    }),
  );
  return h('div', { className: 'chart-wrap', attrs: { style: 'height: 380px' } }, canvas);
}

function sweepPanel(sources: readonly Source[], engine: Engine): HTMLElement | null {
  const series = sweepSeries(sources);
  if (!series.length) return null;
  const orders = ORDERS.filter((order) => series.some((s) => s.order === order));
  const lists = new Map(orders.map((order) => [order, h('ul', { className: 'crossovers', attrs: { 'data-crossovers': order } })]));
  const words = sources.map((s) => ({ ...s, records: s.records.filter((r) => timed(r) && r.params.mode === 'word' && isGenerated(r)) })).filter((s) => s.records.length);
  void summaries(engine, words).then((found) => {
    for (const [order, list] of lists) {
      if (!list.isConnected) return;
      list.replaceChildren(...found.flatMap(({ source, summary }) =>
        summary.filter((t) => t.id === `sweep-${order}` && t.notes?.length).map((t) =>
          h('li', {}, h('b', {}, `${source.label}: `), t.notes!.join('; '), '.'))));
    }
  });
  return h('section', { className: 'popcount-sweep' },
    ...orders.map((order) =>
      h('div', {},
        h('h3', {}, `Word sweep, ${order} pools: ns per word against k`),
        sweepChart(series, order),
        lists.get(order)!,
      )),
    h('p', { className: 'hint' }, 'Dashed: native; solid: wasm SIMD128; dotted: wasm baseline. Sorted pools: every word has exactly k set bits; mixed: k_i uniform in [k − m, k + m], m = min(k, 64 − k), so a loop over the bits ends at an unpredictable count.'),
  );
}

/** A file's count, as the viewer's kernels found it (all of them should agree). */
function fileCount(mine: readonly PageRecord[]): HTMLElement | null {
  const counts = mine.filter((r) => r.puzzle === 'popcount' && r.params.mode !== 'read' && !isGenerated(r)).map((r) => asNumber(r.answer.bits));
  if (!counts.length) return null;
  const distinct = [...new Set(counts)];
  const text =
    distinct.length === 1 && distinct[0] !== null
      ? `Your file has ${distinct[0].toLocaleString('en-US')} set bits (all ${counts.length} kernel runs agree).`
      : `The kernels disagree about your file: ${distinct.map((c) => (c === null ? '?' : c.toLocaleString('en-US'))).join(' vs ')} set bits.`;
  return h('p', { className: distinct.length === 1 ? 'file-count' : 'file-count bad', attrs: { 'data-file-count': String(distinct.length === 1 ? distinct[0] : '') } }, text);
}

function extraResults(context: ResultsContext): HTMLElement | null {
  for (const c of charts) c.destroy();
  charts = [];
  const sources = sourcesOf(context);
  const parts = [fileCount(context.mine.filter((r) => r.case_key === context.caseKey)), sweepPanel(sources, context.engine), arraysPanel(sources, context)].filter((x): x is HTMLElement => x !== null);
  return parts.length ? h('div', { className: 'popcount-results' }, ...parts) : null;
}

// ---- the explainer and the illustration ----------------------------------------------------------

function explainer(): HTMLElement {
  return h('div', { className: 'explainer' },
    h('p', {}, 'Count the set bits of some data: a chess engine counts the squares of a bitboard, a search engine the bits of whole bitmaps. Two studies share this puzzle.'),
    h('ul', {},
      h('li', {}, h('b', {}, 'One word against density (mode=word). '), 'swar-shift adds bits in pairs, nibbles and bytes, and a multiply adds the bytes: constant time. sparse (Kernighan) clears the lowest set bit until none is left: one loop turn per bit. hackmem is HAKMEM 169 (3-bit sums, casting out 4095); table8 and table16 look up bytes or 16-bit chunks (a 64 KiB table competes with the data for the cache); builtin is std::popcount, the instruction where there is one. Pools of 2,048 words with exactly k set bits (sorted) or k on average (mixed) show where sparse stops paying. Compilers replace the SWAR and Kernighan idioms with the instruction; an empty asm barrier keeps each variant as written.'),
      h('li', {}, h('b', {}, 'Arrays (mode=array). '), 'scalar-builtin: the instruction over 8-byte words, four sums. nibble-lookup (Muła): each byte’s count from two lookups of its nibbles in a 16-entry table (pshufb, tbl, i8x16.swizzle), byte counters widened every 31 vectors. byte-popcnt: the ISA’s own byte popcount (NEON cnt, wasm i8x16.popcnt, AVX-512 BITALG); SSE has none, so there it is the lookup, which is what V8 emits for i8x16.popcnt. harley-seal: carry-save adders fold 16 vectors into bit-sliced counters and count one. vpopcntdq: AVX-512 counts eight 64-bit lanes at once.'),
      h('li', {}, h('b', {}, 'The ceiling (mode=read). '), 'memory-read loads and sums the same bytes without counting bits. Once the data outgrows the caches, every good kernel runs at its speed: memory, not arithmetic, is the limit.'),
      h('li', {}, h('b', {}, 'Your own file. '), 'Pick one to count its bits instead of generated data: it is read in this browser and copied into the wasm module, never uploaded, and the kernels are checked against scalar-builtin.'),
    ),
    h('p', {}, 'Sources: ',
      sourceLink('https://www.chessprogramming.org/Population_Count', 'Chess Programming Wiki, “Population Count”'), ' · ',
      sourceLink('https://arxiv.org/abs/1611.07612', 'Muła, Kurz, Lemire, “Faster Population Counts Using AVX2 Instructions”'), ' · ',
      sourceLink('https://github.com/WojciechMula/sse-popcount', 'sse-popcount'), ' · ',
      sourceLink('https://github.com/kimwalisch/libpopcnt', 'libpopcnt'), '.'),
  );
}

interface Illustration {
  mode: 'word' | 'array' | 'read';
  source: 'generated' | 'file';
  bytes: number;
  offset: number;
  head: number[];
  k?: number;
  order?: Order;
  bits?: number;
}

function parseIllustration(data: unknown): Illustration | null {
  const d = data as Partial<Record<keyof Illustration, unknown>> | null;
  if (!d || typeof d !== 'object') return null;
  const int = (v: unknown, min: number, max: number) => typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;
  if (d.mode !== 'word' && d.mode !== 'array' && d.mode !== 'read') return null;
  if (d.source !== 'generated' && d.source !== 'file') return null;
  if (!int(d.bytes, 0, 2 ** 40) || !int(d.offset, 0, 63)) return null;
  if (!Array.isArray(d.head) || d.head.length > 32 || !d.head.every((b) => int(b, 0, 255))) return null;
  if (d.source === 'generated' && (!int(d.k, 0, 64) || (d.order !== 'sorted' && d.order !== 'mixed') || !int(d.bits, 0, 2 ** 43))) return null;
  return d as Illustration;
}

function illustrate(data: unknown): HTMLElement | null {
  const d = parseIllustration(data);
  if (!d) return null;
  const count = (n: number) => n.toLocaleString('en-US');
  let text: string;
  if (d.source === 'file') {
    text = `Your file: ${count(d.bytes)} bytes at offset ${d.offset}.`;
  } else {
    const m = Math.min(d.k!, 64 - d.k!);
    const perWord = d.order === 'sorted' ? `exactly ${d.k} set bits` : `k_i set bits, k_i uniform in ${d.k! - m}..${d.k! + m}`;
    text = `${count(d.bytes)} generated bytes at offset ${d.offset}: ${count(Math.ceil(d.bytes / 8))} words with ${perWord}, ${count(d.bits!)} set bits in all.`;
  }
  if (d.mode === 'read') text += ' Read mode sums these bytes; it counts no bits.';
  if (!d.head.length) return h('p', { className: 'board-note' }, text);

  // The first bytes as bits, built with DOM calls: one row per 64-bit word, memory order, bit 0 first.
  const svgNs = 'http://www.w3.org/2000/svg';
  const cell = 7;
  const rows = Math.ceil(d.head.length / 8);
  const svg = document.createElementNS(svgNs, 'svg');
  svg.setAttribute('viewBox', `0 0 ${64 * cell + 7} ${rows * cell}`);
  svg.setAttribute('width', String(64 * cell + 7));
  svg.setAttribute('class', 'bits');
  svg.setAttribute('role', 'img');
  svg.setAttribute('aria-label', `the first ${d.head.length} bytes as bits`);
  d.head.forEach((byte, i) => {
    for (let b = 0; b < 8; ++b) {
      const rect = document.createElementNS(svgNs, 'rect');
      rect.setAttribute('x', String(((i % 8) * 8 + b) * cell + (i % 8)));
      rect.setAttribute('y', String(Math.floor(i / 8) * cell));
      rect.setAttribute('width', String(cell - 1));
      rect.setAttribute('height', String(cell - 1));
      rect.setAttribute('fill', (byte >> b) & 1 ? '#2f6fdb' : '#e4e6eb');
      svg.appendChild(rect);
    }
  });
  return h('figure', { className: 'board-figure', attrs: { 'data-illustration': d.source } }, svg,
    h('figcaption', {}, text, ` The first ${d.head.length} bytes, a row per 64-bit word, bit 0 first.`));
}

// ---- benchmark groups ----------------------------------------------------------------------------

const QUICK_KS = new Set([0, 2, 4, 8, 16, 32, 64]);
const mode = (c: BenchCase) => c.params.mode;
/** Passes over the bytes in one call: the param `repeat`, which canonical params leave out at 1. */
const repeatOf = (p: Params): number => Number(p.repeat ?? 1);
/** The Suite case's passes a call: cpp/puzzles/popcount/popcount.h kSuiteRepeat. */
const SUITE_REPEAT = 8192;

export const benchGroups: readonly BenchGroup[] = [
  {
    label: 'quick: k = 0, 2, 4, 8, 16, 32, 64 sorted, arrays at 16 KiB',
    cases: (c) => (mode(c) === 'word' ? c.params.order === 'sorted' && QUICK_KS.has(Number(c.params.k)) : c.params.size === 16384 && repeatOf(c.params) === 1),
  },
  { label: 'word sweep, sorted pools (k = 0 to 64)', cases: (c) => mode(c) === 'word' && c.params.order === 'sorted' },
  { label: 'word sweep, mixed pools (k = 0 to 64)', cases: (c) => mode(c) === 'word' && c.params.order === 'mixed' },
  { label: 'arrays and memory reads, 64 B to 64 MiB', cases: (c) => mode(c) !== 'word' && repeatOf(c.params) === 1 },
  { label: 'all (many minutes)', cases: () => true },
];

/** Pivot columns and case chips: "k=5 mixed" for the sweep, "16 KiB" for arrays, "read 16 KiB"
 * for the ceiling; a file by its name where the page knows it, its size and the start of its
 * digest, which tell two files apart ("bits.bin 100,003 B #477dec57"). */
export function caseLabel(r: PageRecord, fileName?: string): string {
  const p = r.params;
  if (r.input) {
    const bytes = r.input.bytes;
    const size = formatSize(bytes).endsWith(' B') ? `${bytes.toLocaleString('en-US')} B` : formatSize(bytes);
    return `${p.mode === 'read' ? 'read ' : ''}${fileName ?? 'file'} ${size} #${r.input.fnv1a64.slice(0, 8)}${p.offset ? ` +${p.offset}` : ''}`;
  }
  const size = asNumber(p.size);
  const extras = [p.offset ? `+${p.offset}` : '', p.seed !== 1 ? `seed ${p.seed}` : '', repeatOf(p) > 1 ? `×${repeatOf(p).toLocaleString('en-US')}` : ''].filter(Boolean).join(' ');
  let label: string;
  if (p.mode === 'word') label = `k=${p.k} ${p.order}${size !== 16384 && size !== null ? ` ${formatSize(size)}` : ''}`;
  else label = `${p.mode === 'read' ? 'read ' : ''}${size === null ? '?' : formatSize(size)}${p.k !== 32 || p.order !== 'sorted' ? ` k=${p.k} ${p.order}` : ''}`;
  return extras ? `${label} ${extras}` : label;
}

// Work: every byte of the case counted once a pass (the generated size, or the file's bytes, times
// `repeat`), and no more set bits than 8 a byte. Rate: the best here read 200 bytes per ns from L1 natively (vpopcntdq
// and memory-read, avx512); 2,000 is beyond any core's load ports.
const work: WorkRules = {
  maxUnitsPerNs: { bytes: 2000 },
  workProblem(r) {
    const bytes = r.input ? r.input.bytes : Number(r.params.size);
    const passes = repeatOf(r.params);
    if (Number.isInteger(bytes) && Number.isInteger(passes) && r.work !== bytes * passes) {
      const counted = passes === 1 ? 'every byte is counted once' : `every byte is counted once in each of ${passes.toLocaleString('en-US')} passes`;
      return `work of ${r.work.toLocaleString('en-US')} bytes for a case of ${bytes.toLocaleString('en-US')} bytes (${counted})`;
    }
    // The answer is one pass's count: at most 8 bits a byte of one pass.
    const bits = r.answer.bits;
    if (typeof bits === 'number' && bits > (8 * r.work) / passes) return `${bits.toLocaleString('en-US')} set bits in ${(r.work / passes).toLocaleString('en-US')} bytes`;
    return null;
  },
};

/** The case in words: "arrays of 16 KiB, 32 of 64 bits set (sorted)", "single words, 5 of 64 bits
 * set (mixed), a pool of 16 KiB", "a memory read of 64 MiB", or the file it read. */
export function describePopcount(p: Params, fileName?: string): string {
  const mode = String(p.mode);
  const extras = [Number(p.offset) ? `offset ${String(p.offset)} B` : '', p.seed !== undefined && Number(p.seed) !== 1 ? `seed ${String(p.seed)}` : '',
    repeatOf(p) > 1 ? `counted ${repeatOf(p).toLocaleString('en-US')} times a call` : ''].filter(Boolean);
  const tail = extras.length ? `, ${extras.join(', ')}` : '';
  if (p.size === undefined) return `${mode === 'read' ? 'a memory read of' : mode === 'word' ? 'single words of' : 'count the bits of'} ${fileName ?? 'a file'}${tail}`;
  const size = asNumber(p.size);
  const bytes = size === null ? String(p.size) : formatSize(size);
  const density = `${String(p.k)} of 64 bits set (${String(p.order)})`;
  if (mode === 'word') return `single words, ${density}, a pool of ${bytes}${tail}`;
  if (mode === 'read') return `a memory read of ${bytes}${tail}`;
  return `arrays of ${bytes}, ${density}${tail}`;
}

export const view: PuzzleView = {
  id: 'popcount',
  describeCase: describePopcount,
  order: 3,
  work,
  explainer,
  illustrate,
  // Preparing a case builds its buffer (up to 64 MiB): draw after a run, not on every keystroke.
  liveIllustration: false,
  caseLabel,
  benchGroups,
  // The default: arrays of 16 KiB (k = 32), in cache, where the kernels differ most and the project's
  // target is set (docs/results.md, Targets); the word sweep is 65 cases, the memory sizes are bound by memory, not SIMD.
  // Counted 8,192 times a call (the C++ kSuiteRepeat): one pass is 0.1-2 µs, too short a call to
  // time the counting alone; a larger array would time memory, not SIMD.
  suite: { cases: (c) => c.params.mode === 'array' && c.params.size === 16384 && c.params.k === 32 && c.params.order === 'sorted' && !c.params.offset && repeatOf(c.params) === SUITE_REPEAT, why: 'arrays of 16 KiB counted 8,192 times a call (about a millisecond at the fastest): in cache, where SIMD counts and the project’s target is' },
  extraResults,
};
