// The results, drawn from the state: the heading, the table of the case on screen (or the pivot of
// several cases), the chips of other cases held, the drawing of the case, the chart, the puzzle's
// own panels, and the environments the numbers come from.
import type { Chart } from 'chart.js';
import type { PuzzleView, ResultsContext } from '../puzzle-view';
import type { PageRecord } from '../../share/verify';
import { caseTitle } from '../case-words';
import { drawChart } from '../chart';
import { append, fitAsCards, h, labelCells, replaceChildren } from '../dom';
import type { Engine } from '../engine';
import { environmentPanel } from '../environment';
import { nativeElsewhere, nativeOriginLabel } from '../native';
import { engineLabels, marksLegend, pivotTable, resultsTable } from '../results';
import { listOf, ofCase } from '../state/records';
import { caseChips, caseOnScreen, nativeRecords, puzzleOf, puzzleStateOf } from '../state/selectors';
import type { PageState, PuzzleState } from '../state/store';
import { sourcesOf, summaryPanel } from '../summary';
import type { Actions } from './actions';
import type { Elements } from './layout';

export function resultsView(el: Elements, actions: Actions, views: ReadonlyMap<string, PuzzleView>, engine: Engine) {
  let chart: Chart | null = null;
  let drawn: unknown[] = [];

  // The run table fits its box: as a table where its columns fit, else with each row a card (a
  // phone, a large font), never wider than the page.
  const fit = () => fitAsCards(el.table.querySelector('table[data-table="run"], table.pivot'), el.table);
  window.addEventListener('resize', fit);

  // The heading is one element for the page's life, changed in place: a run that ends hands it the
  // focus (focus-view.ts), and a redraw that replaced it would drop that focus to the body.
  const heading = h('h3', { attrs: { tabindex: '-1' } });
  const setHeading = (text: string, caseKey: string | null, ...after: Node[]) => {
    heading.textContent = text;
    if (caseKey === null) heading.removeAttribute('data-case-key');
    else heading.setAttribute('data-case-key', caseKey);
    if (heading.parentElement !== el.heading) el.heading.replaceChildren(heading);
    while (heading.nextSibling) heading.nextSibling.remove();
    append(el.heading, ...after);
  };

  const dropChart = () => {
    chart?.destroy();
    chart = null;
    el.chart.parentElement?.classList.add('empty-chart');
  };

  return (s: PageState) => {
    if (!s.puzzleId) return;
    const p = puzzleStateOf(s);
    // Redraw only when something shown changed: a run's progress events leave the results alone.
    const inputs = [s.puzzleId, p, s.native, s.environments, s.nativeMeasuring?.phase, s.nativeNow.records, s.nativeNow.environment];
    if (inputs.length === drawn.length && inputs.every((x, i) => x === drawn[i])) return;
    drawn = inputs;
    draw(s, p);
    replaceChildren(el.legend, marksLegend(el.table));
    // A pivot of many cases may be wider than the page: its box scrolls, and a keyboard can too.
    const pivot = el.table.querySelector('table.pivot') !== null;
    for (const [name, value] of [['role', 'region'], ['aria-label', 'benchmark cases'], ['tabindex', '0']] as const) {
      if (pivot) el.table.setAttribute(name, value);
      else el.table.removeAttribute(name);
    }
  };

  function draw(s: PageState, p: PuzzleState) {
    const puzzle = puzzleOf(s);
    const view = views.get(puzzle.id);
    const native = nativeRecords(s, puzzle.id);
    const check = caseOnScreen(p);
    const key = check?.case_key ?? null;
    const mine = listOf(p.mine);
    const shared = listOf(p.shared);
    const browserEnv = s.environments.get('simd128') ?? s.environments.get('baseline') ?? null;
    // A sharer's run in another engine (a Firefox link in Chromium): tables and chart name both.
    const engines = engineLabels(browserEnv?.engine, p.sharer?.environment.engine);

    const context: ResultsContext = { mine, native, shared, nativeFrom: nativeElsewhere(s.native?.source), params: check?.params ?? p.params, caseKey: key, engine };
    replaceChildren(el.extra, view?.extraResults ? view.extraResults(context) : summaryPanel(puzzle.id, sourcesOf(context), engine));
    replaceChildren(el.environment, h('h2', {}, 'Environment'), environmentPanel(browserEnv, s.native?.source ?? null, p.sharer, s.nativeMeasuring, s.isolation, s.nativeNow.environment, el.nativeNow));
    // A drawing belongs to its case: an invalid param shows none, a stopped run keeps the one it
    // had, and a table of several cases shows none.
    const drawing = key !== null && p.view.kind === 'case' ? p.drawings.get(key) : undefined;
    replaceChildren(el.illustration, drawing !== undefined && view?.illustrate ? view.illustrate(drawing, check!.params) : null);

    const label = (r: PageRecord) => (view?.caseLabel ? view.caseLabel(r, r.input && p.fileNames.get(r.input.fnv1a64)) : r.case);
    const chips = caseChips(p, key);
    replaceChildren(el.cases, ...(chips.length ? [h('span', { className: 'hint' }, 'Results held for: '),
      ...chips.map((c) => h('button', {
        className: 'chip',
        attrs: { type: 'button', 'data-case-key': c.key, title: c.record.case },
        on: { click: () => actions.showCase(c.record) },
      }, label(c.record), h('small', {}, [c.yours ? ` ${c.yours} yours` : '', c.shared ? ` ${c.shared} shared` : ''].join(''))))] : []));

    if (p.view.kind === 'cases') {
      const keys = p.view.keys;
      const sources = [{ label: 'you', records: mine.filter((r) => keys.includes(r.case_key)) }, { label: engines ? `sharer, ${engines.sharer}` : 'sharer', records: shared.filter((r) => keys.includes(r.case_key)) }].filter((x) => x.records.length);
      setHeading(`Benchmark cases: ${puzzle.title}`, null,
        h('p', { className: 'hint' }, 'Edit a parameter or pick a case below to see one case in full.'));
      const pivot = labelCells(pivotTable(sources, native, keys, label, nativeElsewhere(s.native?.source)) as HTMLTableElement);
      replaceChildren(el.table, pivot);
      fitAsCards(pivot, el.table);
      dropChart();
      return;
    }
    if (!check) {
      setHeading(`Results for ${puzzle.title}`, null);
      replaceChildren(el.table, h('p', { className: 'empty' }, p.check ? 'The parameters have an error (see above): no case to show.' : 'Checking the parameters…'));
      dropChart();
      return;
    }
    const mineHere = ofCase(mine, check.case_key);
    const sharedHere = ofCase(shared, check.case_key);
    const nativeHere = ofCase(native, check.case_key);
    setHeading(`Results for ${caseTitle(views, puzzle.title, { puzzle: puzzle.id, params: check.params }, p.file?.name)}`, check.case_key);
    if (!mineHere.length && !sharedHere.length) {
      // At most two lines: the heading names the case, and native numbers are mentioned only
      // where they exist.
      replaceChildren(el.table, h('p', { className: 'empty' }, nativeHere.length
        ? 'Press Run to set your times beside this machine’s native numbers for this case.'
        : 'Press Run to time the selected kernels on this case.'));
      dropChart();
      return;
    }
    replaceChildren(el.table, resultsTable({ mine: mineHere, native: nativeHere, shared: sharedHere, workUnit: check.work_unit, peers: (view?.peers ?? []).map((x) => x.peer), nativeIsClaim: s.native !== null && s.native.source.origin !== 'same-machine', nativeOrigin: s.native ? nativeOriginLabel(s.native.source) : null, engines }));
    fit();
    el.chart.parentElement?.classList.remove('empty-chart');
    chart = drawChart(el.chart, chart, mineHere, nativeHere, sharedHere, engines, nativeElsewhere(s.native?.source));
  }
}
