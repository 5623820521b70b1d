// The page: loads the wasm builds in workers, shows one puzzle at a time, runs and times the
// selected kernels, and compares them with native numbers and with a sharer's. Everything
// puzzle-specific comes from the catalog (C++) or from web/src/puzzles/<id>.ts.
//
// State is per puzzle and per case: every record keeps the params and case_key it was measured
// on (the engine's, never a label), a run's results land in their puzzle's state whatever tab is
// open when it ends, and the table shows the case whose params are on screen (the field and the
// table always agree). Params are checked by the engine (`validate`) on every edit, in a worker
// of its own that never times anything.
import type { Chart } from 'chart.js';
import { simd } from 'wasm-feature-detect';
import { drawChart } from './app/chart';
import { forCase, learnIsas, mergeRecords } from './app/compare';
import { buildPicker, kernelPicker, paramsForm, type KernelChoice, type ParamsForm } from './app/controls';
import { h, replaceChildren, sourceLink } from './app/dom';
import { Engine, type CaseCheck, type DeclaredInput } from './app/engine';
import type { BenchResponse, Catalog, CatalogPuzzle, IsaInfo, ProgressEvent, RunResponse } from './app/engine-types';
import { environmentPanel } from './app/environment';
import { readFragment } from './app/fragment';
import { fetchServedNative, importReportFile, type NativeSource } from './app/native';
import { Notices } from './app/notices';
import { pivotTable, resultsTable } from './app/results';
import { sourcesOf, summaryPanel } from './app/summary';
import { views } from './puzzles';
import type { BenchGroup, ParamsEditor, PeerProgram, ResultsContext } from './puzzles/types';
import { decodeLink, encodeLinkWithin, MAX_FRAGMENT_CHARS } from './share/codec';
import { BUILDS, MAX_SHARED_RECORDS, type Build, type Environment, type LinkState, type Params, type ResultRecord } from './share/schema';
import { PEER_ISA } from './share/peers';
import { peerTiming } from './peers/perft-params';
import { neutralizeBidi } from './share/text';
import { checkAnswers, verifyRecords, type Origin, type PageRecord, type Rejected, type VerifyContext } from './share/verify';
import { StoppedError, WorkerBridge } from './worker/bridge';
import './styles.css';

const BUILD_NAME: Record<Build, string> = { simd128: 'wasm-simd128', baseline: 'wasm-baseline' };

/** What the page holds for one puzzle. */
interface PuzzleState {
  /** The fields as typed. */
  params: Params;
  /** The engine's verdict on `params` (and the file), or null until it answers. */
  check: CaseCheck | null;
  /** Increments with every edit: an older verdict arriving late is dropped. */
  edits: number;
  kernels: Set<string> | null;
  /** Every record the viewer measured, all cases; a newer run of a case replaces its rows. */
  mine: PageRecord[];
  /** A link's records, re-checked; the viewer's runs never replace them. */
  shared: PageRecord[];
  sharer: { environment: Environment; native: Environment | null } | null;
  /** Drawings by case_key, so a drawing belongs to its case like the numbers do. */
  drawings: Map<string, unknown>;
  /** The table shows the case on screen, or (after a benchmark run, or a link with several cases) those cases. */
  view: { kind: 'case' } | { kind: 'cases'; keys: string[] };
  /** A local file for puzzles that read one: read here, copied into workers, never uploaded. */
  file: { name: string; bytes: Uint8Array; input: DeclaredInput | null } | null;
}

class App {
  private readonly bridges: Record<Build, WorkerBridge> = { simd128: new WorkerBridge('simd128'), baseline: new WorkerBridge('baseline') };
  private engine!: Engine;
  private catalogs = new Map<Build, CatalogPuzzle[]>();
  private isas: IsaInfo[] = [];
  private environments = new Map<Build, Environment>();
  private supported = new Set<Build>();
  private puzzleId = '';
  private states = new Map<string, PuzzleState>();
  private builds = new Set<Build>();
  private native: { source: NativeSource; records: PageRecord[] } | null = null;
  private nativeTurn = 0;
  /** The open puzzle's own params editor (PuzzleView.editor), if it has one. */
  private editor: ParamsEditor | null = null;
  /** The user imported a report: it stays, whatever the server's benchmark does next. */
  private importedByUser = false;
  /** The run in progress (one at a time, on any tab). */
  private running: { puzzle: string } | null = null;
  private active: WorkerBridge | null = null;
  /** The peer program running now (Stop terminates its worker too). */
  private activePeer: PeerProgram | null = null;
  /** Why each puzzle view's peer cannot run in this page (null: it can), probed once at start. */
  private peerUnavailable = new Map<string, string | null>();
  private form: ParamsForm | null = null;
  private chart: Chart | null = null;
  private startedAt = 0;
  private ticker = 0;
  private drawTimer = 0;

  private readonly el = {
    tabs: h('nav', { className: 'tabs', attrs: { 'aria-label': 'puzzles' } }),
    notices: h('div', { className: 'notices', attrs: { 'aria-live': 'polite' } }),
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
    illustration: h('div', { className: 'illustration' }),
    heading: h('div', { className: 'results-heading' }),
    table: h('div', { className: 'table-wrap' }),
    cases: h('div', { className: 'case-chips' }),
    chart: h('canvas', { attrs: { 'aria-label': 'median time per kernel' } }),
    extra: h('div', { className: 'extra' }),
    environment: h('section', { className: 'environment' }),
    share: h('input', { id: 'share-link', attrs: { type: 'text', readonly: '', 'aria-label': 'share link', placeholder: 'Copy link puts the link here' } }),
    importInput: h('input', { id: 'import-native', attrs: { type: 'file', accept: 'application/json,.json' } }),
  };
  private readonly notices = new Notices(this.el.notices);

