// The Suite screen (#suite), drawn from the state: what Run all runs, Run all and Stop, one
// progress bar for the whole suite (puzzle, case, kernel, time left) with a live region that says
// only what a listener needs (which puzzle, and how it ended), the scoreboard of the viewer's last
// Run all (its environment, one row per puzzle, the geometric means, one chart), Copy link and
// Download results, and a shared suite's claimed scoreboard. It takes the place of the puzzle
// screen while open.
import type { Chart } from 'chart.js';
import type { PuzzleView } from '../puzzle-view';
import { buildInfo, buildLabel, SIDE_COLOURS } from '../../share/builds';
import { describeBrowser } from '../../share/js-engine';
import type { Environment } from '../../share/schema';
import type { PageRecord } from '../../share/verify';
import { caseWords } from '../case-words';
import { drawRatioChart, type SeriesPattern } from '../chart';
import { fitAsCards, h, replaceChildren } from '../dom';
import { formatDuration, formatWait } from '../format';
import { machineOf, SUITE_RUN } from '../history';
import { estimateCell, FROM_LINK, marksLegend, nativeCell, timingClaim, verdict } from '../results';
import { nativeElsewhere } from '../native';
import { catalogPuzzles } from '../state/selectors';
import type { PageState, SuiteProfile } from '../state/store';
import { allNative, nativeOriginWords } from '../suite-controller';
import { RATIO_COLUMNS, scoreRows, suiteMeans, suitePlan, timeLeft, type RatioKey, type ScoreRow } from '../suite';
import type { DownloadFormat } from '../download';
import { showScreen, type Elements } from './layout';

export interface SuiteActions {
  runAll(): void;
  stop(): void;
  copyLink(): void;
  download(format: DownloadFormat): void;
  /** A file picked or dropped on the Suite screen (app/file-import.ts). */
  importFile(file: File | undefined): void;
}

// Each column's colour and fill pattern in the chart: told apart by pattern and lightness, not by
// hue alone (the two native columns share orange's hue: light and solid against dark and striped).
const SERIES: Record<RatioKey, { colour: string; pattern: SeriesPattern }> = {
  native: { colour: SIDE_COLOURS.native, pattern: 'solid' },
  'same-kernel': { colour: '#7a3e0c', pattern: 'stripes' },
  simd: { colour: buildInfo('simd128').colour, pattern: 'dots' },
  relaxed: { colour: buildInfo('relaxed').colour, pattern: 'stripes' },
  peer: { colour: SIDE_COLOURS.peer, pattern: 'cross' },
  js: { colour: buildInfo('js').colour, pattern: 'rungs' },
};

const PROFILE_TEXT: Record<SuiteProfile, string> = {
  full: 'each kernel timed by the harness’s own rules (at least 11 samples of 10 ms or more)',
  smoke: 'the smoke profile (#suite?profile=smoke): 3 samples of 1 ms or more per kernel, for tests and a first look; noisier',
};

// The wasm side of the native columns: the fastest SIMD kernel in the SIMD128 build (suite.ts,
// fastestSimdKernel), so that what SIMD costs is not muddled by a scalar kernel that wins.
const BEST_WASM = 'best SIMD128 kernel';
const HEADER_TITLES: Record<string, string> = {
  'best-wasm': 'the fastest SIMD kernel in wasm SIMD128 (a faster scalar kernel is named below it)',
  'best-native': 'the fastest native kernel of the case, any kernel and ISA (AVX2, AVX-512, NEON…)',
};

// A cell with nothing to say ("–") is left out of a card (styles.css, data-empty).
const cell = (col: string, label: string, ...content: (Node | string | null)[]) =>
  h('td', { attrs: { 'data-col': col, 'data-label': label, ...(content.every((c) => c === '–' || c === '' || c === null) ? { 'data-empty': '' } : {}) } }, ...content);

