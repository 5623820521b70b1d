// The playground (issue 31): "Your kernel" on the screens of the puzzles that have a slot
// (cpp/puzzles/<id>/playground/, bundled by ./slots.ts). The viewer edits the kernel in CodeMirror, presses Compile and run, and
// the page's own server (scripts/lib/playground/, docs/playground.md) builds it natively per ISA
// and to wasm in a sandbox; once built, a normal Run of the case on screen loads the build's
// modules in the wasm workers (they hold our kernels and `yours`) and sends native requests to
// its sandboxed engine, so `yours` lands in the same tables, verified by the engine and timed by
// the same method. A kernel from a link is shown as text and compiled only after a confirmation
// that shows it; the static site shows it with the sharer's numbers and how to compile it.
import type { Build } from '../../share/builds';
import { buildInfo, buildLabel } from '../../share/builds';
import type { CatalogPuzzle } from '../../share/engine-types';
import type { PlaygroundSource, ResultRecord } from '../../share/schema';
import { WorkerBridge } from '../../worker/bridge';
import { h, replaceChildren } from '../dom';
import { formatDuration } from '../format';
import type { RunController } from '../run-controller';
import { listOf } from '../state/records';
import { caseOnScreen, puzzleStateOf } from '../state/selectors';
import { withPuzzle, type ActivePlayground, type PageState, type Store } from '../state/store';
import { buildOutcome, buildsHereWords, buildStatus, ended, PlaygroundError, playgroundInfo, resolveApiUrl, sourceProblem, startBuild, stopBuild, targetWords, type PlaygroundBuild, type PlaygroundInfo, type Slot } from './api';
import { mergeDiagnostics, placeWords, type MergedDiagnostic } from './diagnostics';
import { lazyEditor, type LazyEditor } from './lazy-editor';
import { YOURS } from './kernel-id';
import { slotFor } from './slots';

/** How long a run of the user's kernel may go without a sign of progress before the page stops
 * it (an endless loop in wasm can only be ended by terminating its worker). */
export const SILENT_RUN_LIMIT_MS = 30_000;
/** Where a test shortens it: localStorage[SILENT_KEY] = milliseconds (nothing on the page sets it). */
export const SILENT_KEY = 'simd-puzzles.playground-silent-ms';

function silentLimit(): number {
  try {
    const set = Number(globalThis.localStorage?.getItem(SILENT_KEY));
    return Number.isFinite(set) && set >= 1000 ? set : SILENT_RUN_LIMIT_MS;
  } catch {
    return SILENT_RUN_LIMIT_MS;
  }
}
/** The wasm flavours a build may make (the server's `wasm`), each loaded in that build's worker. */
const PLAYGROUND_FLAVOURS = ['simd128', 'relaxed', 'baseline'] as const;
/** The long-poll of a build's progress. */
const WAIT_MS = 10_000;

/** The claims a link made about the sharer's kernel: shown as text beside the source. */
interface SharedKernel {
  source: PlaygroundSource;
  records: readonly ResultRecord[];
  browser: string;
}

interface Section {
  puzzle: string;
  slot: Slot | null;
  root: HTMLElement;
  editor: LazyEditor;
  compile: HTMLButtonElement;
  stop: HTMLButtonElement;
  restore: HTMLButtonElement;
  status: HTMLElement;
  steps: HTMLElement;
  diagnostics: HTMLElement;
  claims: HTMLElement;
  dialog: HTMLDialogElement;
  /** The source came from a link and the viewer has not confirmed compiling it. */
  fromLink: boolean;
  /** The viewer pressed Stop during the run. */
  stopped: boolean;
  phase: 'idle' | 'building' | 'running';
  build: PlaygroundBuild | null;
  poll: AbortController | null;
  shared: SharedKernel | null;
}

