// The results table of the case on screen: one row per kernel, ISA and build, the viewer's run
// and the sharer's side by side (a run of the same case never hides the sharer's numbers), with
// the ratio to native. Columns carry data-col names, so tests and styles never count positions,
// and data-label, the header each cell shows as its label where the rows become cards (a phone:
// app/views/results-view.ts). Numbers the user came for come first; the answer, which can be a
// 54-letter cube, comes last.
import { buildLabel, recordBuild, wasmBuildOf } from '../share/builds';
import { findPeer, isPeerRecord, type BrowserPeer } from '../share/peers';
import { IS_THE_REFERENCE } from '../share/schema';
import type { PageRecord } from '../share/verify';
import { nativeCounterpart, sameRun, vectorBits } from './compare';
import { engineLabel, type JsEngine } from '../share/js-engine';
import { NATIVE_ELSEWHERE } from './native';
import { h } from './dom';
import { formatAnswer, formatDuration, formatRate, formatSpread } from './format';
import { otherMachine, ratioMarks, ratioOf, ratioParts, ratioTitle, undecided, type RatioContext, type RatioEstimate } from './ratio';

export interface TableInput {
  mine: readonly PageRecord[];
  native: readonly PageRecord[];
  shared: readonly PageRecord[];
  workUnit: string;
  /** The puzzle's peer programs, for their rows' titles. */
  peers: readonly BrowserPeer[];
  /** The native numbers were measured elsewhere (imported, or served from another machine). */
  nativeIsClaim: boolean;
  /** Named on every native cell where the numbers' machine is not obvious (a static site's
   * shipped report: "shipped, measured on <CPU>"), else null. */
  nativeOrigin?: string | null;
  /** The JavaScript engines of the viewer's and the sharer's runs, when they differ (a Firefox
   * link opened in Chromium): headers and build cells then name them (engineLabels). */
  engines?: { mine: string; sharer: string } | null;
}

/** The engines to name in a table: both known and not the same, else null (nothing to tell apart). */
export function engineLabels(mine: JsEngine | undefined, sharer: JsEngine | undefined): { mine: string; sharer: string } | null {
  if (!mine || !sharer) return null;
  const labels = { mine: engineLabel(mine), sharer: engineLabel(sharer) };
  return labels.mine === labels.sharer ? null : labels;
}

/** ✓, ✗, "ref" (the reference kernel defines correct), "–" (nothing could check it: verified_by
 * says why, e.g. a case too big for the reference), or "claimed" (shared, not re-checked). */
export function verdict(r: PageRecord): HTMLElement {
  if (r.claimed) return h('span', { className: 'claimed', title: r.verified_by, attrs: { 'data-mark': 'claimed' } }, 'claimed');
  if (r.verified === null) {
    const ref = r.verified_by === IS_THE_REFERENCE;
    return h('span', { title: r.verified_by, attrs: { 'data-mark': ref ? 'ref' : 'none' } }, ref ? 'ref' : '–');
  }
  return h('span', { className: r.verified ? 'ok' : 'bad', title: r.verified_by, attrs: { 'data-mark': r.verified ? 'ok' : 'bad' } }, r.verified ? '✓' : '✗');
}

// What each mark means, in the words the legend under a table shows (not only in tooltips).
const MARKS: readonly [mark: string, shown: string, meaning: string][] = [
  ['ok', '✓', 'the answer was re-checked here, against the published answer or your own run of the reference kernel'],
  ['bad', '✗', 'the answer differs from that'],
  ['ref', 'ref', 'the reference kernel: its answer defines correct'],
  ['none', '–', 'nothing here could check the answer (hover the mark for why)'],
  ['claimed', 'claimed', 'an answer from elsewhere not re-checked (yet): nothing is published for the case, and you have not run the reference on it'],
  ['claim', 'claim', 'a timing measured elsewhere (a link, an imported report, the report a static site ships): it passed the plausibility checks, but a timing cannot be re-checked here'],
  ['ratio', '1.80× (1.62–2.01)', 'how many times faster the first side runs than the second, then its 95 % range from the spread between rounds (and between sessions, where the sides are from two: another Run, a report, a link); “≈ 1×” where that range holds 1 and either side may be the faster'],
  ['shared-cpu', 'shared CPU', 'native numbers measured while other programs kept this machine’s CPU busy: they may be slower than the machine can do (Measure natively now, in the Native panel, measures again)'],
  ['other-machine', 'another machine', 'a ratio of numbers from two machines (or maybe two: a link’s, a served or shipped report’s): it compares the machines as much as the code'],
  ['doubtful', 'doubtful', 'a ratio that may be off beyond its range, for the reason its tooltip gives: a shared CPU, rounds that disagree or drift, an outlier round, a warm-up that did not settle, too few rounds, or an older record whose range is one run’s samples'],
  ['now', 'measured now', 'native numbers measured on request, just now, on the machine serving this page'],
];