  async start() {
    const root = document.getElementById('app')!;
    replaceChildren(root, this.layout());
    this.status('Loading the wasm builds…');
    this.el.run.addEventListener('click', () => void this.run());
    this.el.stop.addEventListener('click', () => this.stop());
    this.el.importInput.addEventListener('change', () => void this.importFile(this.el.importInput.files?.[0]));

    if (await simd()) this.supported.add('simd128');
    this.supported.add('baseline');
    await Promise.all(
      [...this.supported].map(async (build) => {
        try {
          const env = await this.bridges[build].start();
          const catalog = await this.bridges[build].call<Catalog>({ action: 'catalog' });
          learnIsas(catalog.isas);
          this.isas = catalog.isas;
          this.environments.set(build, env);
          this.catalogs.set(build, catalog.puzzles);
        } catch (e) {
          this.supported.delete(build);
          this.notices.set(`build:${build}`, `The ${build} build could not start: ${String(e)}`, 'error');
        }
      }),
    );
    if (!this.catalogs.size) {
      this.status('No wasm build could start in this browser.');
      return;
    }
    const primary: Build = this.supported.has('simd128') ? 'simd128' : 'baseline';
    this.engine = new Engine(new WorkerBridge(primary));
    this.builds = new Set([primary]);
    window.addEventListener('hashchange', () => void this.route());
    void this.probePeers();
    await this.route();
    if (!this.running) this.status('Ready.');
    await this.followServedNative();
  }

  /**
   * Native numbers served with the page, re-checked like any report (in the background: preparing
   * every bench case for its published answer takes seconds for popcount). While `npm start`'s
   * benchmark still runs, the page shows its progress and takes each puzzle's numbers as they
   * land, without a reload; a report the user imports stops it.
   */
  private async followServedNative() {
    let taken = -1;
    for (;;) {
      const served = await fetchServedNative();
      if (!served || this.importedByUser) return;
      if (served.error) this.notices.set('served-native', served.error, 'error');
      const records = served.native?.report.records.length ?? -1;
      if (served.native && records !== taken) {
        taken = records;
        await this.takeNative(served.native, 'served-native');
      }
      const st = served.status;
      if (st?.state !== 'running') {
        if (taken >= 0) this.notices.clear('native-progress');
        if (st?.state === 'failed') {
          const what = st.phase === 'build' ? 'The native CLI did not build on the server' : 'The native benchmark on the server failed for some puzzles';
          this.notices.set('native-progress', `${what}: see the terminal of npm start.`, 'error');
        }
        return;
      }
      const where = st.puzzle ? ` (now ${st.puzzle}${st.case ? ` ${st.case}` : ''})` : '';
      const doing = st.phase === 'build' ? 'Building the native CLI on this machine; native numbers follow' : `Measuring native numbers on this machine: ${Math.round(100 * st.fraction)} %${where}. They appear here as each puzzle finishes`;
      this.notices.set('native-progress', `${doing}; browser timings taken meanwhile share the CPU with it.`, 'info');
      await new Promise((resolve) => setTimeout(resolve, 3000));
    }
  }

  // ---- state ---------------------------------------------------------------------------------

  private puzzles(): CatalogPuzzle[] {
    return this.catalogs.get('simd128') ?? this.catalogs.get('baseline') ?? [];
  }

  private puzzleById(id: string): CatalogPuzzle {
    return this.puzzles().find((p) => p.id === id) ?? this.puzzles()[0]!;
  }

  private puzzle(): CatalogPuzzle {
    return this.puzzleById(this.puzzleId);
  }

  private state(id = this.puzzle().id): PuzzleState {
    let s = this.states.get(id);
    if (!s) {
      const p = this.puzzleById(id);
      s = {
        params: Object.fromEntries(p.params.map((spec) => [spec.name, spec.default])),
        check: null, edits: 0, kernels: null, mine: [], shared: [], sharer: null,
        drawings: new Map(), view: { kind: 'case' }, file: null,
      };
      this.states.set(id, s);
    }
    return s;
  }

  /** The case on screen, when the engine has accepted its params. */
  private caseOnScreen(s = this.state()): Extract<CaseCheck, { ok: true }> | null {
    return s.check?.ok ? s.check : null;
  }

  private kernelChoices(id = this.puzzleId): KernelChoice[] {
    const byKey = new Map<string, KernelChoice>();
    for (const build of BUILDS) {
      const p = this.catalogs.get(build)?.find((x) => x.id === id);
      for (const k of p?.kernels ?? []) {
        const c = byKey.get(k.key) ?? { kernel: k, builds: [] };
        c.builds.push(build);
        byKey.set(k.key, c);
      }
    }
    const peers = this.peersOf(id).map((p): KernelChoice => ({
      kernel: { id: p.peer.kernel, isa: PEER_ISA, key: `${p.peer.kernel}/${PEER_ISA}`, group: 'peer', needs: '', available: true, summary: `${p.peer.title} (${p.peer.license}), run in a worker of its own` },
      builds: [],
      unavailable: this.peerUnavailable.get(p.peer.kernel) ?? undefined,
    }));
    return [...byKey.values(), ...peers];
  }

  private peersOf(id = this.puzzleId): readonly PeerProgram[] {
    return views.get(id)?.peers ?? [];
  }

  /** Which peers' files the page can load; the kernel picker disables the others, with the reason. */
  private async probePeers() {
    const all = [...views.values()].flatMap((v) => v.peers ?? []);
    await Promise.all(all.map(async (p) => this.peerUnavailable.set(p.peer.kernel, await p.availability())));
    if (all.some((p) => p.peer.puzzle === this.puzzleId) && !this.running) this.render();
  }