export class PlaygroundController {
  private info: PlaygroundInfo | null | undefined = undefined;
  private sections = new Map<string, Section>();
  /** Our own catalog entries of a puzzle, by build, while a playground build's are in their place. */
  private stock = new Map<string, Map<Build, CatalogPuzzle>>();
  private shown: string | null = null;
  private lastRunSeen: unknown = null;
  private silentSince = 0;
  private silentTimer: ReturnType<typeof setInterval> | null = null;

  constructor(
    private readonly store: Store,
    private readonly runs: RunController,
    private readonly host: HTMLElement,
  ) {}

  /** Asks the server what it offers (null: no playground server), then follows the state. */
  async start() {
    this.info = await playgroundInfo();
    for (const section of this.sections.values()) this.describe(section);
    this.store.subscribe((s) => this.follow(s));
  }

  /** The kernel a link of this puzzle should carry: the editor's text when it is not our
   * starter, or the one the `yours` records were measured with. */
  sourceForLink(puzzle: string): PlaygroundSource | null {
    const section = this.sections.get(puzzle);
    const kept = this.store.get().playground.get(puzzle);
    if (section && section.slot) {
      const text = section.editor.text();
      if (text.trim() && text !== section.slot.starter) return { slot: section.slot.id, source: text };
    }
    return kept ? { slot: kept.slot, source: kept.source } : null;
  }

  /** A link carried a kernel: show its source (and the sharer's numbers for it); nothing is
   * compiled until the viewer presses Compile and run and confirms. */
  openShared(puzzle: string, source: PlaygroundSource, records: readonly ResultRecord[], browser: string) {
    const section = this.sectionFor(puzzle);
    if (!section) return;
    section.shared = { source, records, browser };
    section.editor.setText(source.source);
    section.fromLink = true;
    this.showClaims(section);
    this.say(section, this.info ? 'This kernel came with the link. Read it first: Compile and run asks before anything is compiled.' : this.staticWords(), 'info');
  }

  // ---- following the state ----------------------------------------------------------------------

  private follow(s: PageState) {
    const id = s.screen === 'puzzle' ? s.puzzleId : null;
    const section = id ? this.sectionFor(id) : null;
    if (this.shown !== (section ? id : null)) {
      this.shown = section ? id : null;
      replaceChildren(this.host, section?.root ?? null);
      this.host.hidden = !section;
    }
    for (const x of this.sections.values()) this.buttons(x, s);
    this.watchSilence(s);
  }

  private sectionFor(puzzle: string): Section | null {
    const had = this.sections.get(puzzle);
    if (had) return had;
    const slot = slotFor(puzzle, this.info?.slots ?? null);
    if (!slot) return null;
    const section = this.make(puzzle, slot);
    this.sections.set(puzzle, section);
    this.describe(section);
    return section;
  }

  private make(puzzle: string, slot: Slot | null): Section {
    const headingId = `playground-heading-${puzzle}`;
    const editorBox = h('div', { className: 'pg-editor' });
    const status = h('p', { className: 'pg-status', attrs: { role: 'status' } });
    const section: Section = {
      puzzle, slot,
      root: h('section', { className: 'playground', attrs: { 'aria-labelledby': headingId, 'data-puzzle': puzzle } }),
      editor: null as unknown as LazyEditor,
      compile: h('button', { className: 'pg-compile', attrs: { type: 'button' } }, 'Compile and run'),
      stop: h('button', { className: 'pg-stop', attrs: { type: 'button', disabled: '' } }, 'Stop'),
      restore: h('button', { className: 'pg-restore', attrs: { type: 'button' } }, 'Restore ours'),
      status,
      steps: h('ol', { className: 'pg-steps', attrs: { 'aria-label': 'build steps' } }),
      diagnostics: h('div', { className: 'pg-diagnostics' }),
      claims: h('div', { className: 'pg-claims' }),
      dialog: h('dialog', { className: 'pg-confirm', attrs: { 'aria-labelledby': `pg-confirm-heading-${puzzle}` } }),
      fromLink: false, stopped: false, phase: 'idle', build: null, poll: null, shared: null,
    };
    section.editor = lazyEditor(editorBox, slot?.starter ?? '', 'your kernel, C++', () => this.edited(section));
    section.compile.addEventListener('click', () => this.compilePressed(section));
    section.stop.addEventListener('click', () => void this.stopPressed(section));
    section.restore.addEventListener('click', () => this.restore(section));
    const note = h('div', { className: 'pg-note' });
    section.root.append(
      h('h2', { id: headingId }, 'Your kernel'),
      note,
      editorBox,
      h('div', { className: 'pg-buttons' }, section.compile, section.stop, section.restore),
      status,
      section.steps,
      section.diagnostics,
      section.claims,
      section.dialog,
    );
    return section;
  }