export function suiteView(el: Elements, actions: SuiteActions, views: ReadonlyMap<string, PuzzleView>) {
  const heading = h('h2', { id: 'suite-heading', attrs: { tabindex: '-1' } }, 'Suite');
  const plan = h('div', { className: 'suite-plan' });
  const runAll = h('button', { id: 'run-all', attrs: { type: 'button' }, on: { click: () => actions.runAll() } }, 'Run all');
  const stop = h('button', { id: 'suite-stop', attrs: { type: 'button' }, on: { click: () => actions.stop() } }, 'Stop');
  const progress = h('progress', { id: 'suite-progress', attrs: { max: '1', value: '0' } });
  // What runs now, to the kernel, and the time left: it changes many times a second, so it is no
  // live region; `live` says only which puzzle runs and how the run ended.
  const detail = h('p', { className: 'suite-detail', id: 'suite-detail' });
  const live = h('p', { className: 'suite-status', attrs: { role: 'status' } });
  const board = h('section', { className: 'suite-board', attrs: { 'aria-labelledby': 'suite-board-heading' } });
  const boardHeading = h('h3', { id: 'suite-board-heading', attrs: { tabindex: '-1' } }, 'Scoreboard');
  const boardBody = h('div', {});
  const chartCanvas = h('canvas', { attrs: { role: 'img', 'aria-label': 'speed ratios per puzzle, each drawn as its range: a bar from the low to the high end that both sides’ noise allows, a dark line at the medians’ ratio, and a dashed line at 1× (a bar across it reads ≈ 1× in the table above, which gives every number)' } });
  const chartWrap = h('div', { className: 'chart-wrap suite-chart' }, chartCanvas);
  const format = h('select', { id: 'suite-download-format', attrs: { 'aria-label': 'download format' } },
    h('option', { attrs: { value: 'json' } }, 'JSON (imports back)'), h('option', { attrs: { value: 'csv' } }, 'CSV'));
  const download = h('button', { id: 'suite-download', attrs: { type: 'button' }, on: { click: () => actions.download(format.value === 'csv' ? 'csv' : 'json') } }, 'Download results');
  const copy = h('button', { id: 'suite-copy-link', attrs: { type: 'button' }, on: { click: () => actions.copyLink() } }, 'Copy link');
  const link = h('input', { id: 'suite-link', attrs: { type: 'text', readonly: '', 'aria-label': 'suite link', placeholder: 'Copy link puts the suite’s link here' } });
  // The picker a puzzle's tab has, here too: a Suite file opens its scoreboard on this screen.
  const importInput = h('input', { id: 'suite-import', attrs: { type: 'file', accept: 'application/json,.json' } });
  importInput.addEventListener('change', () => {
    actions.importFile(importInput.files?.[0]);
    importInput.value = ''; // the same file picked again is read again
  });
  const importZone = h('label', { className: 'import', attrs: { for: 'suite-import' } }, 'Open a Suite file (Download results as JSON, from this browser or another), or any results file: drop it here, or pick it: ', importInput);
  importZone.addEventListener('dragover', (e) => {
    e.preventDefault();
    importZone.classList.add('dragging');
  });
  importZone.addEventListener('dragleave', () => importZone.classList.remove('dragging'));
  importZone.addEventListener('drop', (e) => {
    e.preventDefault();
    importZone.classList.remove('dragging');
    actions.importFile(e.dataTransfer?.files[0]);
  });
  const share = h('div', { className: 'suite-share share-row' }, copy, link, h('span', { className: 'download-group' }, download, format), importZone);
  const claimed = h('section', { className: 'suite-claimed', attrs: { 'aria-labelledby': 'suite-claimed-heading' } });
  board.append(boardHeading, boardBody, chartWrap);
  // Put on the page when the screen first opens: until then a puzzle's tab has the page's only
  // progress bar and chart.
  const mount = () => replaceChildren(el.suite, heading,
    h('p', { className: 'hint' }, 'Run all times every puzzle on one quick case: every kernel, in each wasm build this browser runs (SIMD128; relaxed SIMD where the browser validates it; the baseline without SIMD), plain JavaScript too where that build is picked on a puzzle’s tab, and chess.js on chess. The scoreboard then sets the best of each side against the others, every ratio with the range both sides’ noise allows.'),
    plan,
    h('div', { className: 'run-row' }, runAll, stop),
    h('label', { attrs: { for: 'suite-progress' } }, 'Suite progress'), progress, detail, live,
    board, share, claimed);

  let chart: Chart | null = null;
  let drawn: unknown[] = [];
  let running = false;
  let ticker = 0;
  let latest: PageState | null = null;
  const fit = () => {
    for (const table of el.suite.querySelectorAll<HTMLElement>('table.suite-table')) fitAsCards(table, table.parentElement ?? el.suite);
  };
  window.addEventListener('resize', fit);

  // The detail line: the run controller's status (puzzle, case, build, kernel, step) and the time
  // left, from the time spent so far and the fraction of kernel runs done.
  const drawDetail = () => {
    const s = latest;
    if (!s) return;
    const mineRuns = s.run?.puzzle === SUITE_RUN;
    if (!mineRuns) {
      detail.textContent = s.suite.mine ? '' : 'Not run yet on this page.';
      return;
    }
    const elapsed = (performance.now() - s.run!.startedAt) / 1000;
    const left = timeLeft(elapsed, s.progress);
    const wait = left === null ? '' : left < 90 ? ` · about ${Math.max(1, Math.round(left))} s left` : ` · about ${formatWait(left)} left`;
    detail.textContent = `${s.status} · ${Math.round(100 * s.progress)} % · ${elapsed.toFixed(0)} s${wait}`;
  };

  return (s: PageState) => {
    latest = s;
    showScreen(el, s.screen);
    if (s.screen !== 'suite' || !s.puzzleId) return;
    if (!heading.isConnected) mount();
    const busy = s.run !== null;
    const ours = s.run?.puzzle === SUITE_RUN;
    runAll.disabled = busy || s.nativeNow.run?.state === 'running' || s.nativeNow.run?.state === 'starting';
    stop.disabled = !ours;
    progress.value = ours || s.suite.mine ? (ours ? s.progress : s.suite.mine?.state === 'finished' ? 1 : s.progress) : 0;
    // Focus: a run started from the keyboard hands it to Stop, one that ends to the scoreboard.
    if (ours !== running) {
      running = ours;
      const at = document.activeElement;
      const lost = (...from: Element[]) => at === null || at === document.body || from.includes(at);
      if (running && lost(runAll)) stop.focus();
      if (!running && lost(runAll, stop)) boardHeading.focus();
      window.clearInterval(ticker);
      if (running) ticker = window.setInterval(drawDetail, 500);
    }
    drawDetail();
    const mine = s.suite.mine;
    live.textContent = ours && mine?.current
      ? `Run all is running: ${catalogPuzzles(s).find((p) => p.id === mine.current!.puzzle)?.title ?? mine.current.puzzle} (puzzle ${mine.current.index} of ${mine.current.count}).`
      : busy ? `${s.run!.what} is running; Run all waits for it to end.` : mine && mine.state !== 'running' ? s.status : '';
    if (s.suite.shareUrl !== link.value) link.value = s.suite.shareUrl;
    download.disabled = copy.disabled = !mine?.records.length || ours;

    const inputs = [s.suite.mine?.records, s.suite.mine?.state, s.suite.claimed, s.native, s.nativeNow.records, s.catalogs, s.builds, s.peerUnavailable, s.suite.profile, s.environments];
    if (inputs.every((x, i) => x === drawn[i])) return;
    drawn = inputs;
    drawPlan(s);
    const titles = new Map(catalogPuzzles(s).map((p) => [p.id, p.title]));
    const browserEnv = s.environments.get('simd128') ?? s.environments.get('baseline') ?? null;
    const nativeSource = s.native?.source ?? null;
    const nativeEnv = nativeSource?.report.environment ?? s.nativeNow.environment;
    if (mine?.records.length) {
      // Your runs against native numbers from elsewhere (a shipped or served report, an import):
      // their ratios say "another machine".
      const rows = scoreRows(mine.records, allNative(s), { records: null, native: nativeElsewhere(nativeSource) });
      replaceChildren(boardBody,
        header(browserEnv, nativeEnv, nativeEnv ? nativeOriginWords(s) : null, mine.profile, mine.state),
        scoreTable(rows, titles, { claim: false, nativeIsClaim: nativeSource !== null && nativeSource.origin !== 'same-machine', label: 'your scoreboard' }));
      chartWrap.hidden = false;
      chart = drawRatioChart(chartCanvas, chart, rows.map((r) => titles.get(r.puzzle) ?? r.puzzle), RATIO_COLUMNS.map((c) => ({ label: c.label, ...SERIES[c.key], ratios: rows.map((r) => r.ratios[c.key]) })));
    } else {
      chart?.destroy();
      chart = null;
      chartWrap.hidden = true;
      replaceChildren(boardBody, h('p', { className: 'empty' }, 'Press Run all: the scoreboard fills in as each puzzle finishes.'));
    }
    drawClaimed(s, titles);
    // The marks the tables use, explained in words (not only in tooltips).
    board.querySelector('.legend')?.remove();
    const legend = marksLegend(el.suite);
    if (legend) boardBody.append(h('div', { className: 'legend' }, legend));
    fit();
  };

  function drawPlan(s: PageState) {
    const parts = suitePlan(catalogPuzzles(s), s.catalogs, s.builds, views, s.peerUnavailable, () => 'its default case');
    const cases = (id: string, names: string[]) => {
      const bench = catalogPuzzles(s).find((p) => p.id === id)?.bench_cases ?? [];
      return names.map((n) => {
        const c = bench.find((x) => x.name === n);
        return c ? caseWords(views, { puzzle: id, params: c.params }) : n;
      }).join('; ');
    };
    replaceChildren(plan,
      h('details', {}, h('summary', {}, `What Run all runs: ${parts.length} puzzles, ${PROFILE_TEXT[s.suite.profile].split(' (')[0]}`),
        h('ul', {}, ...parts.map((p) => h('li', { attrs: { 'data-suite-puzzle': p.puzzle } },
          h('strong', {}, p.title), `: ${cases(p.puzzle, p.cases)} · ${p.builds.map((b) => buildInfo(b.build).label).join(', ')}${p.peers.length ? ` · ${p.peers.map((x) => x.peer.kernel).join(', ')}` : ''}. `,
          h('small', { className: 'hint' }, `Why: ${p.why}.`)))),
        h('p', { className: 'hint' }, `Profile: ${PROFILE_TEXT[s.suite.profile]}. On a 2-core VM the full Run all took about 46 s while other work shared its cores (2026-11-28; docs/results.md).`)));
  }

  function header(browser: Environment | null, native: Environment | null, origin: string | null, profile: SuiteProfile | null, state: string, noNative = 'no native numbers on this page yet'): HTMLElement {
    return h('dl', { className: 'suite-env', attrs: { 'aria-label': 'where these numbers were measured' } },
      h('div', {}, h('dt', {}, 'browser'), h('dd', { attrs: { 'data-env': 'suite-browser' } }, browser ? `${describeBrowser(browser)} · ${machineOf(browser)}${browser.cross_origin_isolated ? ' · cross-origin isolated' : ''}` : 'unknown')),
      h('div', {}, h('dt', {}, 'native'), h('dd', { attrs: { 'data-env': 'suite-native' } }, native ? `${native.cpu} · ${native.compiler}${origin ? ` (${origin})` : ''}` : noNative)),
      h('div', {}, h('dt', {}, 'run'), h('dd', {}, `${profile ? PROFILE_TEXT[profile].split(' (')[0] : 'profile not recorded in the file'}${state === 'running' ? ' · running' : state === 'stopped' ? ' · stopped before the end: the rows show what it measured' : state === 'failed' ? ' · failed' : ''}`)));
  }

  function scoreTable(rows: readonly ScoreRow[], titles: ReadonlyMap<string, string>, opts: { claim: boolean; nativeIsClaim: boolean; label: string }): HTMLElement {
    const columns = RATIO_COLUMNS.filter((c) => (c.key !== 'peer' && c.key !== 'js' && c.key !== 'relaxed') || rows.some((r) => r.ratios[c.key] !== null));
    const median = (r: PageRecord) => h('span', {}, `${formatDuration(r.timing!.median_ns)}`, opts.claim ? ' ' : null, opts.claim ? timingClaim('the sharer’s') : null);
    const kernel = (r: PageRecord, build: boolean) => h('span', {}, h('span', { className: 'nobreak' }, `${r.kernel}/${r.isa}`), build ? ` ${buildLabel(r.build)}` : '', ' ', verdict(r));
    const body = rows.map((row) => h('tr', { attrs: { 'data-puzzle': row.puzzle, 'data-case-key': row.caseKey } },
      cell('puzzle', 'puzzle', h('strong', {}, titles.get(row.puzzle) ?? row.puzzle), h('small', { className: 'suite-case', title: row.caseLabel }, caseLabel(row))),
      cell('best-wasm', BEST_WASM, ...(row.bestSimdKernel ? [kernel(row.bestSimdKernel, false), h('br'), median(row.bestSimdKernel)] : ['–']),
        // A scalar kernel faster in wasm is named apart: not the SIMD side, but worth knowing.
        row.bestWasm && row.bestWasm !== row.bestSimdKernel && (!row.bestSimdKernel || row.bestWasm.timing!.median_ns < row.bestSimdKernel.timing!.median_ns)
          ? h('small', { className: 'suite-case', attrs: { 'data-fastest-wasm': '' } }, `fastest in wasm: ${row.bestWasm.kernel}/${row.bestWasm.isa} ${buildLabel(row.bestWasm.build)}, ${formatDuration(row.bestWasm.timing!.median_ns)}`)
          : null),
      cell('best-native', 'best native', row.bestNative ? nativeCell(row.bestNative, `, ${row.bestNative.kernel}`, opts.nativeIsClaim || opts.claim, null) : h('span', { attrs: { 'data-no-native': '' } }, 'no native number for this case')),
      ...columns.map((c) => cell(c.key, c.label, estimateCell(row.ratios[c.key], c.title)))));
    const means = suiteMeans(rows);
    const foot = h('tr', { className: 'suite-mean', attrs: { 'data-row': 'geomean' } },
      cell('puzzle', 'puzzle', h('strong', {}, 'geometric mean'), h('small', { className: 'suite-case' }, `over the ${rows.length} puzzles`)),
      cell('best-wasm', BEST_WASM, ''), cell('best-native', 'best native', ''),
      ...columns.map((c) => {
        const m = means[c.key];
        return cell(c.key, c.label, ...(m ? [estimateCell(m.ratio, `geometric mean of ${c.title}`), m.count < rows.length ? h('small', { className: 'suite-case' }, `${m.count} of ${rows.length} puzzles`) : null] : ['–']));
      }));
    return h('div', { className: 'table-wrap suite-table-wrap' },
      h('table', { className: 'results suite-table', attrs: { 'data-table': opts.claim ? 'suite-claimed' : 'suite' } },
        h('caption', { className: 'visually-hidden' }, `${opts.label}: per puzzle, speed ratios (above 1×: the first side is faster)`),
        h('thead', {}, h('tr', {}, ...[['puzzle', 'puzzle'], ['best-wasm', BEST_WASM], ['best-native', 'best native'], ...columns.map((c) => [c.key, c.label])].map(([col, label]) => h('th', { attrs: { 'data-col': col!, scope: 'col', title: columns.find((c) => c.key === col)?.title ?? HEADER_TITLES[col!] ?? '' } }, label!)))),
        h('tbody', {}, ...body),
        h('tfoot', {}, foot)));
  }

  /** The case in words (case-words.ts), else as the engine names it. */
  function caseLabel(row: ScoreRow): string {
    const record = row.bestSimdKernel ?? row.bestWasm ?? row.bestSimd ?? row.bestBaseline ?? row.bestJs ?? row.peer;
    return record ? caseWords(views, record) : row.caseLabel;
  }

  function drawClaimed(s: PageState, titles: ReadonlyMap<string, string>) {
    const c = s.suite.claimed;
    if (!c) {
      replaceChildren(claimed);
      return;
    }
    // Both sides are the sharer's: their own ratios, on their machine.
    const rows = scoreRows(c.records, c.native, { records: FROM_LINK, native: FROM_LINK });
    const source = c.from ? `a file, ${c.from}` : 'a link';
    replaceChildren(claimed,
      h('h3', { id: 'suite-claimed-heading' }, c.from ? `Suite from ${c.from} (claimed)` : 'Shared suite (claimed)'),
      h('p', { className: 'hint' }, `A scoreboard from ${source}: measured in another browser or at another time, not in this run. Its timings are claims (checked for plausibility, not re-measured); its answers are ${c.recheck === 'running' ? 'being re-checked' : 're-checked'} here against published answers and your own reference runs.${c.from && !c.nativeEnvironment ? ' This file holds no native numbers (an older download): its native columns stay empty.' : ''}`),
      header(c.environment, c.nativeEnvironment, c.nativeEnvironment ? 'the sharer’s native numbers' : null, c.profile, 'finished', c.from ? 'none in the file' : 'none in the link'),
      scoreTable(rows, titles, { claim: true, nativeIsClaim: true, label: 'the shared scoreboard' }));
  }
}