  private selectedKernels(): Set<string> {
    return this.state().kernels ?? new Set(this.kernelChoices().map((c) => c.kernel.key));
  }

  private verifyContext(): VerifyContext {
    const kernelsByBuild = new Map<string, Set<string>>();
    for (const [build, puzzles] of this.catalogs) kernelsByBuild.set(BUILD_NAME[build], new Set(puzzles.flatMap((p) => p.kernels.map((k) => k.key))));
    return {
      puzzles: this.puzzles(),
      isas: this.isas,
      kernelsByBuild,
      call: this.engine.call,
      // The viewer's own reference run of a case settles a sharer's answer where nothing is published.
      reference: (puzzle, key) => {
        const ref = this.puzzleById(puzzle).reference_kernel;
        return this.states.get(puzzle)?.mine.find((r) => r.case_key === key && r.kernel === ref)?.answer;
      },
    };
  }

  // ---- params: every edit goes to the engine ---------------------------------------------------

  /**
   * New field values for a puzzle: the engine checks them; the page follows its verdict. An edit
   * shows the case on screen; a re-check (opening a tab) keeps what the table showed.
   */
  private async setParams(id: string, params: Params, edited = true) {
    const s = this.state(id);
    s.params = params;
    if (edited) s.view = { kind: 'case' };
    const edit = ++s.edits;
    s.check = null;
    // The editor follows the fields at once (a click right after typing builds on what was typed),
    // and again with the canonical params once the engine has checked them.
    if (id === this.puzzleId) this.editor?.show(params, null);
    this.setButtons();
    const check = await this.checkParams(id, params, s.file);
    if (edit !== s.edits) return; // a newer edit is on its way
    s.check = check;
    if (id !== this.puzzleId) return;
    this.form?.show(check);
    this.editor?.show(params, check.ok ? check.params : null);
    this.setButtons();
    this.renderResults();
    this.refreshDrawing();
  }

  private async checkParams(id: string, params: Params, file: PuzzleState['file']): Promise<CaseCheck> {
    try {
      if (!file) return await this.engine.validate(id, params);
      if (file.input) return await this.engine.validate(id, params, file.input);
      // First check with this file: the engine hashes it once (in a worker of its own, whose
      // memory goes with it); later checks declare it by size and digest.
      const check = await this.withWorker((engine) => engine.validateFile(id, params, file.bytes));
      if (check.ok && check.input) file.input = check.input;
      return check;
    } catch (e) {
      return { ok: false, error: `the parameters could not be checked: ${String(e)}` };
    }
  }

  // ---- routing: #<puzzle> or #s=<version>.<data> ----------------------------------------------

  private async route() {
    const hash = location.hash;
    const link = await decodeLink(hash);
    this.notices.clear('address'); // whatever the address said before no longer applies
    if (link.kind === 'error') {
      this.notices.set('address', link.message, 'error');
      this.select(this.puzzleId || this.puzzles()[0]!.id);
      return;
    }
    if (link.kind === 'ok') {
      await this.openLink(link.state);
      return;
    }
    const fragment = readFragment(hash, this.puzzles().map((p) => p.id));
    if (fragment.kind === 'unknown')
      this.notices.set('address', `The address ends in '#${fragment.text.slice(0, 60)}', which names no puzzle here; showing ${this.puzzle().title}.`, 'error');
    this.select(fragment.kind === 'puzzle' ? fragment.id : this.puzzleId || this.puzzles()[0]!.id);
  }

  private async openLink(link: LinkState) {
    const puzzle = this.puzzles().find((p) => p.id === link.puzzle);
    if (!puzzle) {
      this.notices.set('address', `Could not open the shared link: it is for a puzzle this page does not have ('${link.puzzle}').`, 'error');
      this.select(this.puzzles()[0]!.id);
      return;
    }
    const s = this.state(puzzle.id);
    const said: string[] = [];
    const check = await this.engine.validate(puzzle.id, link.params);
    if (check.ok) s.params = { ...link.params };
    else said.push(`its parameters were refused (${check.error}), so the defaults are shown`);
    const known = new Set(this.kernelChoices(puzzle.id).map((c) => c.kernel.key));
    s.kernels = new Set(link.kernels.filter((k) => known.has(k)));
    const builds = link.builds.filter((b) => this.supported.has(b));
    if (builds.length) this.builds = new Set(builds);

    s.shared = [];
    s.sharer = null;
    s.view = { kind: 'case' };
    if (link.shared) {
      const { records, rejected } = await this.verify(link.shared.records, 'link');
      s.shared = records.filter((r) => r.puzzle === puzzle.id);
      s.sharer = { environment: link.shared.environment, native: link.shared.native };
      said.unshift(this.describeShared(s.shared, rejected, link.shared.environment.cpu));
      const keys = [...new Set(s.shared.map((r) => r.case_key))];
      s.view = keys.length > 1 ? { kind: 'cases', keys } : { kind: 'case' };
    }
    if (said.length) this.notices.set('address', `Shared link: ${said.join('; ')}.`, check.ok ? 'info' : 'error');
    this.puzzleId = puzzle.id;
    this.render();
    await this.setParams(puzzle.id, s.params, false); // a link with several cases shows them all
  }

  private describeShared(records: readonly PageRecord[], rejected: readonly Rejected[], cpu: string): string {
    const cases = new Set(records.map((r) => r.case_key)).size;
    const checked = records.filter((r) => !r.claimed && r.verified !== null).length;
    const wrong = records.filter((r) => r.verified === false).length;
    const claimed = records.filter((r) => r.claimed).length;
    const parts = [`${records.length} results from another browser (${cpu.slice(0, 80)}) on ${cases} case${cases === 1 ? '' : 's'}; answers re-checked here: ${checked}${wrong ? ` (${wrong} wrong)` : ''}, claimed only: ${claimed}`];
    if (rejected.length) parts.push(`${rejected.length} left out (${[...new Set(rejected.map((r) => r.reason))].slice(0, 3).join('; ')})`);
    if (records.length) parts.push('run the same case to measure yours beside them');
    return parts.join('; ');
  }