  /** The slot's note and what this page can do with it (a server, none, or one that cannot). */
  private describe(section: Section) {
    const slot = slotFor(section.puzzle, this.info?.slots ?? null) ?? section.slot;
    if (slot && !section.slot) {
      section.slot = slot;
      if (!section.editor.text().trim()) section.editor.setText(slot.starter);
    } else if (slot) section.slot = slot;
    const note = section.root.querySelector('.pg-note')!;
    const here = slot && this.info?.available ? buildsHereWords(slot, this.info) : null;
    replaceChildren(note,
      h('p', {}, 'Write your own kernel for this puzzle: the page’s server compiles it for the slot’s instruction sets this CPU has and to wasm (SIMD128 and its relaxed-SIMD rewrite; the baseline where the slot has a scalar build), then runs it beside ours, verified and timed the same way. It starts as one of ours.'),
      slot ? h('p', {}, h('strong', {}, slot.title), ': ', h('code', { className: 'pg-signature' }, slot.signature)) : null,
      slot?.rules.length ? h('ul', { className: 'pg-rules' }, ...slot.rules.map((r) => h('li', {}, r))) : null,
      here ? h('p', { className: 'pg-builds' }, here) : null);
    if (this.info === undefined) return;
    if (this.info === null) this.say(section, section.shared ? this.staticWords() : 'Compiling needs the page’s own server: this copy of the page has none. ' + LOCAL_WORDS, 'info');
    else if (!this.info.available) this.say(section, `This server cannot compile kernels: ${this.info.why ?? 'its sandbox is not available'}.`, 'error');
    else if (!slot) this.say(section, 'The server has no slot for this puzzle.', 'error');
    this.buttons(section, this.store.get());
  }

  private staticWords(): string {
    return `This kernel came with the link, with the sharer’s numbers below (claims: nothing here measured them). This copy of the page has no server to compile it. ${LOCAL_WORDS}`;
  }

  private buttons(section: Section, s: PageState) {
    const usable = this.info?.available === true && section.slot !== null;
    const busy = s.run !== null || section.phase !== 'idle';
    section.compile.disabled = !usable || busy;
    section.stop.disabled = section.phase === 'idle';
    section.restore.disabled = busy || !section.slot;
    section.editor.setReadOnly(section.phase !== 'idle');
  }

  private edited(section: Section) {
    // An edit after a build: its marks belong to the old text.
    if (section.build && section.phase === 'idle') section.editor.mark([]);
  }

  // ---- Compile and run ---------------------------------------------------------------------------

  private compilePressed(section: Section) {
    const source = section.editor.text();
    const problem = sourceProblem(source);
    if (problem) return this.say(section, problem, 'error');
    if (section.fromLink) return this.confirm(section, source);
    void this.compile(section, source);
  }

