// The answer first (app/answer.ts): above every screen, one plain sentence on what wasm SIMD costs
// on this machine, a small chart of its three numbers (each a bar over its range on a log scale,
// a line at the estimate, a dashed line at 1×), where each number comes from (folded away), and
// the way to the Suite for the full picture. It fills in as numbers arrive: the native numbers
// served or imported, then the viewer's first run, a Run all, or the last Suite kept in History.
import type { PuzzleView } from '../puzzle-view';
import { describeBrowser } from '../../share/js-engine';
import type { PageRecord } from '../../share/verify';
import { answerNumbers, answerSentence, COMPARISONS, plainNumber, speedWords, type AnswerNumbers } from '../answer';
import { caseTitle } from '../case-words';
import { h, replaceChildren } from '../dom';
import { SUITE_RUN } from '../history';
import { nativeElsewhere } from '../native';
import { listOf } from '../state/records';
import { catalogPuzzles } from '../state/selectors';
import type { PageState } from '../state/store';
import { allNative, nativeOriginWords } from '../suite-controller';
import { entryDate } from './history-view';
import type { Elements } from './layout';

/** The browser records the answer reads, and where they come from in words. */
function browserSource(s: PageState): { records: readonly PageRecord[]; from: string } | null {
  const mine = s.suite.mine;
  if (mine?.records.length) return { records: mine.records, from: `your Run all on this page (${mine.profile} profile${mine.state === 'running' ? ', still running' : ''})` };
  const runs = [...s.puzzles.values()].flatMap((p) => listOf(p.mine));
  if (runs.some((r) => r.build === 'wasm-simd128')) return { records: runs, from: 'your runs on this page' };
  const kept = s.history.entries.find((e) => e.puzzle === SUITE_RUN);
  if (kept) return { records: kept.records, from: `your last Run all, kept in this browser (${entryDate(kept.date)})` };
  return null;
}

// The chart's log scale: from 1/20× to 20× unless a range reaches further.
function scaleOf(numbers: AnswerNumbers): (x: number) => number {
  const ends = numbers.comparisons.flatMap((c) => (c.ratio ? [c.ratio.lo, c.ratio.hi, c.ratio.value] : [])).filter((x) => Number.isFinite(x) && x > 0);
  const lo = Math.log(Math.min(0.05, ...ends.map((x) => x / 1.5)));
  const hi = Math.log(Math.max(20, ...ends.map((x) => x * 1.5)));
  return (x) => (100 * (Math.log(Math.min(Math.max(x, Math.exp(lo)), Math.exp(hi))) - lo)) / (hi - lo);
}

function chart(numbers: AnswerNumbers): HTMLElement {
  const at = scaleOf(numbers);
  const rows = COMPARISONS.map(({ key, label }) => {
    const r = numbers.comparisons.find((c) => c.key === key)!.ratio;
    const value = r ? `${r.lo <= 1 && r.hi >= 1 ? '≈ 1' : plainNumber(r.value)}×` : 'not yet';
    return h('div', { className: 'answer-row', attrs: { 'data-answer': key } },
      h('span', { className: 'answer-label' }, label),
      h('span', { className: 'answer-track', attrs: { 'aria-hidden': 'true' } },
        h('span', { className: 'answer-one', attrs: { style: `left:${at(1)}%` } }),
        ...(r ? [
          h('span', { className: `answer-range${r.doubtful ? ' doubtful' : ''}`, attrs: { style: `left:${at(r.lo)}%;width:${Math.max(0.8, at(Number.isFinite(r.hi) ? r.hi : 1e9) - at(r.lo))}%` } }),
          h('span', { className: 'answer-value', attrs: { style: `left:${at(r.value)}%` } }),
        ] : [])),
      h('span', { className: 'answer-number' }, value));
  });
  return h('figure', { className: 'answer-chart' },
    h('figcaption', {}, 'wasm SIMD128’s speed against', h('span', { className: 'visually-hidden' }, ' each of three others, a bar over its range on a log scale with a line at 1×'), ':'),
    ...rows,
    h('div', { className: 'answer-axis', attrs: { 'aria-hidden': 'true' } },
      h('span', { attrs: { style: `left:${at(0.1)}%` } }, '0.1×'), h('span', { attrs: { style: `left:${at(1)}%` } }, '1×'), h('span', { attrs: { style: `left:${at(10)}%` } }, '10×')));
}