  // Re-checking data prepares every case it names (popcount: buffers up to 64 MiB): that runs in
  // a worker of its own, stopped afterwards, so the params check never waits behind it and the
  // memory goes back (wasm memory never shrinks while its worker lives).
  private async withWorker<T>(work: (engine: Engine) => Promise<T>): Promise<T> {
    const bridge = new WorkerBridge(this.supported.has('simd128') ? 'simd128' : 'baseline');
    try {
      return await work(new Engine(bridge));
    } finally {
      bridge.stop();
    }
  }

  private withVerifier<T>(work: (ctx: VerifyContext) => Promise<T>): Promise<T> {
    return this.withWorker((engine) => work({ ...this.verifyContext(), call: engine.call }));
  }

  private async verify(records: readonly ResultRecord[], origin: Origin) {
    try {
      return await this.withVerifier((ctx) => verifyRecords(records, origin, ctx));
    } catch (e) {
      return { records: [], rejected: records.map((record) => ({ record, reason: String(e) })) };
    }
  }

  private select(id: string) {
    const changed = id !== this.puzzleId;
    this.puzzleId = id;
    this.render();
    if (changed || !this.state(id).check) void this.setParams(id, this.state(id).params, false);
  }

  // ---- rendering -----------------------------------------------------------------------------

  private layout(): HTMLElement {
    return h('div', { className: 'page' },
      h('header', {}, h('h1', {}, 'simd-puzzles'), h('p', { className: 'tagline' }, 'The same C++ kernels natively and in your browser: what SIMD buys, side by side.'), this.el.tabs),
      this.el.notices,
      h('main', {},
        h('section', { className: 'area-params' }, this.el.params),
        h('section', { className: 'area-run' },
          h('div', { className: 'run-row' }, this.el.run, this.el.stop), this.el.bench, this.el.progress, this.el.status),
        h('section', { className: 'area-results' }, this.el.heading, this.el.table, this.el.cases, this.el.illustration, h('div', { className: 'chart-wrap' }, this.el.chart), this.el.extra),
        h('section', { className: 'area-kernels' }, this.el.kernels,
          h('p', { className: 'hint' }, 'Keep DevTools closed while timing: opening them makes V8 swap optimised wasm for its baseline compiler.')),
        h('section', { className: 'area-intro' }, this.el.intro),
      ),
      h('section', { className: 'share-row' },
        h('button', { id: 'copy-link', attrs: { type: 'button' }, on: { click: () => void this.copyLink() } }, 'Copy link'),
        this.el.share,
        this.dropZone(),
      ),
      this.el.environment,
      h('footer', {}, 'Native: ', h('code', {}, 'npm start'), ' measures this machine; ', h('code', {}, 'simd-puzzles bench --json FILE'), ' anywhere else. Nothing you pick here is uploaded.'),
    );
  }

  private render() {
    const puzzle = this.puzzle();
    const s = this.state();
    replaceChildren(this.el.tabs, ...this.puzzles().map((p) =>
      h('a', { className: p.id === puzzle.id ? 'tab active' : 'tab', attrs: { href: `#${p.id}`, 'data-puzzle': p.id } }, p.title)));
    const view = views.get(puzzle.id);
    replaceChildren(this.el.intro,
      h('details', { attrs: { open: '' } }, h('summary', {}, 'How it works'),
        view ? view.explainer() : h('div', { className: 'explainer' }, h('p', {}, puzzle.summary), h('p', {}, 'Source: ', sourceLink(puzzle.source_url, puzzle.source_url)))),
    );
    this.form = paramsForm(puzzle, s.params, (params) => void this.setParams(puzzle.id, params));
    this.form.show(s.check);
    this.editor = view?.editor?.(s.params, (changes) => {
      const params = { ...this.state(puzzle.id).params, ...changes };
      this.form?.set(params);
      void this.setParams(puzzle.id, params);
    }) ?? null;
    this.editor?.show(s.params, s.check?.ok ? s.check.params : null);
    // One fieldset holds every input a run reads, so a run disables them all at once.
    replaceChildren(this.el.inputs,
      h('legend', { className: 'visually-hidden' }, 'run settings'),
      puzzle.input_file ? this.fileControl(puzzle) : null,
      this.editor?.element ?? null,
      this.form.element);
    replaceChildren(this.el.params, h('h2', {}, puzzle.title), this.el.inputs);
    replaceChildren(this.el.kernels,
      h('fieldset', { className: 'run-inputs' },
        h('legend', {}, 'kernels and builds'),
        kernelPicker(this.kernelChoices(), this.selectedKernels(), (sel) => (s.kernels = sel)),
        buildPicker(this.supported, this.builds, (sel) => (this.builds = sel))));
    const groups: readonly BenchGroup[] = view?.benchGroups ?? [{ label: 'all benchmark cases', cases: () => true }];
    replaceChildren(this.el.bench, ...groups.map((g, i) => {
      const names = puzzle.bench_cases.filter(g.cases).map((c) => c.name);
      return h('button', {
        className: 'bench-button',
        attrs: { type: 'button', 'data-bench-group': String(i), title: names.join(', ') },
        on: { click: () => void this.runBench(names) },
      }, `Benchmark: ${g.label} (${names.length})`);
    }));
    this.setButtons();
    this.renderResults();
  }