  /** The confirmation before compiling a kernel that came with a link: the source as text, and
   * what will happen to it. */
  private confirm(section: Section, source: string) {
    const go = h('button', { className: 'pg-confirm-go', attrs: { type: 'button' } }, 'Compile and run it');
    const cancel = h('button', { className: 'pg-confirm-cancel', attrs: { type: 'button' } }, 'Cancel');
    replaceChildren(section.dialog,
      h('h2', { id: `pg-confirm-heading-${section.puzzle}` }, 'Compile and run a kernel from a link?'),
      h('p', {}, 'This C++ came with the link you opened; someone else wrote it. Compile and run sends it to this page’s server, which compiles it on this machine in a sandbox (no network, no files but its own folder, limits on time and memory) and runs it there natively, in that sandbox, and here in the browser as wasm.'),
      h('p', {}, 'Read it before you go on:'),
      h('pre', { className: 'pg-confirm-source', attrs: { tabindex: '0', 'aria-label': 'the source to compile' } }, source),
      h('div', { className: 'pg-buttons' }, go, cancel));
    go.addEventListener('click', () => {
      section.dialog.close();
      section.fromLink = false;
      void this.compile(section, source);
    });
    cancel.addEventListener('click', () => {
      section.dialog.close();
      this.say(section, 'Not compiled: you cancelled.', 'info');
    });
    section.dialog.showModal();
    cancel.focus();
  }

  private async compile(section: Section, source: string) {
    const slot = section.slot;
    if (!slot || section.phase !== 'idle' || this.store.get().run) return;
    section.phase = 'building';
    section.build = null;
    section.editor.mark([]);
    replaceChildren(section.steps);
    replaceChildren(section.diagnostics);
    this.buttons(section, this.store.get());
    this.say(section, 'Sending your kernel to the server…', 'info');
    const poll = new AbortController();
    section.poll = poll;
    let build: PlaygroundBuild;
    try {
      const { id } = await startBuild(slot.id, source);
      build = await buildStatus(id, 0, poll.signal);
      this.showBuild(section, build);
      while (!ended(build)) {
        if (poll.signal.aborted) throw new PlaygroundError('Stopped: you pressed Stop.');
        build = await buildStatus(id, WAIT_MS, poll.signal);
        this.showBuild(section, build);
      }
    } catch (e) {
      section.phase = 'idle';
      section.poll = null;
      this.buttons(section, this.store.get());
      if (poll.signal.aborted) return this.say(section, 'Stopped: you pressed Stop.', 'info');
      return this.say(section, e instanceof Error ? e.message : String(e), 'error');
    }
    section.poll = null;
    // A build whose wasm side failed still runs natively where its native side linked (the server
    // says so with native.available).
    const runnable = build.state === 'done' || (build.state === 'failed' && build.native?.available === true);
    if (!runnable || (!build.wasm?.simd128 && !build.wasm?.baseline && !build.native?.available)) {
      section.phase = 'idle';
      this.buttons(section, this.store.get());
      if (build.state === 'done') this.say(section, `${buildOutcome(build)} But no build of it can run here: neither wasm build nor a native one was made (the steps above say why).`, 'error');
      return;
    }
    const partly = build.state === 'failed' ? ' The wasm side did not build (the messages above say why): your kernel runs natively only, beside ours in the browser.' : '';
    section.phase = 'running';
    this.buttons(section, this.store.get());
    try {
      await this.activate(section.puzzle, slot.id, source, build);
    } catch (e) {
      section.phase = 'idle';
      this.buttons(section, this.store.get());
      return this.say(section, `Built, but the page could not load your build: ${e instanceof Error ? e.message : String(e)}`, 'error');
    }
    // The Run is the puzzle's on screen: where the viewer went elsewhere, or another run holds the
    // page, the build waits in use for their Run.
    const now = this.store.get();
    if (now.screen !== 'puzzle' || now.puzzleId !== section.puzzle || now.run || !caseOnScreen(puzzleStateOf(now, section.puzzle))) {
      section.phase = 'idle';
      this.buttons(section, now);
      return this.say(section, `${buildOutcome(build)}${partly} It is in use on this puzzle: Run (on its tab, once the case is valid and no other run is going) times it beside ours.`, 'info');
    }
    this.say(section, `${buildOutcome(build)}${partly} Running it beside ours on ${this.caseWords()}…`, 'info');
    this.silentSince = performance.now();
    section.stopped = false;
    await this.runs.run(true);
    section.phase = 'idle';
    this.buttons(section, this.store.get());
    this.sayResult(section);
  }