export function answerView(el: Elements, views: ReadonlyMap<string, PuzzleView>) {
  const heading = h('h2', { id: 'answer-heading' }, 'What wasm SIMD costs here');
  let drawn: unknown[] = [];
  return (s: PageState) => {
    if (!s.puzzleId) return;
    const inputs = [s.suite.mine, s.puzzles, s.history.entries, s.native, s.nativeNow.records, s.nativeMeasuring?.phase, s.environments, s.screen, s.puzzleId];
    if (inputs.every((x, i) => x === drawn[i])) return;
    drawn = inputs;
    const native = allNative(s);
    const titles = new Map(catalogPuzzles(s).map((p) => [p.id, p.title]));
    const browser = browserSource(s);
    // This browser's runs against native numbers from elsewhere (a shipped or served report, an
    // import) say "another machine" on their ratios.
    const places = { records: null, native: nativeElsewhere(s.native?.source) };
    const numbers = browser ? answerNumbers(browser.records, native, places) : null;
    const scope = !numbers || numbers.puzzles.length > 1 || numbers.cases === 0
      ? `the kernels of ${numbers?.puzzles.length ?? 0} puzzles (${numbers?.cases ?? 0} cases)`
      : numbers.cases === 1
        ? (() => {
          const r = browser!.records.find((x) => x.build === 'wasm-simd128')!;
          return caseTitle(views, titles.get(r.puzzle) ?? r.puzzle, r);
        })()
        : `${titles.get(numbers.puzzles[0]!) ?? numbers.puzzles[0]} (${numbers.cases} cases)`;
    const sentence = numbers ? answerSentence(numbers, scope) : null;
    const env = s.environments.get('simd128') ?? s.environments.get('baseline');
    const nativeEnv = s.native?.source.report.environment ?? s.nativeNow.environment;

    let lead: string;
    if (sentence) lead = sentence;
    else if (native.length) {
      const measuring = s.nativeMeasuring ? ' (more are being measured)' : '';
      lead = `This machine’s native numbers are here${measuring}: press Run on a puzzle, or Run all in the Suite, and this says how fast wasm SIMD128 runs against them here, against the same kernels natively, and against wasm without SIMD.`;
    } else if (s.nativeMeasuring) lead = 'This machine’s native numbers are being measured; meanwhile press Run on a puzzle: once both sides have numbers, this says what wasm SIMD costs here.';
    else lead = 'No native numbers on this page yet (npm start measures them; or import a report): press Run on a puzzle to time wasm SIMD128 against wasm without SIMD here.';

    // Where each number comes from, and every doubt in full: folded, the sentence stays short.
    const doubts = (numbers?.comparisons ?? []).filter((c) => c.ratio?.doubtful).map((c) => `${COMPARISONS.find((x) => x.key === c.key)!.label}: ${c.ratio!.doubtful}`);
    const sources = h('details', { className: 'answer-sources' },
      h('summary', {}, 'Where these numbers come from'),
      h('ul', {},
        h('li', {}, `wasm: ${browser ? `${browser.from}, ${env ? describeBrowser(env) : 'this browser'}` : 'nothing measured yet'}.`),
        h('li', {}, `native: ${native.length ? `${nativeOriginWords(s)}${nativeEnv ? `, ${nativeEnv.cpu}` : ''}` : 'none yet'}.`),
        numbers ? h('li', {}, `Each number is the geometric mean over the ${numbers.cases} cases wasm SIMD128 ran (${numbers.puzzles.map((p) => titles.get(p) ?? p).join(', ')}) of the fastest SIMD kernel’s speed in wasm SIMD128 against the best native kernel and against the same kernel natively, and of SIMD128’s fastest kernel against the baseline’s, with the range both sides’ noise allows.${(numbers.comparisons.find((c) => c.key === 'simd')?.cases ?? 0) === 0 ? ' Against wasm without SIMD: tick the baseline build, or Run all in the Suite.' : ''}`) : null,
        ...doubts.map((d) => h('li', {}, `Doubtful, ${d.length > 400 ? `${d.slice(0, 400)}…` : d}.`))));
    // On a puzzle's tab, that puzzle's own line when the sentence is about several.
    const here = numbers && numbers.puzzles.length > 1 && s.screen === 'puzzle' && browser ? answerNumbers(browser.records.filter((r) => r.puzzle === s.puzzleId), native, places).comparisons[0]!.ratio : null;
    replaceChildren(el.answer,
      heading,
      h('p', { className: 'answer-sentence', attrs: { 'data-answer': sentence ? 'answer' : 'waiting' } }, lead),
      here ? h('p', { className: 'answer-here' }, `On ${titles.get(s.puzzleId) ?? s.puzzleId}, wasm SIMD128 runs ${speedWords(here, 'the best native code')}.`) : null,
      numbers && sentence ? chart(numbers) : null,
      h('div', { className: 'answer-more' }, sources, s.screen === 'suite' ? null : h('a', { attrs: { href: '#suite' } }, 'Every puzzle and kernel: the Suite')));
  };
}