  /** Draws the case on screen (board, net) as params change, without running kernels. */
  private refreshDrawing() {
    window.clearTimeout(this.drawTimer);
    const puzzle = this.puzzle();
    const s = this.state();
    const view = views.get(puzzle.id);
    const check = this.caseOnScreen(s);
    if (!view?.illustrate || view.liveIllustration === false || !check || s.drawings.has(check.case_key)) return;
    this.drawTimer = window.setTimeout(async () => {
      const drawing = await this.engine.illustrate(puzzle.id, check.params).catch(() => null);
      if (drawing === null) return;
      s.drawings.set(check.case_key, drawing);
      if (this.puzzleId === puzzle.id && this.caseOnScreen(s)?.case_key === check.case_key) this.renderResults();
    }, 120);
  }

  private nativeRecords(id: string): PageRecord[] {
    return (this.native?.records ?? []).filter((r) => r.puzzle === id);
  }

  private renderResults() {
    const puzzle = this.puzzle();
    const s = this.state();
    const view = views.get(puzzle.id);
    const native = this.nativeRecords(puzzle.id);
    const check = this.caseOnScreen(s);
    const key = check?.case_key ?? null;

    const context: ResultsContext = { mine: s.mine, native, shared: s.shared, params: check?.params ?? s.params, caseKey: key, engine: this.engine };
    replaceChildren(this.el.extra, view?.extraResults ? view.extraResults(context) : summaryPanel(puzzle.id, sourcesOf(context), this.engine));
    const browserEnv = this.environments.get('simd128') ?? this.environments.get('baseline') ?? null;
    replaceChildren(this.el.environment, h('h2', {}, 'Environment'), environmentPanel(browserEnv, this.native?.source ?? null, s.sharer));
    // A drawing belongs to its case: an invalid param shows none, a stopped run keeps the one it
    // had, and a table of several cases shows none.
    const drawing = key !== null && s.view.kind === 'case' ? s.drawings.get(key) : undefined;
    replaceChildren(this.el.illustration, drawing !== undefined && view?.illustrate ? view.illustrate(drawing, check!.params) : null);
    this.renderCaseChips(s, key);

    if (s.view.kind === 'cases') {
      const keys = s.view.keys;
      const sources = [{ label: 'you', records: s.mine.filter((r) => keys.includes(r.case_key)) }, { label: 'sharer', records: s.shared.filter((r) => keys.includes(r.case_key)) }].filter((x) => x.records.length);
      replaceChildren(this.el.heading, h('h3', {}, `Benchmark cases: ${puzzle.title}`),
        h('p', { className: 'hint' }, 'Edit a parameter or pick a case below to see one case in full.'));
      replaceChildren(this.el.table, pivotTable(sources, native, keys, view?.caseLabel ? (r) => view.caseLabel!(r) : undefined));
      this.dropChart();
      return;
    }

    if (!check) {
      replaceChildren(this.el.heading, h('h3', {}, `Results: ${puzzle.title}`));
      replaceChildren(this.el.table, h('p', { className: 'empty' }, s.check ? 'The parameters have an error (see above): no case to show.' : 'Checking the parameters…'));
      this.dropChart();
      return;
    }
    const mine = forCase(s.mine, puzzle.id, check.case_key);
    const shared = forCase(s.shared, puzzle.id, check.case_key);
    const nativeHere = forCase(native, puzzle.id, check.case_key);
    replaceChildren(this.el.heading, h('h3', { attrs: { 'data-case-key': check.case_key } }, `Results: ${puzzle.title}, ${check.case}`));
    if (!mine.length && !shared.length) {
      const benchCases = puzzle.bench_cases.map((c) => c.name).join(', ');
      replaceChildren(this.el.table, h('p', { className: 'empty' }, `Press Run to time the selected kernels on ${check.case}.`,
        nativeHere.length ? ' Native numbers exist for this case.' : ` Native numbers cover the benchmark cases (${benchCases}).`));
      this.dropChart();
    } else {
      replaceChildren(this.el.table, resultsTable({ mine, native: nativeHere, shared, workUnit: check.work_unit }));
      this.el.chart.parentElement?.classList.remove('empty-chart');
      this.chart = drawChart(this.el.chart, this.chart, mine, nativeHere, shared);
    }
  }

  private dropChart() {
    this.chart?.destroy();
    this.chart = null;
    this.el.chart.parentElement?.classList.add('empty-chart');
  }

  /** Other cases this puzzle holds results for: one click puts a case's params on screen. */
  private renderCaseChips(s: PuzzleState, key: string | null) {
    const byKey = new Map<string, { record: PageRecord; yours: number; shared: number }>();
    for (const [list, field] of [[s.mine, 'yours'], [s.shared, 'shared']] as const)
      for (const r of list) {
        const e = byKey.get(r.case_key) ?? { record: r, yours: 0, shared: 0 };
        e[field] += 1;
        byKey.set(r.case_key, e);
      }
    const others = [...byKey.entries()].filter(([k]) => k !== key || s.view.kind === 'cases');
    if (!others.length) {
      replaceChildren(this.el.cases);
      return;
    }
    const view = views.get(this.puzzleId);
    const label = (r: PageRecord) => (view?.caseLabel ? view.caseLabel(r) : r.case);
    replaceChildren(this.el.cases, h('span', { className: 'hint' }, 'Results held for: '),
      ...others.map(([k, e]) => h('button', {
        className: 'chip',
        attrs: { type: 'button', 'data-case-key': k, title: e.record.case },
        on: { click: () => this.showCase(e.record) },
      }, label(e.record), h('small', {}, [e.yours ? ` ${e.yours} yours` : '', e.shared ? ` ${e.shared} shared` : ''].join('')))));
  }