  private caseWords(): string {
    return caseOnScreen(puzzleStateOf(this.store.get()))?.case ?? 'the case on screen';
  }

  private showBuild(section: Section, build: PlaygroundBuild) {
    section.build = build;
    replaceChildren(section.steps, ...build.steps.map((step) => h('li', { attrs: { 'data-target': step.target, 'data-state': step.state } },
      h('span', { className: 'pg-step-name' }, targetWords(step.target)), ' ',
      h('span', { className: `pg-step-state pg-${step.state}` }, stepWords(step.state)),
      step.seconds ? ` (${step.seconds.toFixed(1)} s)` : '',
      step.why ? h('span', { className: 'pg-step-why' }, ` ${step.why}`) : null)));
    const merged = mergeDiagnostics(build.steps);
    section.editor.mark(merged);
    this.showDiagnostics(section, merged, build);
    this.say(section, buildOutcome(build), build.state === 'failed' ? 'error' : 'info');
  }

  private showDiagnostics(section: Section, merged: readonly MergedDiagnostic[], build: PlaygroundBuild) {
    const logs = build.steps.filter((s) => s.log && (s.state === 'failed' || s.diagnostics?.length));
    if (!merged.length && !logs.length) return replaceChildren(section.diagnostics);
    replaceChildren(section.diagnostics,
      merged.length ? h('h3', {}, 'What the compiler said') : null,
      merged.length ? h('ul', { className: 'pg-diagnostic-list' }, ...merged.map((d) => h('li', { attrs: { 'data-severity': d.severity, 'data-line': String(d.line) } },
        d.line > 0
          ? h('button', { className: 'link pg-go-line', attrs: { type: 'button' }, on: { click: () => section.editor.goToLine(d.line) } }, placeWords(d))
          : h('span', {}, placeWords(d)),
        ': ', h('span', { className: `pg-sev pg-sev-${d.severity}` }, d.severity), ': ', d.message,
        h('span', { className: 'pg-targets' }, ` (${d.targets.join(', ')})`)))) : null,
      ...logs.map((s) => h('details', {}, h('summary', {}, `The compiler’s output: ${targetWords(s.target)}`), h('pre', { className: 'pg-log', attrs: { tabindex: '0' } }, s.log ?? ''))));
  }