/** The legend of the marks used under `root` (none: null). */
export function marksLegend(root: Element): HTMLElement | null {
  const used = new Set([...root.querySelectorAll<HTMLElement>('[data-mark]')].map((e) => e.dataset.mark));
  const shown = MARKS.filter(([mark]) => used.has(mark));
  return shown.length
    ? h('dl', { attrs: { 'aria-label': 'what the marks mean' } }, ...shown.map(([mark, text, meaning]) =>
      h('div', {}, h('dt', { attrs: { 'data-mark-legend': mark } }, text), h('dd', {}, meaning))))
    : null;
}

/** A timing measured elsewhere (a link, an imported report): it passed the plausibility checks
 * (share/verify.ts), but timings, unlike answers, cannot be re-checked here. */
export function timingClaim(whose: string): HTMLElement {
  return h('span', { className: 'timing-claim', title: `${whose} timing: checked for plausibility, not re-measured here`, attrs: { 'data-mark': 'claim' } }, 'claim');
}

/** Where a link's records were measured, in the words of a ratio's "another machine". */
export const FROM_LINK = 'the sharer’s numbers, claimed by a link';

/** The context of a ratio of a browser record against a native one: `fromLink`, the browser
 * record is a link's (the sharer's); `nativeFrom`, where the native numbers were measured when not
 * here (app/native.ts, nativeElsewhere). "Another machine" where the two sides' places differ. */
export const againstNative = (fromLink: boolean, nativeFrom: string | null | undefined): RatioContext => ({ otherMachine: otherMachine(fromLink ? FROM_LINK : null, nativeFrom ?? null) });

/**
 * The speed of `a` relative to `b` as every table shows it (ratio.ts): the ratio and its range,
 * "≈ 1×" where the range holds 1, marked where the sides are from two machines (`context`) and
 * where it is doubtful, with the words in its tooltip; `what` says in the tooltip what is
 * compared. "–" without both timings.
 */
export function ratioCell(a: PageRecord, b: PageRecord, what: string, context: RatioContext = {}): HTMLElement | string {
  // A row with a wrong answer (✗) never gets a ratio: its speed is not that of the puzzle's work.
  // (A sharer's wrong claim beside a right run still shows how the two timings compare.)
  if (a.verified === false) return '–';
  return estimateCell(ratioOf(a, b, context), what);
}

/** A ratio already made (ratioOf, or a geometric mean of several: app/suite.ts) as ratioCell shows it. */
export function estimateCell(r: RatioEstimate | null, what: string): HTMLElement | string {
  if (!r || !Number.isFinite(r.value)) return '–';
  const order = undecided(r) ? 'undecided' : r.value > 1 ? 'faster' : 'slower';
  const { value, range } = ratioParts(r);
  const marks = ratioMarks(r);
  const dash = range.indexOf('–') + 1;
  // A narrow column breaks the line before the range, or after its dash, never inside a number
  // (the text reads as ratioText).
  return h('span', { className: `ratio-value ${order}`, title: ratioTitle(r, what), attrs: { 'data-ratio': order, 'data-mark': 'ratio' } },
    h('span', { className: 'nobreak' }, value), ' ',
    h('span', { className: 'ratio-range' }, h('span', { className: 'nobreak' }, range.slice(0, dash)), h('wbr'), h('span', { className: 'nobreak' }, range.slice(dash))),
    marks.otherMachine ? h('span', { className: 'other-machine', attrs: { 'data-mark': 'other-machine' } }, marks.otherMachine) : null,
    marks.doubtful ? h('span', { className: 'doubtful', attrs: { 'data-mark': 'doubtful' } }, marks.doubtful) : null);
}