  private showCase(record: PageRecord) {
    if (this.running?.puzzle === record.puzzle) return; // the fields are locked during a run
    const s = this.state(record.puzzle);
    s.params = { ...record.params };
    s.view = { kind: 'case' };
    this.render();
    void this.setParams(record.puzzle, s.params);
  }

  // ---- running -------------------------------------------------------------------------------

  /** Times the selected kernels on the case on screen. */
  private run() {
    const check = this.caseOnScreen();
    if (!check) return Promise.resolve();
    const puzzle = this.puzzle();
    return this.execute((kernels) => ({ action: 'run', puzzle: puzzle.id, params: check.params, kernels, time: true }), 1, false, check);
  }

  /** Times the selected kernels on the named benchmark cases (the native bench's cases). */
  private runBench(cases: string[]) {
    const puzzle = this.puzzle();
    return this.execute((kernels) => ({ action: 'bench', puzzles: [puzzle.id], cases, kernels }), cases.length, true);
  }

  // Runs a request in each selected build, with the kernels that build has; results stream into
  // their puzzle's state build by build, whatever tab is open. `cases` scales the progress bar.
  // `peerCase`: the case on screen, which the view's peer programs then run too (Run only).
  private async execute(request: (kernels: string[]) => unknown, cases: number, bench: boolean, peerCase?: Extract<CaseCheck, { ok: true }>) {
    if (this.running) return;
    const puzzle = this.puzzle();
    const s = this.state(puzzle.id);
    const selected = this.selectedKernels();
    const plan = BUILDS.filter((b) => this.builds.has(b) && this.catalogs.has(b)).map((build) => {
      const keys = new Set(this.catalogs.get(build)!.find((p) => p.id === puzzle.id)?.kernels.map((k) => k.key) ?? []);
      return { build, kernels: [...selected].filter((k) => keys.has(k)) };
    }).filter((p) => p.kernels.length);
    const peers = peerCase ? this.peersOf(puzzle.id).filter((p) => selected.has(`${p.peer.kernel}/${PEER_ISA}`)) : [];
    if (!plan.length && !peers.length) {
      this.status('Select at least one kernel and one build that has it.');
      return;
    }
    this.notices.clear('run');
    this.notices.clear('skipped');
    this.setRunning({ puzzle: puzzle.id });
    const total = plan.reduce((n, p) => n + p.kernels.length, 0) * cases;
    let done = 0;
    let got = 0;
    const benchKeys: string[] = [];
    const skipped = new Map<string, Set<string>>(); // reason -> kernels, across builds
    const failed: string[] = [];
    let finished = false;
    let stopped = false;
    try {
      for (const { build, kernels } of plan) {
        this.active = this.bridges[build];
        if (puzzle.input_file) {
          // Workers may have been restarted (Stop), so the input goes in before every run.
          const set = await this.active.setInput(s.file?.bytes ?? null);
          if (!set.ok) {
            this.notices.set('run', set.error ?? 'the file could not be loaded into the wasm module', 'error');
            break;
          }
        }
        const before = done;
        const response = await this.active.call<RunResponse | BenchResponse>(request(kernels), (e) => {
          done = before + ((e.case_index ?? 1) - 1) * e.kernel_count;
          this.progress(build, e, done, total);
        });
        if (!response.ok) {
          this.notices.set('run', response.error, 'error');
          break;
        }
        const records = ('report' in response ? response.report.records : response.results) as PageRecord[];
        done = before + records.length;
        got += records.length;
        s.mine = mergeRecords(s.mine, records);
        for (const r of records) if (!benchKeys.includes(r.case_key)) benchKeys.push(r.case_key);
        if ('illustration' in response && response.illustration !== null) s.drawings.set(response.case_key, response.illustration);
        for (const x of response.skipped) skipped.set(x.reason, (skipped.get(x.reason) ?? new Set()).add(`${x.kernel}/${x.isa}`));
        for (const f of response.failed) failed.push(`${f.kernel ? `${f.kernel}/${f.isa}` : 'case' in f ? f.case : ''}: ${f.reason}`);
        if (bench) s.view = { kind: 'cases', keys: benchKeys };
        if (this.puzzleId === puzzle.id) this.renderResults();
      }
      this.active = null; // Stop now ends the peer, not a wasm worker that is idle
      for (const program of peers) {
        const record = await this.runPeer(program, puzzle.id, peerCase!, skipped, failed);
        if (!record) continue;
        got += 1;
        s.mine = mergeRecords(s.mine, [record]);
        if (this.puzzleId === puzzle.id) this.renderResults();
      }
      finished = true;
      if (skipped.size) this.notices.set('skipped', [...skipped].map(([reason, k]) => `Skipped ${[...k].join(', ')}: ${reason}`).join('. '), 'info');
      if (failed.length) this.notices.set('run', `Failed: ${failed.join('; ')}`, 'error');
    } catch (e) {
      stopped = e instanceof StoppedError;
      if (!stopped) this.notices.set('run', String(e), 'error');
    } finally {
      this.active = null;
      this.activePeer = null;
      // The viewer's reference answers may settle a sharer's claimed ones: the table is final
      // before the status says so.
      await this.recheckShared(puzzle.id);
      this.setRunning(null, finished);
      const where = this.puzzleId === puzzle.id ? '' : ` for ${puzzle.title} (open its tab to see them)`;
      if (finished) this.status(got ? `Done: ${got} results${where}.` : 'No results.');
      else if (stopped) this.status(`Stopped after ${got} results. The page is yours again.`);
      else this.status(`The run failed after ${got} results (see the notice above).`);
      if (this.puzzleId === puzzle.id) this.renderResults();
    }
  }

