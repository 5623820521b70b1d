// The run controls, drawn from the state: the tabs, the explainer, the params (a puzzle's own
// editor, the input file, the fields), the kernels and builds to run, the benchmark buttons, and
// Run and Stop. The fields are rebuilt only when the puzzle changes or something else set them
// (a link, a case chip: PageState.controlsVersion); otherwise they keep what is typed and show the
// engine's verdict, so typing is never interrupted.
import type { BenchGroup, ParamsEditor, PuzzleView } from '../puzzle-view';
import { buildPicker, kernelPicker, paramsForm, type ParamsForm } from '../controls';
import { h, replaceChildren, sourceLink } from '../dom';
import { caseOnScreen, catalogPuzzles, kernelChoices, puzzleOf, puzzleStateOf, selectedKernels } from '../state/selectors';
import type { PageState } from '../state/store';
import type { Actions } from './actions';
import { fileControl } from './file-control';
import type { Elements } from './layout';

export function controlsView(el: Elements, actions: Actions, views: ReadonlyMap<string, PuzzleView>) {
  let built: { id: string; version: number; catalogs: unknown; peers: unknown; supported: unknown } | null = null;
  let tabsFor: unknown = null;
  let form: ParamsForm | null = null;
  let editor: ParamsEditor | null = null;
  let file: ReturnType<typeof fileControl> | null = null;

  const build = (s: PageState) => {
    const puzzle = puzzleOf(s);
    const p = puzzleStateOf(s);
    const view = views.get(puzzle.id);
    replaceChildren(el.intro,
      h('details', { attrs: { open: '' } }, h('summary', {}, 'How it works'),
        view ? view.explainer() : h('div', { className: 'explainer' }, h('p', {}, puzzle.summary), h('p', {}, 'Source: ', sourceLink(puzzle.source_url, puzzle.source_url)))));
    form = paramsForm(puzzle, p.params, (params) => actions.editParams(puzzle.id, params));
    editor = view?.editor?.(p.params, (changes) => actions.editParams(puzzle.id, { ...current(puzzle.id), ...changes })) ?? null;
    file = puzzle.input_file ? fileControl(puzzle, actions) : null;
    // One fieldset holds every input a run reads, so a run disables them all at once.
    replaceChildren(el.inputs, h('legend', { className: 'visually-hidden' }, 'run settings'), file?.element ?? null, editor?.element ?? null, form.element);
    replaceChildren(el.params, h('h2', {}, puzzle.title), el.inputs);
    const peers = view?.peers ?? [];
    replaceChildren(el.kernels,
      h('fieldset', { className: 'run-inputs' },
        h('legend', {}, 'kernels and builds'),
        kernelPicker(kernelChoices(s, puzzle.id, peers), selectedKernels(s, puzzle.id, peers), (sel) => actions.setKernels(puzzle.id, sel)),
        buildPicker(s.supported, s.builds, (sel) => actions.setBuilds(sel))));
    const groups: readonly BenchGroup[] = view?.benchGroups ?? [{ label: 'all benchmark cases', cases: () => true }];
    replaceChildren(el.bench, ...groups.map((g, i) => {
      const names = puzzle.bench_cases.filter(g.cases).map((c) => c.name);
      return h('button', {
        className: 'bench-button',
        attrs: { type: 'button', 'data-bench-group': String(i), title: names.join(', ') },
        on: { click: () => actions.bench(names) },
      }, `Benchmark: ${g.label} (${names.length})`);
    }));
  };

  // The params as the state holds them now (an editor's change merges into the latest ones).
  let latest: PageState | null = null;
  const current = (id: string) => (latest ? puzzleStateOf(latest, id).params : {});

  el.run.addEventListener('click', () => actions.run());
  el.stop.addEventListener('click', () => actions.stop());
  // A run expected to take hours, described, with the choice.
  let confirming: string | null = null;
  const confirm = (text: string | null) => {
    if (text === confirming) return;
    confirming = text;
    const hadFocus = el.confirm.contains(document.activeElement);
    replaceChildren(el.confirm, ...(text === null ? [] : [h('p', {}, text),
      h('button', { attrs: { type: 'button', 'data-confirm': 'run' }, on: { click: () => actions.run(true) } }, 'Run anyway'), ' ',
      h('button', { attrs: { type: 'button', 'data-confirm': 'cancel' }, on: { click: () => actions.dismissRun() } }, 'Cancel')]));
    // The choice takes the focus, and gives it back to Run once made.
    if (text !== null) el.confirm.querySelector<HTMLButtonElement>('button[data-confirm="cancel"]')?.focus();
    else if (hadFocus) el.run.focus();
  };

  return (s: PageState) => {
    latest = s;
    if (!s.puzzleId) return;
    // The tabs are made once and only marked after: the one chosen keeps the keyboard focus.
    if (tabsFor !== s.catalogs) {
      replaceChildren(el.tabs, ...catalogPuzzles(s).map((x) => h('a', { className: 'tab', attrs: { href: `#${x.id}`, 'data-puzzle': x.id } }, x.title)),
        h('a', { className: 'tab tab-suite', attrs: { href: '#suite', 'data-screen': 'suite' } }, 'Suite'),
        h('a', { className: 'tab tab-history', attrs: { href: '#history', 'data-screen': 'history' } }, 'History'));
      tabsFor = s.catalogs;
    }
    for (const tab of el.tabs.querySelectorAll<HTMLAnchorElement>('a.tab')) {
      const open = s.screen === 'puzzle' ? tab.dataset.puzzle === s.puzzleId : tab.dataset.screen === s.screen;
      tab.classList.toggle('active', open);
      if (open) tab.setAttribute('aria-current', 'page');
      else tab.removeAttribute('aria-current');
    }
    const key = { id: s.puzzleId, version: s.controlsVersion, catalogs: s.catalogs, peers: s.peerUnavailable, supported: s.supported };
    if (!built || Object.entries(key).some(([k, v]) => built![k as keyof typeof key] !== v)) {
      build(s);
      built = key;
    }
    const p = puzzleStateOf(s);
    form!.set(p.params);
    form!.show(p.check);
    editor?.show(p.params, p.check?.ok ? p.check.params : null);
    file?.show(p.file);
    confirm(s.confirm);
    const busy = s.run !== null;
    // A native run measuring now (the Native panel) keeps the CPU to itself: Run waits for it.
    const nativeNow = s.nativeNow.run?.state === 'running' || s.nativeNow.run?.state === 'starting';
    el.run.disabled = busy || nativeNow || !caseOnScreen(p);
    el.stop.disabled = !busy;
    for (const b of el.bench.querySelectorAll('button')) b.disabled = busy || nativeNow;
    for (const f of document.querySelectorAll<HTMLFieldSetElement>('fieldset.run-inputs')) f.disabled = busy;
  };
}