/** A native number as the tables show it: its median and ISA, where it was measured when the table
 * must say (`origin`: a static site's shipped report), and in words whether it was measured just
 * now, or on a shared CPU. */
export function nativeCell(record: PageRecord, note: string, claim: boolean, origin: string | null, name: string = record.isa): HTMLElement {
  return h('span', {}, `${formatDuration(record.timing!.median_ns)} (${name}${note})`,
    origin && !record.measured_now ? h('small', { className: 'native-origin' }, origin) : null,
    record.measured_now ? h('span', { className: 'measured-now', attrs: { 'data-mark': 'now' } }, ' measured now') : null,
    record.verified === false ? h('span', { className: 'bad', title: record.verified_by, attrs: { 'data-mark': 'bad' } }, ' ✗') : null,
    record.cpu_shared ? h('span', { className: 'shared-cpu', title: `other programs used ${record.cpu_shared.others_cores.toFixed(1)} of ${record.cpu_shared.cores} cores while it was measured`, attrs: { 'data-mark': 'shared-cpu' } }, ' shared CPU') : null,
    claim && !record.measured_now ? ' ' : null, claim && !record.measured_now ? timingClaim('an imported') : null);
}

const rowKey = (r: PageRecord) => `${r.kernel}/${r.isa}|${r.build}`;

/** The fastest timed record among `records` that is one of our kernels (not a peer). */
function fastestKernel(records: readonly PageRecord[], build: (b: string) => boolean): PageRecord | null {
  return records.filter((r) => !isPeerRecord(r) && r.timing && build(r.build)).sort((a, b) => a.timing!.median_ns - b.timing!.median_ns)[0] ?? null;
}

/** The wasm record of the same kernel and case as a JavaScript row: SIMD128 first, then baseline. */
function wasmOfSameKernel(js: PageRecord, records: readonly PageRecord[]): PageRecord | null {
  const same = records.filter((r) => r.kernel === js.kernel && r.case_key === js.case_key && r.timing && wasmBuildOf(r.build));
  return same.find((r) => r.build === recordBuild('simd128')) ?? same[0] ?? null;
}

/** The SIMD128 record of the same kernel and case as a relaxed row (what relaxed SIMD buys). */
function simd128OfSameKernel(relaxed: PageRecord, records: readonly PageRecord[]): PageRecord | null {
  return records.find((r) => r.kernel === relaxed.kernel && r.isa === relaxed.isa && r.case_key === relaxed.case_key && r.timing && r.build === recordBuild('simd128')) ?? null;
}