  /** After a run: the viewer's reference answers may now settle a sharer's claimed ones. */
  private async recheckShared(id: string) {
    const s = this.state(id);
    if (!s.shared.some((r) => r.claimed)) return;
    const shared = s.shared;
    s.shared = await this.withVerifier((ctx) => checkAnswers(shared, ctx)).catch(() => shared);
  }

  private stop() {
    this.active?.stop();
    this.activePeer?.stop();
  }

  /**
   * One peer program on the case: skipped (with the reason) or run once, its answer checked like a
   * sharer's (published count, else the viewer's reference run) and against the node count our
   * kernels agree on, so a peer that counts differently is flagged, whoever is wrong.
   */
  private async runPeer(program: PeerProgram, id: string, check: Extract<CaseCheck, { ok: true }>,
    skipped: Map<string, Set<string>>, failed: string[]): Promise<PageRecord | null> {
    const key = `${program.peer.kernel}/${PEER_ISA}`;
    const s = this.state(id);
    const ours = s.mine.filter((r) => r.case_key === check.case_key && r.isa !== PEER_ISA && r.verified !== false);
    const works = [...new Set(ours.map((r) => r.work))];
    const why = (await program.availability()) ?? program.skip(check.params, works.length === 1 ? works[0]! : null);
    if (why) {
      skipped.set(why, (skipped.get(why) ?? new Set()).add(key));
      return null;
    }
    this.activePeer = program;
    let run;
    try {
      run = await program.run(check.params, (text) => this.status(text));
    } catch (e) {
      if (e instanceof StoppedError) throw e;
      failed.push(`${key}: ${e instanceof Error ? e.message : String(e)}`);
      return null;
    } finally {
      this.activePeer = null;
    }
    const record: PageRecord = {
      puzzle: id, case: check.case, case_key: check.case_key, params: check.params,
      kernel: program.peer.kernel, isa: PEER_ISA, build: program.peer.build,
      answer: run.answer, verified: null, verified_by: '', work: run.work, work_unit: check.work_unit,
      timing: peerTiming(run.samplesNs, run.work),
      startup_ns: run.startupNs,
    };
    const [checked] = await checkAnswers([record], this.verifyContext()).catch(() => [record]);
    const out: PageRecord = { ...checked!, startup_ns: run.startupNs };
    const agreed = works.length === 1 ? ours.find((r) => r.work === works[0]) : undefined;
    if (agreed && agreed.answer.nodes !== out.answer.nodes) {
      delete out.claimed;
      out.verified = false;
      out.verified_by = `differs from our kernels: they count ${String(agreed.answer.nodes)} nodes`;
    } else if (out.claimed && agreed) {
      delete out.claimed;
      out.verified = true;
      out.verified_by = `agrees with the ${ours.length} runs of our kernels here (${String(agreed.answer.nodes)} nodes)`;
    }
    if (out.verified === false) failed.push(`${key} counts ${String(out.answer.nodes)} nodes: ${out.verified_by}`);
    return out;
  }

  private setButtons() {
    const busy = this.running !== null;
    this.el.run.disabled = busy || !this.caseOnScreen();
    this.el.stop.disabled = !busy;
    for (const b of this.el.bench.querySelectorAll('button')) b.disabled = busy;
    for (const f of document.querySelectorAll<HTMLFieldSetElement>('fieldset.run-inputs')) f.disabled = busy;
  }

  private setRunning(run: { puzzle: string } | null, finished = false) {
    this.running = run;
    this.setButtons();
    window.clearInterval(this.ticker);
    if (run) {
      this.startedAt = performance.now();
      this.el.progress.value = 0;
      this.status('Starting…');
      this.ticker = window.setInterval(() => {
        const text = this.el.status.dataset.base ?? '';
        this.el.status.textContent = `${text} · ${((performance.now() - this.startedAt) / 1000).toFixed(1)} s`;
      }, 250);
    } else if (finished) {
      this.el.progress.value = 1; // a stopped run keeps the bar where it stopped
    }
  }

  private progress(build: Build, e: ProgressEvent, done: number, total: number) {
    const within = e.phase === 'sample' && e.samples ? (e.sample ?? 0) / e.samples : 0;
    this.el.progress.value = Math.min(1, (done + e.kernel_index - 1 + within) / total);
    const step = e.phase === 'verify' ? 'checking the answer' : e.phase === 'warmup' ? 'warming up' : `sample ${e.sample}/${e.samples}`;
    const where = (e.case_count ?? 1) > 1 ? ` · case ${e.case_index}/${e.case_count} ${e.case}` : '';
    this.status(`${BUILD_NAME[build]}${where} · kernel ${e.kernel_index}/${e.kernel_count} ${e.kernel}/${e.isa} · ${step}`);
  }

  private fileControl(puzzle: CatalogPuzzle): HTMLElement {
    const MAX_BYTES = 512 * 1024 * 1024; // the wasm module's cap (cpp/wasm/bindings.cpp)
    const s = this.state(puzzle.id);
    const input = h('input', { id: 'input-file', attrs: { type: 'file' } });
    const none = 'none: generated data';
    const name = h('span', { className: 'file-name' }, s.file ? `${s.file.name} (${s.file.bytes.length.toLocaleString('en-US')} bytes)` : none);
    const clear = h('button', { className: 'link', attrs: { type: 'button' } }, 'clear');
    const use = (file: PuzzleState['file']) => {
      s.file = file;
      name.textContent = file ? `${file.name} (${file.bytes.length.toLocaleString('en-US')} bytes)` : none;
      void this.setParams(puzzle.id, s.params); // a file is part of the case
    };
    input.addEventListener('change', async () => {
      const file = input.files?.[0];
      if (!file) return;
      const shown = neutralizeBidi(file.name).slice(0, 120);
      if (file.size > MAX_BYTES) {
        this.notices.set('file', `${shown} is larger than 512 MiB; pick a smaller file.`, 'error');
        return;
      }
      try {
        const bytes = new Uint8Array(await file.arrayBuffer());
        this.notices.clear('file');
        use({ name: shown, bytes, input: null });
      } catch (e) {
        // Never fall back to generated data silently: the run would count something else.
        input.value = '';
        use(null);
        this.notices.set('file', `Could not read ${shown}: ${e instanceof Error ? e.message : String(e)}`, 'error');
      }
    });
    clear.addEventListener('click', () => {
      input.value = '';
      use(null);
    });
    return h('div', { className: 'input-file' },
      h('strong', {}, 'input file'),
      h('p', { className: 'hint' }, `Optional: ${puzzle.input_file}. Read in your browser, never uploaded.`),
      input, h('div', {}, 'current: ', name, ' ', clear));
  }