  /** Puts a built kernel in use on its puzzle: its modules in the workers, its kernels in the catalog. */
  private async activate(puzzle: string, slot: string, source: string, build: PlaygroundBuild) {
    const modules: ActivePlayground['modules'] = {};
    for (const flavour of PLAYGROUND_FLAVOURS) {
      const url = build.wasm?.[flavour];
      if (url) {
        const mjs = resolveApiUrl(url);
        modules[flavour] = { mjs, wasm: mjs.replace(/\.mjs$/, '.wasm') };
      }
    }
    const bridges: Partial<Record<Build, WorkerBridge>> = {};
    const catalogs = new Map<Build, CatalogPuzzle>();
    const s0 = this.store.get();
    // Each flavour where this page runs it: relaxed only where the browser validates Relaxed SIMD
    // (load-builds.ts: `supported`), as for our own relaxed module.
    for (const flavour of PLAYGROUND_FLAVOURS) {
      const m = modules[flavour];
      if (!m || !s0.supported.has(flavour)) continue;
      const bridge = new WorkerBridge(flavour, m);
      try {
        await bridge.start();
        const catalog = await bridge.call<{ puzzles: CatalogPuzzle[] }>({ action: 'catalog' });
        const entry = catalog.puzzles.find((p) => p.id === puzzle);
        if (!entry) throw new Error(`the ${buildInfo(flavour).label} module has no ${puzzle}`);
        bridges[flavour] = bridge;
        catalogs.set(flavour, entry);
      } catch (e) {
        bridge.stop();
        for (const b of Object.values(bridges)) b.stop();
        throw new Error(`the ${buildInfo(flavour).label} module did not start (${e instanceof Error ? e.message : String(e)})`);
      }
    }
    this.runs.usePlaygroundWorkers(puzzle, bridges);
    const listings: Record<string, string> = {};
    for (const [name, url] of Object.entries(build.listings ?? {})) listings[name] = resolveApiUrl(url);
    this.store.update((s) => {
      const stock = this.stock.get(puzzle) ?? new Map<Build, CatalogPuzzle>();
      const next = new Map(s.catalogs);
      for (const [flavour, entry] of catalogs) {
        const list = next.get(flavour) ?? [];
        const old = list.find((p) => p.id === puzzle);
        if (old && !stock.has(flavour)) stock.set(flavour, old);
        next.set(flavour, list.map((p) => (p.id === puzzle ? entry : p)));
      }
      this.stock.set(puzzle, stock);
      const yours = [...catalogs.values()].flatMap((p) => p.kernels.filter((k) => k.id === YOURS).map((k) => k.key));
      const active: ActivePlayground = { slot, source, id: build.id, modules, native: build.native?.available === true, listings, inUse: true };
      // Every wasm build the build made runs (the baseline and relaxed are not picked by default).
      const builds = new Set([...s.builds, ...catalogs.keys()]);
      return withPuzzle({ ...s, catalogs: next, builds, playground: new Map(s.playground).set(puzzle, active) }, puzzle, (p) => ({
        ...p,
        kernels: p.kernels ? new Set([...p.kernels, ...yours]) : null,
      }));
    });
  }

  /** Our kernel back in the editor, and our modules back in the workers. */
  private restore(section: Section) {
    if (section.slot) section.editor.setText(section.slot.starter);
    section.editor.mark([]);
    section.fromLink = false;
    replaceChildren(section.steps);
    replaceChildren(section.diagnostics);
    section.build = null;
    const puzzle = section.puzzle;
    this.runs.usePlaygroundWorkers(puzzle, null);
    const stock = this.stock.get(puzzle);
    this.stock.delete(puzzle);
    this.store.update((s) => {
      const kept = s.playground.get(puzzle);
      const next = new Map(s.catalogs);
      for (const [flavour, entry] of stock ?? []) next.set(flavour, (next.get(flavour) ?? []).map((p) => (p.id === puzzle ? entry : p)));
      const playground = new Map(s.playground);
      if (kept) playground.set(puzzle, { ...kept, inUse: false });
      return withPuzzle({ ...s, catalogs: next, playground }, puzzle, (p) => ({ ...p, kernels: p.kernels ? new Set([...p.kernels].filter((k) => !k.startsWith(`${YOURS}/`))) : null }));
    });
    this.say(section, 'Ours is back in the editor, and runs use our own modules again (your rows measured so far stay in the table).', 'info');
  }

  private async stopPressed(section: Section) {
    if (section.phase === 'building') {
      section.poll?.abort();
      if (section.build) await stopBuild(section.build.id);
      return;
    }
    if (section.phase === 'running') {
      section.stopped = true;
      this.runs.stop();
    }
  }

  // ---- the run ----------------------------------------------------------------------------------