export function resultsTable({ mine, native, shared, workUnit, peers, nativeIsClaim, nativeOrigin = null, engines = null }: TableInput): HTMLElement {
  const hasMine = mine.length > 0;
  const hasShared = shared.length > 0;
  // Rows: the viewer's records, then the sharer's that the viewer has not run.
  const rows = [...mine.map((r) => ({ yours: r as PageRecord | null, sharer: sameRun(r, shared) })),
    ...shared.filter((s) => !mine.some((m) => rowKey(m) === rowKey(s))).map((s) => ({ yours: null as PageRecord | null, sharer: s as PageRecord | null }))];
  const columns: [string, string][] = [['kernel', 'kernel'], ['build', 'build'], ['verified', 'verified']];
  if (hasMine) columns.push(['median', engines ? `median (${engines.mine})` : 'median'], ['spread', 'spread']);
  if (hasShared) columns.push(['sharer', engines ? `sharer median (${engines.sharer})` : 'sharer median']);
  if (hasMine && hasShared) columns.push(['vs-sharer', 'you ÷ sharer speed']);
  // Two native sides (issue 29): the same kernel at the same vector width (what the translation to
  // wasm costs), and the fastest native kernel of the case, any kernel and ISA (what this machine
  // can do: AVX2, AVX-512, NEON), the latter's ratio and time in one column: the widest table
  // (a sharer's rows, peers, JavaScript) still fits 1366 px as a table.
  columns.push(['native', 'native, same width'], ['vs-native', 'wasm ÷ native speed'], ['vs-best-native', 'wasm ÷ best native']);
  // Peers (other programs, share/peers.ts) compare with our best kernel, in the browser and native.
  const hasPeers = [...mine, ...shared].some(isPeerRecord);
  if (hasPeers) columns.push(['vs-wasm', 'peer ÷ best wasm kernel']);
  // Our plain-JavaScript rows: how much faster the same kernel runs in wasm (build js).
  const hasJs = [...mine, ...shared].some((r) => r.build === recordBuild('js'));
  if (hasJs) columns.push(['vs-js', 'wasm ÷ JS speed']);
  // The relaxed build's rows: the same kernel against SIMD128 (the relaxed instructions alone).
  const hasRelaxed = [...mine, ...shared].some((r) => r.build === recordBuild('relaxed'));
  if (hasRelaxed) columns.push(['vs-simd128', 'relaxed ÷ SIMD128 speed']);
  columns.push(['rate', `${workUnit}/s`], ['answer', 'answer']);
  const bestWasm = fastestKernel(hasMine ? mine : shared, (b) => wasmBuildOf(b) !== undefined);
  const bestNative = fastestKernel(native.filter((r) => r.verified !== false), () => true);
  // Where each side of a ratio was measured: here, the sharer's (a link), or a native report from
  // elsewhere; a ratio between two of these says "another machine" (ratio.ts).
  const fromLink = new Set(shared);
  const nativeSet = new Set(native);
  const nativeFrom = nativeIsClaim ? nativeOrigin ?? NATIVE_ELSEWHERE : null;
  const whereOf = (x: PageRecord) => (fromLink.has(x) ? FROM_LINK : nativeSet.has(x) ? nativeFrom : null);
  const across = (a: PageRecord, b: PageRecord): RatioContext => ({ otherMachine: otherMachine(whereOf(a), whereOf(b)) });

  const body = rows.map(({ yours, sharer }) => {
    const r = (yours ?? sharer)!;
    const counterpart = nativeCounterpart(r, native);
    const cells: Record<string, string | HTMLElement> = {
      // A narrow column breaks the key after its slash, never inside a kernel's name.
      kernel: h('span', {}, h('span', { className: 'nobreak' }, `${r.kernel}/`), h('wbr'), h('span', { className: 'nobreak' }, r.isa)),
      build: engines && !isPeerRecord(r) ? `${buildLabel(r.build)} · ${yours ? engines.mine : engines.sharer}` : buildLabel(r.build),
      verified: verdict(r),
      median: yours?.timing ? formatDuration(yours.timing.median_ns) : '–',
      spread: yours?.timing ? formatSpread(yours.timing.mad_ns, yours.timing.median_ns) : '–',
      sharer: sharer?.timing
        ? h('span', { title: sharer.verified_by }, formatDuration(sharer.timing.median_ns), ' ', timingClaim('the sharer’s'), ...(yours && (sharer.claimed || sharer.verified === false) ? [' ', verdict(sharer)] : []))
        : yours ? 'not shared' : '–',
      'vs-sharer': yours && sharer ? ratioCell(yours, sharer, 'your speed ÷ the sharer’s', across(yours, sharer)) : '–',
      native: counterpart ? nativeCell(counterpart.record, counterpart.sameWidth ? '' : ', other width', nativeIsClaim, nativeOrigin) : 'no native number',
      // A wrong native answer (a user's kernel, app/playground/) gets no ratio either.
      'vs-native': counterpart && counterpart.record.verified !== false ? ratioCell(r, counterpart.record, `${buildLabel(r.build)} speed ÷ native ${counterpart.record.isa}`, across(r, counterpart.record)) : '–',
      'vs-best-native': bestNative
        ? h('span', {}, ratioCell(r, bestNative, `${buildLabel(r.build)} speed ÷ the best native kernel, ${bestNative.kernel}/${bestNative.isa}`, across(r, bestNative)), bestNativeCell(bestNative, nativeIsClaim, nativeOrigin))
        : '–',
      'vs-wasm': '–',
      'vs-js': '–',
      'vs-simd128': '–',
      rate: r.timing ? formatRate(r.timing.units_per_second, '') : '–',
      answer: formatAnswer(r.answer),
    };
    if (r.build === recordBuild('js')) {
      const wasm = wasmOfSameKernel(r, hasMine ? mine : shared) ?? bestWasm;
      if (wasm) cells['vs-js'] = h('span', {}, ratioCell(wasm, r, `${wasm.kernel}/${wasm.isa} (${wasm.build}) speed ÷ this JavaScript row`, across(wasm, r)), wasm.kernel === r.kernel ? '' : ' (best wasm)');
    }
    if (r.build === recordBuild('relaxed')) {
      const simd = simd128OfSameKernel(r, yours ? mine : shared);
      if (simd) cells['vs-simd128'] = ratioCell(r, simd, `${r.kernel}/${r.isa} relaxed speed ÷ the same kernel in SIMD128`, across(r, simd));
    }
    // Where the sharer's answer is not the viewer's, both show: the row would hide theirs.
    if (yours && sharer && formatAnswer(sharer.answer) !== cells.answer)
      cells.answer = h('span', {}, formatAnswer(yours.answer), h('small', { className: 'their-answer' }, 'sharer’s: ', formatAnswer(sharer.answer), ' ', verdict(sharer)));
    // A sharer's verdict shows in the verified column when the row is theirs alone.
    if (!yours && sharer) cells.verified = verdict(sharer);
    if (isPeerRecord(r)) {
      const peer = findPeer(peers, r.kernel, r.build);
      cells.kernel = h('span', { title: peer ? `${peer.title} (${peer.license}): another program, run in a worker of its own` : 'another program' }, r.kernel, ' ', h('span', { className: 'peer-badge' }, 'peer'),
        yours?.startup_ns !== undefined ? h('small', { className: 'peer-startup' }, `loading and warm-up ${formatDuration(yours.startup_ns)}, untimed`) : null);
      if (yours?.timing) {
        const t = yours.timing;
        cells.spread = t.samples === 1 ? '1 run' : `${formatSpread(t.mad_ns, t.median_ns)}, ${t.samples} runs`;
      }
      cells.native = bestNative ? nativeCell(bestNative, `, best native: ${bestNative.kernel}`, nativeIsClaim, nativeOrigin) : 'no native number';
      cells['vs-native'] = bestNative ? ratioCell(r, bestNative, `${r.kernel} speed ÷ best native ${bestNative.kernel}/${bestNative.isa}`, across(r, bestNative)) : '–';
      cells['vs-wasm'] = bestWasm ? ratioCell(r, bestWasm, `${r.kernel} speed ÷ ${bestWasm.kernel}/${bestWasm.isa} (${bestWasm.build})`, across(r, bestWasm)) : '–';
    }
    return {
      group: kernelGroup(r),
      tr: h('tr', { className: isPeerRecord(r) ? 'peer-row' : '', attrs: { 'data-kernel': `${r.kernel}/${r.isa}`, 'data-build': r.build, 'data-source': yours ? 'you' : 'sharer', 'data-group': kernelGroup(r), ...(isPeerRecord(r) ? { 'data-peer': r.kernel } : {}) } },
        ...columns.map(([col, label]) => h('td', { attrs: { 'data-col': col, 'data-label': label, ...(cells[col] === '–' ? { 'data-empty': '' } : {}) } }, cells[col] ?? ''))),
    };
  });
  // SIMD kernels apart from scalar ones, each group under its heading where there are two or
  // more: what SIMD costs is read among the SIMD kernels, not muddled by a scalar kernel winning.
  const groups = KERNEL_GROUPS.filter((g) => body.some((b) => b.group === g.id));
  return h('table', { className: 'results', attrs: { 'data-table': 'run' } },
    h('thead', {}, h('tr', {}, ...columns.map(([col, label]) => h('th', { attrs: { 'data-col': col } }, label)))),
    ...groups.map((g) => h('tbody', { attrs: { 'data-group': g.id } },
      groups.length > 1 ? h('tr', { className: 'group-row' }, h('th', { attrs: { colspan: String(columns.length), scope: 'rowgroup' } }, g.heading)) : null,
      ...body.filter((b) => b.group === g.id).map((b) => b.tr))));
}