  // ---- sharing and importing -----------------------------------------------------------------

  private async copyLink() {
    const puzzle = this.puzzle();
    const s = this.state();
    const key = this.caseOnScreen()?.case_key;
    // The case on screen first, then the most recently run cases, each in kernel order: every
    // record keeps the params it was measured on.
    const recency = [...new Set(s.mine.map((r) => r.case_key).reverse())];
    const order = [...(key !== undefined && recency.includes(key) ? [key] : []), ...recency.filter((k) => k !== key)];
    const ordered = order.flatMap((k) => s.mine.filter((r) => r.case_key === k));
    const candidates: ResultRecord[] = ordered.slice(0, MAX_SHARED_RECORDS).map(({ claimed: _claimed, startup_ns: _startup, ...r }) => r);
    const firstBuild = BUILDS.find((b) => candidates.some((r) => r.build === BUILD_NAME[b])) ?? [...this.builds][0]!;
    const environment = this.environments.get(firstBuild);
    const stateWith = (shared: ResultRecord[]): LinkState => ({
      v: 1,
      puzzle: puzzle.id,
      params: this.caseOnScreen()?.params ?? s.params,
      kernels: [...this.selectedKernels()],
      builds: [...this.builds],
      ...(shared.length && environment ? { shared: { environment, native: this.native?.source.report.environment ?? null, records: shared } } : {}),
    });
    // A link must stay under the size a viewer's page accepts: the least recent cases go first.
    const { fragment, kept: records, leftOut: tooLong } = await encodeLinkWithin(candidates, stateWith);
    const leftOut = tooLong + ordered.length - candidates.length;
    const url = `${location.origin}${location.pathname}#${fragment}`;
    this.el.share.value = url;
    this.el.share.select();
    const cases = new Set(records.map((r) => r.case_key)).size;
    const trimmed = leftOut ? ` (${leftOut} older results left out to keep the link under ${MAX_SHARED_RECORDS} results and ${MAX_FRAGMENT_CHARS / 1024} KiB)` : '';
    const what = (records.length ? `, with your ${records.length} results on ${cases} case${cases === 1 ? '' : 's'}` : '') + trimmed;
    try {
      await navigator.clipboard.writeText(url);
      this.status(`Link copied (${url.length} characters${what}).`);
    } catch {
      this.status(`Copy the link from the field (the clipboard is not available here)${what}.`);
    }
  }

  // Native results come in by file picker or by dropping the JSON on this zone.
  private dropZone(): HTMLElement {
    const zone = h('label', { className: 'import', attrs: { for: 'import-native' } },
      'Import native results: drop the JSON from ', h('code', {}, 'simd-puzzles bench --json'), ' here, or pick it: ', this.el.importInput);
    zone.addEventListener('dragover', (e) => {
      e.preventDefault();
      zone.classList.add('dragging');
    });
    zone.addEventListener('dragleave', () => zone.classList.remove('dragging'));
    zone.addEventListener('drop', (e) => {
      e.preventDefault();
      zone.classList.remove('dragging');
      void this.importFile(e.dataTransfer?.files[0]);
    });
    return zone;
  }

  private async importFile(file: File | undefined) {
    if (!file) return;
    const result = await importReportFile(file);
    if ('error' in result) {
      this.notices.set('import', `Could not import native results: ${neutralizeBidi(result.error)}`, 'error');
      return;
    }
    this.importedByUser = true;
    this.notices.clear('native-progress');
    await this.takeNative({ ...result, fileName: result.fileName && neutralizeBidi(result.fileName) }, 'import');
  }

  /** A native report (served or imported), re-checked like a link: kernels, bounds, params, answers. */
  private async takeNative(source: NativeSource, cause: string) {
    const turn = ++this.nativeTurn;
    const { records, rejected } = await this.verify(source.report.records, 'report');
    if (turn !== this.nativeTurn) return; // a later import (or the user's file) took its place
    this.native = { source, records };
    const from = source.fileName ? ` from ${source.fileName}` : '';
    const leftOut = rejected.length + (source.unreadable?.count ?? 0);
    const reasons = [...new Set([...(source.unreadable?.reasons ?? []), ...rejected.map((r) => r.reason)])].slice(0, 3);
    const left = leftOut ? `; ${leftOut} left out (${neutralizeBidi(reasons.join('; '))})` : '';
    const wrong = records.filter((r) => r.verified === false).length;
    const text = `Imported ${records.length} native results${from} (${source.report.environment.cpu.slice(0, 80)})${wrong ? `; ${wrong} with a wrong answer` : ''}${left}.`;
    if (cause === 'import' || leftOut || wrong) this.notices.set(cause, text, leftOut || wrong ? 'error' : 'info');
    if (this.puzzleId) this.renderResults();
  }

  // ---- messages ------------------------------------------------------------------------------

  private status(text: string) {
    this.el.status.dataset.base = text;
    this.el.status.textContent = text;
  }
}

void new App().start();
