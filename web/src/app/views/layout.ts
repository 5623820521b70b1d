// The page's skeleton: the places each view draws into, made once. Wide screens put the run
// settings on the left and the results beside them; narrow ones stack params, Run, results, then
// the kernel list and the explainer (styles.css).
import { append, h } from '../dom';
import { NATIVE_REPORT_COMMAND } from '../native';

export function layout() {
  const el = {
    tabs: h('nav', { className: 'tabs', attrs: { 'aria-label': 'puzzles' } }),
    notices: h('section', { className: 'notices', attrs: { 'aria-label': 'notices', 'aria-live': 'polite' } }),
    intro: h('section', { className: 'intro' }),
    // Everything a run reads: disabled as a whole while a run is in progress.
    inputs: h('fieldset', { className: 'run-inputs' }),
    params: h('div', { className: 'params-box' }),
    kernels: h('div', { className: 'kernel-box' }),
    progress: h('progress', { attrs: { max: '1', value: '0' } }),
    status: h('p', { className: 'status', attrs: { role: 'status' } }),
    run: h('button', { id: 'run', attrs: { type: 'button' } }, 'Run'),
    bench: h('div', { className: 'bench-row' }),
    stop: h('button', { id: 'stop', attrs: { type: 'button' } }, 'Stop'),
    busy: h('p', { className: 'busy' }),
    confirm: h('div', { className: 'confirm', attrs: { role: 'alert' } }),
    illustration: h('div', { className: 'illustration' }),
    heading: h('div', { className: 'results-heading' }),
    table: h('div', { className: 'table-wrap' }),
    legend: h('div', { className: 'legend' }),
    cases: h('div', { className: 'case-chips' }),
    chart: h('canvas', { attrs: { 'aria-label': 'median time per kernel' } }),
    extra: h('div', { className: 'extra' }),
    listing: h('div', { className: 'listing' }),
    environment: h('section', { className: 'environment', attrs: { 'aria-label': 'environment' } }),
    // "Measure natively now", inside the Native panel (views/native-now-view.ts): one element for
    // the page's life, so a redraw of the panel keeps its button and progress.
    nativeNow: h('div', { className: 'native-now' }),
    copy: h('button', { id: 'copy-link', attrs: { type: 'button' } }, 'Copy link'),
    share: h('input', { id: 'share-link', attrs: { type: 'text', readonly: '', 'aria-label': 'share link', placeholder: 'Copy link puts the link here' } }),
    download: h('button', { id: 'download', attrs: { type: 'button' } }, 'Download results'),
    downloadFormat: h('select', { id: 'download-format', attrs: { 'aria-label': 'download format' } },
      h('option', { attrs: { value: 'json' } }, 'JSON (imports back)'), h('option', { attrs: { value: 'csv' } }, 'CSV')),
    importInput: h('input', { id: 'import-native', attrs: { type: 'file', accept: 'application/json,.json' } }),
    importZone: h('label', { className: 'import', attrs: { for: 'import-native' } }),
    // The History screen (#history) takes the place of the puzzle's (views/history-view.ts).
    history: h('section', { className: 'history', attrs: { 'aria-labelledby': 'history-heading', hidden: '' } }),
    // The Suite screen (#suite) too (views/suite-view.ts).
    suite: h('section', { className: 'suite', attrs: { 'aria-labelledby': 'suite-heading', hidden: '' } }),
    // A puzzle's screen; with the History and Suite screens inside the page's one <main>, so the
    // landmark is there whichever screen is open.
    main: h('div', { className: 'puzzle-screen' }),
    // The answer first (views/answer-view.ts): what wasm SIMD costs here, above every screen.
    answer: h('section', { className: 'answer', attrs: { 'aria-labelledby': 'answer-heading' } }),
    // The puzzle's "Your kernel" section, when it has a playground slot (app/playground/).
    playground: h('div', { className: 'area-playground', attrs: { hidden: '' } }),
    shareRow: h('section', { className: 'share-row', attrs: { 'aria-label': 'share, export and import' } }),
  };
  el.importZone.append('Import your machine’s native results (the JSON from ', h('code', {}, NATIVE_REPORT_COMMAND), '), or a browser’s from Download results: drop it here, or pick it: ', el.importInput);
  const root = h('div', { className: 'page' },
    h('header', {}, h('h1', {}, 'simd-puzzles'), h('p', { className: 'tagline' }, 'The same C++ kernels natively and in your browser: what SIMD buys, side by side.'), el.tabs),
    el.notices,
    h('main', {}, el.answer, el.main, el.history, el.suite),
    append(el.shareRow, el.copy, el.share, h('span', { className: 'download-group' }, el.download, el.downloadFormat), el.importZone),
    el.environment,
    h('footer', {}, 'Native: ', h('code', {}, 'npm start'), ' measures this machine; ', h('code', {}, NATIVE_REPORT_COMMAND), ' anywhere else. Nothing you pick here is uploaded.'),
  );
  // The puzzle screen's parts, in the order the eye reads them, which the Tab key follows: wide
  // screens read the left column (params, Run, kernels, explainer), then the results beside it;
  // narrow ones stack params, Run, the results, then the kernels and the explainer (styles.css
  // places them; the DOM order is what Tab follows, so it changes with the layout).
  const areas = {
    params: h('section', { className: 'area-params' }, el.params),
    run: h('section', { className: 'area-run' },
      h('div', { className: 'run-row' }, el.run, el.stop), el.confirm, el.busy, el.bench, el.progress, el.status),
    results: h('section', { className: 'area-results' }, el.heading, el.table, el.legend, el.cases, el.illustration, h('div', { className: 'chart-wrap' }, el.chart), el.extra, el.listing),
    kernels: h('section', { className: 'area-kernels' }, el.kernels,
      h('p', { className: 'hint' }, 'Keep DevTools closed while timing: opening them makes V8 swap optimised wasm for its baseline compiler.')),
    intro: h('section', { className: 'area-intro' }, el.intro),
    // "Your kernel" (app/playground/): on the puzzles with a playground slot, below the rest.
    playground: el.playground,
  };
  const stacked = window.matchMedia(STACKED_LAYOUT);
  const order = () => {
    const { params, run, results, kernels, intro, playground } = areas;
    el.main.append(...(stacked.matches ? [params, run, results, playground, kernels, intro] : [params, run, kernels, intro, results, playground]));
  };
  order();
  stacked.addEventListener('change', order);
  return { root, el };
}

/** Where the puzzle screen stacks its parts in one column (styles.css, the same width). */
export const STACKED_LAYOUT = '(max-width: 900px)';

export type Elements = ReturnType<typeof layout>['el'];

/** Shows the screen the state names: a puzzle's (its run area, share row and environment), the
 * history's or the suite's. */
export function showScreen(el: Elements, screen: 'puzzle' | 'history' | 'suite') {
  // On the History, the answer's chart would only push the list down; the sentence stays above.
  el.answer.classList.toggle('compact', screen === 'history');
  el.main.hidden = screen !== 'puzzle';
  el.shareRow.hidden = screen !== 'puzzle';
  el.environment.hidden = screen !== 'puzzle';
  el.history.hidden = screen !== 'history';
  el.suite.hidden = screen !== 'suite';
}