/** The groups of the run table's rows, in order: kernels with vector code (an ISA of a vector width
 * above 0: SIMD128, SSE4.1, AVX2…), scalar ones (wasm, plain JavaScript), other programs. */
export type KernelGroup = 'simd' | 'scalar' | 'peer';
export const KERNEL_GROUPS: readonly { id: KernelGroup; heading: string }[] = [
  { id: 'simd', heading: 'SIMD kernels' },
  { id: 'scalar', heading: 'Scalar kernels' },
  { id: 'peer', heading: 'Other programs' },
];
export const kernelGroup = (r: PageRecord): KernelGroup => (isPeerRecord(r) ? 'peer' : (vectorBits(r.isa) ?? 0) > 0 ? 'simd' : 'scalar');

/** The best native kernel of a case as the run table shows it under its ratio: " vs 2.24 µs
 * (lanes/avx512)", with the marks of a native number. */
function bestNativeCell(record: PageRecord, claim: boolean, origin: string | null): HTMLElement {
  return h('small', { className: 'best-native', attrs: { 'data-best-native': `${record.kernel}/${record.isa}` } }, ' vs ', nativeCell(record, '', claim, origin, `${record.kernel}/${record.isa}`));
}

/**
 * Several cases side by side (a benchmark run, or a link carrying one): one row per kernel, ISA,
 * build and source (SIMD kernels first), one column per case (by case_key), each cell the median
 * and its speed relative to the native counterpart and, where another, to the best native kernel
 * of the case; a source other than 'you' is a link's, and `nativeFrom`
 * says where the native numbers were measured when not here (their ratios then say "another
 * machine" where the sides' sources differ).
 */
