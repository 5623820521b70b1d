// The History screen (#history), drawn from the state: the runs kept in this browser (date,
// puzzle, run, browser, builds, CPU), a box per run to pick two for a comparison, Delete per run
// and Clear all (asked first); two picked runs compare kernel by kernel on the cases both
// measured, the later run's speed against the earlier one's, with the ratio's range. It takes
// the place of the puzzle screen while open.
import type { PuzzleView } from '../puzzle-view';
import { buildLabel } from '../../share/builds';
import { caseWords } from '../case-words';
import type { PageRecord } from '../../share/verify';
import { ratioParts, ratioText } from '../ratio';
import type { Estimate } from '../../share/rounds';
import { fitAsCards, h, replaceChildren } from '../dom';
import { formatDuration, formatSpread } from '../format';
import { browserName, buildsOf, casesOf, compareEntries, machineOf, machineSpeeds, SUITE_RUN, type HistoryEntry } from '../history';
import { catalogPuzzles } from '../state/selectors';
import type { PageState } from '../state/store';
import type { Actions } from './actions';
import { showScreen, type Elements } from './layout';

/** A run's date as people read it, in local time, to the second ("2026-11-26 14:05:31"). */
export function entryDate(iso: string): string {
  const d = new Date(iso);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`;
}

const cell = (col: string, label: string, ...content: (Node | string)[]) =>
  h('td', { attrs: { 'data-col': col, 'data-label': label } }, ...content);

const median = (r: PageRecord) => (r.timing ? `${formatDuration(r.timing.median_ns)} ${formatSpread(r.timing.mad_ns, r.timing.median_ns)}` : '–');

/** A speed ratio of two runs' reference loops as ratios read: "1.43× (1.38–1.49)", "≈ 1× (…)". */
function speedText(e: Estimate): string {
  const { value, range } = ratioParts({ value: e.value, lo: e.lo, hi: e.hi, doubtful: null, method: 'across-sessions' });
  return `${value} ${range}`;
}

export function historyView(el: Elements, actions: Pick<Actions, 'pickRun' | 'deleteRun' | 'clearRuns'>, views: ReadonlyMap<string, PuzzleView>) {
  const words = (r: PageRecord) => caseWords(views, r);
  // What a run ran: its one case in words; a benchmark run or the Suite as the run named itself.
  const runText = (e: HistoryEntry) => {
    const cases = casesOf(e);
    return cases.length === 1 ? words(cases[0]!.record) : e.what;
  };
  let drawn: unknown[] = [];
  const fit = () => {
    for (const table of el.history.querySelectorAll('table')) fitAsCards(table, el.history);
  };
  window.addEventListener('resize', fit);

  return (s: PageState) => {
    const open = s.screen === 'history';
    showScreen(el, s.screen);
    if (!open) {
      drawn = [];
      return;
    }
    const inputs = [s.history, s.catalogs];
    if (inputs.every((x, i) => x === drawn[i])) return;
    drawn = inputs;
    // The control that had the focus is drawn again: the focus goes to its new self (or, after a
    // Delete, to the list's heading).
    const focused = document.activeElement instanceof HTMLElement && el.history.contains(document.activeElement) ? document.activeElement.dataset.focusKey ?? null : null;
    draw(s);
    if (focused) (el.history.querySelector<HTMLElement>(`[data-focus-key="${focused}"]`) ?? el.history.querySelector<HTMLElement>('#history-heading'))?.focus();
    fit();
  };

  function draw(s: PageState) {
    const history = s.history;
    const titles = new Map([...catalogPuzzles(s).map((p) => [p.id, p.title] as const), [SUITE_RUN, 'Suite (all puzzles)'] as const]);
    const title = (id: string) => titles.get(id) ?? id;
    const parts: (HTMLElement | null)[] = [
      h('h2', { id: 'history-heading', attrs: { tabindex: '-1' } }, 'History'),
      h('p', { className: 'hint' }, 'Every run you finish or stop on this page is kept in this browser (IndexedDB), never uploaded. Pick two runs to compare them.'),
    ];
    if (history.problem) parts.push(h('p', { className: 'history-problem', attrs: { role: 'status' } }, history.problem));
    if (history.skipped.length)
      parts.push(h('p', { className: 'history-skipped', attrs: { role: 'status' } },
        `${history.skipped.length} stored ${history.skipped.length === 1 ? 'entry was' : 'entries were'} left out, as not readable here: ${history.skipped.slice(0, 3).join('; ')}${history.skipped.length > 3 ? `; and ${history.skipped.length - 3} more` : ''}.`));
    if (!history.loaded) parts.push(h('p', { className: 'empty' }, 'Reading the history…'));
    else if (!history.entries.length) parts.push(h('p', { className: 'empty' }, history.problem ? 'No runs to show.' : 'No runs kept yet: a run you finish or stop on a puzzle’s tab appears here.'));
    else parts.push(list(history.entries, history.picked, title), clearAll(history.entries.length, history.confirmClear));
    const picked = history.picked.map((id) => history.entries.find((e) => e.id === id)).filter((e): e is HistoryEntry => e !== undefined);
    if (picked.length === 2) parts.push(comparison(picked[0]!, picked[1]!, title));
    else if (history.entries.length >= 2) parts.push(h('p', { className: 'hint', attrs: { 'data-compare': 'none' } }, picked.length ? 'Pick one more run to compare.' : 'Pick two runs to compare them side by side.'));
    replaceChildren(el.history, ...parts);
  }

  function list(entries: readonly HistoryEntry[], picked: readonly number[], title: (id: string) => string): HTMLElement {
    const columns: [string, string][] = [['pick', 'compare'], ['date', 'date'], ['puzzle', 'puzzle'], ['run', 'run'], ['browser', 'browser'], ['builds', 'builds'], ['cpu', 'CPU'], ['results', 'results'], ['delete', '']];
    const rows = entries.map((e) => {
      const date = entryDate(e.date);
      const cases = casesOf(e);
      return h('tr', { attrs: { 'data-entry': String(e.id) } },
        cell('pick', 'compare', h('input', {
          attrs: { type: 'checkbox', 'aria-label': `compare the run of ${date}`, 'data-focus-key': `pick-${e.id}`, ...(picked.includes(e.id) ? { checked: '' } : {}) },
          on: { change: () => actions.pickRun(e.id) },
        })),
        cell('date', 'date', date),
        cell('puzzle', 'puzzle', title(e.puzzle)),
        cell('run', 'run', runText(e), e.outcome === 'stopped' ? h('small', { className: 'hint' }, ' (stopped)') : '', cases.length > 1 ? h('small', { className: 'hint' }, ` · ${cases.length} cases`) : '',
          // A run of the user's kernel keeps its source (app/playground/): shown as text.
          e.playground ? h('details', { className: 'history-kernel' }, h('summary', {}, 'your kernel (yours)'), h('pre', { className: 'pg-log', attrs: { tabindex: '0', 'aria-label': `the source of your kernel in the run of ${date}` } }, e.playground.source)) : ''),
        cell('browser', 'browser', h('span', { title: e.environment.user_agent ?? '' }, browserName(e.environment.user_agent))),
        cell('builds', 'builds', buildsOf(e).map(buildLabel).join(', ')),
        cell('cpu', 'CPU', machineOf(e.environment)),
        cell('results', 'results', String(e.records.length)),
        cell('delete', 'delete', h('button', { attrs: { type: 'button', 'data-delete': String(e.id), 'data-focus-key': `delete-${e.id}`, 'aria-label': `delete the run of ${date}` }, on: { click: () => actions.deleteRun(e.id) } }, 'Delete')));
    });
    return h('table', { className: 'results history-list', attrs: { 'data-table': 'history' } },
      h('caption', { className: 'visually-hidden' }, 'Runs kept in this browser, newest first'),
      h('thead', {}, h('tr', {}, ...columns.map(([col, label]) => h('th', { attrs: { 'data-col': col } }, label || h('span', { className: 'visually-hidden' }, 'delete'))))),
      h('tbody', {}, ...rows));
  }

  function clearAll(count: number, asking: boolean): HTMLElement {
    if (!asking)
      return h('p', { className: 'history-actions' }, h('button', { attrs: { type: 'button', id: 'clear-history', 'data-focus-key': 'clear' }, on: { click: () => actions.clearRuns(false) } }, 'Clear all'));
    return h('div', { className: 'confirm', attrs: { role: 'alert' } },
      h('p', {}, `Delete all ${count} kept runs from this browser? This cannot be undone.`),
      h('button', { attrs: { type: 'button', 'data-confirm': 'clear', 'data-focus-key': 'clear-yes' }, on: { click: () => actions.clearRuns(true) } }, 'Delete all'), ' ',
      // Cancel takes the focus from Clear all (the same key), and gives it back.
      h('button', { attrs: { type: 'button', 'data-confirm': 'keep', 'data-focus-key': 'clear' }, on: { click: () => actions.clearRuns(null) } }, 'Cancel'));
  }

  function comparison(x: HistoryEntry, y: HistoryEntry, title: (id: string) => string): HTMLElement {
    // The earlier run is A, the later B: B's speed against A's reads as "since then".
    const [a, b] = x.date <= y.date ? [x, y] : [y, x];
    const name = (e: HistoryEntry) => `${entryDate(e.date)}, ${browserName(e.environment.user_agent)}`;
    const section = h('section', { className: 'history-compare', attrs: { 'aria-labelledby': 'compare-heading' } },
      h('h3', { id: 'compare-heading' }, 'Comparison'),
      h('p', {}, h('strong', {}, 'A'), `: ${title(a.puzzle)}, ${runText(a)} (${name(a)}) · `, h('strong', {}, 'B'), `: ${title(b.puzzle)}, ${runText(b)} (${name(b)})`));
    if (a.puzzle !== b.puzzle) {
      section.append(h('p', { className: 'empty' }, `These runs are of different puzzles (${title(a.puzzle)}, ${title(b.puzzle)}): nothing to compare.`));
      return section;
    }
    const { rows, unpaired, sharedCases } = compareEntries(a, b);
    if (!rows.length) {
      section.append(h('p', { className: 'empty' }, sharedCases.length ? 'These runs timed no kernel in common.' : `These runs share no case (A: ${casesOf(a).map((c) => words(c.record)).join('; ')}; B: ${casesOf(b).map((c) => words(c.record)).join('; ')}): nothing to compare.`));
      return section;
    }
    const several = sharedCases.length > 1;
    const columns: [string, string][] = [...(several ? [['case', 'case'] as [string, string]] : []), ['kernel', 'kernel'], ['build', 'build'], ['a', 'A median'], ['b', 'B median'], ['ratio', 'B ÷ A speed']];
    const body = rows.map((row) => {
      const builds = row.first.build === row.second.build ? buildLabel(row.first.build) : `A ${buildLabel(row.first.build)}, B ${buildLabel(row.second.build)}`;
      const content: Record<string, string> = { case: words(row.first), kernel: row.kernel, build: builds, a: median(row.first), b: median(row.second), ratio: ratioText(row.ratio) };
      return h('tr', { attrs: { 'data-kernel': row.kernel, 'data-build': row.first.build, 'data-case-key': row.caseKey } }, ...columns.map(([col, label]) => cell(col, label, content[col]!)));
    });
    if (!several) section.append(h('p', { className: 'hint' }, `Case: ${words(rows[0]!.first)}.`));
    section.append(
      h('table', { className: 'results history-compare-table', attrs: { 'data-table': 'history-compare' } },
        h('thead', {}, h('tr', {}, ...columns.map(([col, label]) => h('th', { attrs: { 'data-col': col } }, label)))),
        h('tbody', {}, ...body)),
      h('p', { className: 'hint' }, 'B ÷ A speed above 1× means B ran faster. The range in brackets is a 95 % interval from both runs’ rounds, widened by how much two runs of the same code differ; where it holds 1 the ratio reads ≈ 1×: no difference these runs can show.'),
    );
    // The machine's own speed in each run: a change there is not the kernels' (app/history.ts).
    const speeds = machineSpeeds(a, b);
    if (speeds.length) {
      section.append(h('p', { className: 'hint machine-speed', attrs: { 'data-machine-speed': speeds.some((m) => m.doubtful) ? 'changed' : 'steady' } },
        'This machine’s own speed (a fixed reference loop timed in every pass beside the kernels): ',
        speeds.map((m) => `${buildLabel(m.build)} ${formatDuration(m.a)} in A, ${formatDuration(m.b)} in B (B ÷ A speed ${speedText(m.ratio)})`).join('; '),
        speeds.some((m) => m.doubtful) ? '. It ran at another speed in the two runs: the ratios of that build are marked doubtful, the change is not only the kernels’.' : '.'));
    }
    const only = unpaired.map((records, i) => (records.length ? `only in ${i ? 'B' : 'A'}: ${records.length} (${[...new Set(records.map((r) => `${r.kernel}/${r.isa} ${buildLabel(r.build)}`))].slice(0, 4).join(', ')}${records.length > 4 ? ', …' : ''})` : null)).filter((t) => t !== null);
    if (only.length) section.append(h('p', { className: 'hint' }, `Not compared, ${only.join('; ')}.`));
    return section;
  }
}