  /** An endless loop in wasm never reports progress: after SILENT_RUN_LIMIT_MS without any, the
   * run of a playground build is stopped and the section says why. */
  private watchSilence(s: PageState) {
    const running = [...this.sections.values()].find((x) => x.phase === 'running');
    const sign = s.run ? `${s.status}|${s.progress}` : null;
    if (sign !== this.lastRunSeen) {
      this.lastRunSeen = sign;
      this.silentSince = performance.now();
    }
    if (running && s.run && !this.silentTimer) {
      this.silentTimer = setInterval(() => {
        const now = this.store.get();
        const still = [...this.sections.values()].find((x) => x.phase === 'running');
        if (!still || !now.run) {
          clearInterval(this.silentTimer!);
          this.silentTimer = null;
          return;
        }
        const limit = silentLimit();
        if (performance.now() - this.silentSince > limit) {
          clearInterval(this.silentTimer!);
          this.silentTimer = null;
          still.phase = 'idle';
          this.runs.stop();
          this.say(still, `Stopped: a kernel gave no sign of progress for ${Math.round(limit / 1000)} s (${now.status.slice(0, 200)}). Does your kernel return? An endless loop in wasm runs until its worker is ended, which the page has now done.`, 'error');
        }
      }, 1000);
    }
  }

  /** After the run: how `yours` did, in one sentence (the rows are in the table above). */
  private sayResult(section: Section) {
    const s = this.store.get();
    const key = caseOnScreen(puzzleStateOf(s, section.puzzle))?.case_key;
    const mine = listOf(puzzleStateOf(s, section.puzzle).mine).filter((r) => r.kernel === YOURS && r.case_key === key);
    const native = s.nativeNow.records.filter((r) => r.puzzle === section.puzzle && r.kernel === YOURS && r.case_key === key);
    const all = [...mine, ...native];
    if (/^Stopped: a kernel gave no sign/.test(section.status.textContent ?? '')) return;
    if (section.stopped) return this.say(section, 'Stopped: you pressed Stop. Your build stays in use: Run times it again, Restore ours goes back to ours.', 'info');
    if (!all.length) return this.say(section, `Your kernel has no results: ${s.status} (the notices above say why).`, 'error');
    const wrong = all.filter((r) => r.verified === false);
    const where = all.map((r) => `${buildLabel(r.build)} ${r.isa}${r.timing ? ` ${formatDuration(r.timing.median_ns)}` : ''}${r.verified === false ? ' ✗' : ''}`).join(', ');
    if (wrong.length) this.say(section, `Your kernel’s answer is wrong (✗) in ${wrong.length} of ${all.length} builds: ${wrong[0]!.verified_by}. No ratio is given for a wrong answer. (${where})`, 'error');
    else this.say(section, `Your kernel ran in ${all.length} builds, every answer verified: ${where}. Its rows (kernel “yours”) are in the table above, with ratios to ours.`, 'info');
  }

  private showClaims(section: Section) {
    const shared = section.shared;
    const records = shared?.records.filter((r) => r.kernel === YOURS) ?? [];
    if (!shared || !records.length) return replaceChildren(section.claims);
    replaceChildren(section.claims,
      h('h3', {}, 'The sharer’s numbers for this kernel (claims)'),
      h('p', {}, `Measured in ${shared.browser || 'the sharer’s browser'}; not re-checked here.`),
      h('ul', {}, ...records.map((r) => h('li', {}, `${r.case}: ${r.kernel}/${r.isa} (${buildLabel(r.build)}): `, r.timing ? formatDuration(r.timing.median_ns) : 'no timing', r.verified === false ? ' (its answer was wrong there)' : ''))));
  }

  private say(section: Section, text: string, kind: 'info' | 'error') {
    section.status.textContent = text;
    section.status.dataset.kind = kind;
  }
}

export const LOCAL_WORDS = 'To compile it on your machine: clone the project, run `npm start`, and open the link on the page it serves (http://127.0.0.1:4173/ followed by this link’s #s=… part).';

function stepWords(state: string): string {
  return ({ waiting: 'waiting', running: 'running…', ok: 'done', failed: 'failed', skipped: 'skipped', stopped: 'stopped' } as Record<string, string>)[state] ?? state;
}