export function pivotTable(
  sources: { label: string; records: readonly PageRecord[] }[],
  native: readonly PageRecord[],
  caseKeys: readonly string[],
  label: (record: PageRecord) => string = (r) => r.case,
  nativeFrom: string | null = null,
): HTMLElement {
  const all = sources.flatMap((s) => s.records);
  const cases = caseKeys.filter((k) => all.some((r) => r.case_key === k));
  // SIMD kernels first, then scalar ones, then other programs (KERNEL_GROUPS), each source's rows
  // in the order they came.
  const rank = (r: PageRecord) => KERNEL_GROUPS.findIndex((g) => g.id === kernelGroup(r));
  const rows = sources.flatMap((source) =>
    [...new Map(source.records.map((r) => [rowKey(r), r])).entries()].sort((a, b) => rank(a[1]) - rank(b[1])).map(([key]) => ({ source, key })));
  // The best native kernel of each case (any kernel and ISA), beside the same-width one.
  const bestNative = new Map(cases.map((c) => [c, fastestKernel(native.filter((r) => r.case_key === c && r.verified !== false), () => true)]));
  const body = rows.map(({ source, key }) => {
    const [kernelIsa, build] = key.split('|') as [string, string];
    const cells = cases.map((c) => {
      const r = source.records.find((x) => x.case_key === c && rowKey(x) === key);
      if (!r?.timing) return h('td', {}, '–');
      const counterpart = nativeCounterpart(r, native);
      const best = bestNative.get(c) ?? null;
      const mark = r.verified === false ? h('span', { className: 'bad', attrs: { 'data-mark': 'bad' } }, ' ✗') : r.claimed ? h('span', { className: 'claimed', attrs: { 'data-mark': 'claimed' } }, ' claimed') : null;
      return h('td', { title: r.verified_by },
        formatDuration(r.timing.median_ns), source.label === 'you' ? null : ' ', source.label === 'you' ? null : timingClaim('the sharer’s'), mark,
        counterpart ? h('small', { className: 'ratio' }, ' ', ratioCell(r, counterpart.record, `${buildLabel(r.build)} speed ÷ native ${counterpart.record.isa}`, againstNative(source.label !== 'you', nativeFrom)), ' native') : null,
        best && best !== counterpart?.record ? h('small', { className: 'ratio', attrs: { 'data-ratio-to': 'best-native' } }, ' ', ratioCell(r, best, `${buildLabel(r.build)} speed ÷ the best native kernel, ${best.kernel}/${best.isa}`, againstNative(source.label !== 'you', nativeFrom)), ` best native (${best.kernel}/${best.isa})`) : null);
    });
    return h('tr', { attrs: { 'data-kernel': kernelIsa, 'data-build': build, 'data-source': source.label === 'you' ? 'you' : 'sharer' } },
      h('td', {}, kernelIsa), h('td', {}, `${buildLabel(build)}${source.label === 'you' ? '' : `, ${source.label}`}`), ...cells);
  });
  return h('table', { className: 'results pivot' },
    h('thead', {}, h('tr', {}, h('th', {}, 'kernel'), h('th', {}, 'build'),
      ...cases.map((c) => {
        const first = all.find((r) => r.case_key === c)!;
        return h('th', { title: first.case, attrs: { 'data-case-key': c } }, label(first));
      }))),
    h('tbody', {}, ...body));
}
