// The page: loads the wasm builds in workers, shows one puzzle at a time, runs and times the
// selected kernels, and compares them with native numbers and with a sharer's. Everything
// puzzle-specific comes from the catalog (C++) or from web/src/puzzles/<id>.ts.
import type { Chart } from 'chart.js';
import { simd } from 'wasm-feature-detect';
import { drawChart } from './app/chart';
import { caseName, forCase, learnIsas } from './app/compare';
import { readFragment } from './app/fragment';
import { buildPicker, kernelPicker, paramsForm, sanitizeParams, type KernelChoice } from './app/controls';
import { h, replaceChildren, sourceLink } from './app/dom';
import type { BenchResponse, Catalog, CatalogPuzzle, ProgressEvent, RunResponse } from './app/engine-types';
import type { BenchGroup } from './puzzles/types';
import { environmentPanel } from './app/environment';
import { fetchServedNative, importReportFile, type NativeSource } from './app/native';
import { pivotTable, resultsTable } from './app/results';
import { views } from './puzzles';
import { decodeLink, encodeLink } from './share/codec';
import { BUILDS, MAX_SHARED_RECORDS, type Build, type Environment, type LinkState, type Params, type ResultRecord } from './share/schema';
import { StoppedError, WorkerBridge } from './worker/bridge';
import './styles.css';

const BUILD_NAME: Record<Build, string> = { simd128: 'wasm-simd128', baseline: 'wasm-baseline' };

class App {
  private readonly bridges: Record<Build, WorkerBridge> = { simd128: new WorkerBridge('simd128'), baseline: new WorkerBridge('baseline') };
  private catalogs = new Map<Build, CatalogPuzzle[]>();
  private environments = new Map<Build, Environment>();
  private supported = new Set<Build>();
  private puzzleId = '';
  private params = new Map<string, Params>();
  private kernels = new Map<string, Set<string>>();
  private builds = new Set<Build>();
  private paramError: string | null = null;
  private mine: ResultRecord[] = [];
  private illustration: unknown = null;
  private native: NativeSource | null = null;
  private shared: NonNullable<LinkState['shared']> | null = null;
  private running = false;
  // A local file for puzzles that read one: read here, copied into each worker, never uploaded.
  private inputFile: { name: string; bytes: Uint8Array } | null = null;
  private active: WorkerBridge | null = null;
  private chart: Chart | null = null;
  private startedAt = 0;
  private ticker = 0;
  private illustrationTimer = 0;

  private readonly el = {
    tabs: h('nav', { className: 'tabs', attrs: { 'aria-label': 'puzzles' } }),
    notices: h('div', { className: 'notices', attrs: { 'aria-live': 'polite' } }),
    intro: h('section', { className: 'intro' }),
    controls: h('section', { className: 'controls' }),
    progress: h('progress', { attrs: { max: '1', value: '0' } }),
    status: h('p', { className: 'status', attrs: { role: 'status' } }),
    run: h('button', { id: 'run', attrs: { type: 'button' } }, 'Run'),
    bench: h('div', { className: 'bench-row' }),
    stop: h('button', { id: 'stop', attrs: { type: 'button' } }, 'Stop'),
    illustration: h('div', { className: 'illustration' }),
    table: h('div', { className: 'table-wrap' }),
    chart: h('canvas', { attrs: { 'aria-label': 'median time per kernel' } }),
    extra: h('div', { className: 'extra' }),
    environment: h('section', { className: 'environment' }),
    share: h('input', { id: 'share-link', attrs: { type: 'text', readonly: '', 'aria-label': 'share link', placeholder: 'Copy link puts the link here' } }),
    importInput: h('input', { id: 'import-native', attrs: { type: 'file', accept: 'application/json,.json' } }),
  };

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
          this.environments.set(build, env);
          this.catalogs.set(build, catalog.puzzles);
        } catch (e) {
          this.supported.delete(build);
          this.notice(`The ${build} build could not start: ${String(e)}`, 'error');
        }
      }),
    );
    if (!this.catalogs.size) {
      this.status('No wasm build could start in this browser.');
      return;
    }
    this.builds = new Set([this.supported.has('simd128') ? 'simd128' : 'baseline']);
    const served = await fetchServedNative();
    if (served && 'error' in served) this.notice(served.error, 'error');
    else this.native = served;

    window.addEventListener('hashchange', () => void this.route());
    await this.route();
    this.status('Ready.');
  }

  // ---- state ---------------------------------------------------------------------------------

  private puzzles(): CatalogPuzzle[] {
    return this.catalogs.get('simd128') ?? this.catalogs.get('baseline') ?? [];
  }

  private puzzle(): CatalogPuzzle {
    return this.puzzles().find((p) => p.id === this.puzzleId) ?? this.puzzles()[0]!;
  }

  private currentParams(): Params {
    const p = this.puzzle();
    return this.params.get(p.id) ?? Object.fromEntries(p.params.map((s) => [s.name, s.default]));
  }

  private kernelChoices(): KernelChoice[] {
    const byKey = new Map<string, KernelChoice>();
    for (const build of BUILDS) {
      const p = this.catalogs.get(build)?.find((x) => x.id === this.puzzleId);
      for (const k of p?.kernels ?? []) {
        const c = byKey.get(k.key) ?? { kernel: k, builds: [] };
        c.builds.push(build);
        byKey.set(k.key, c);
      }
    }
    return [...byKey.values()];
  }

  private selectedKernels(): Set<string> {
    return this.kernels.get(this.puzzleId) ?? new Set(this.kernelChoices().map((c) => c.kernel.key));
  }

  private currentCase(): string {
    return caseName(this.puzzle(), this.currentParams());
  }

  // ---- routing: #<puzzle> or #s=<version>.<data> ----------------------------------------------

  private async route() {
    const hash = location.hash;
    const link = await decodeLink(hash);
    if (link.kind === 'error') {
      this.notice(link.message, 'error');
      this.select(this.puzzleId || this.puzzles()[0]!.id);
      return;
    }
    if (link.kind === 'ok') {
      this.openLink(link.state);
      return;
    }
    const fragment = readFragment(hash, this.puzzles().map((p) => p.id));
    if (fragment.kind === 'unknown')
      this.notice(`The address ends in '#${fragment.text.slice(0, 60)}', which names no puzzle here; showing ${this.puzzle().title}.`, 'error');
    this.select(fragment.kind === 'puzzle' ? fragment.id : this.puzzleId || this.puzzles()[0]!.id);
  }

  private openLink(state: LinkState) {
    const puzzle = this.puzzles().find((p) => p.id === state.puzzle);
    if (!puzzle) {
      this.notice(`Could not open the shared link: it is for a puzzle this page does not have ('${state.puzzle}').`, 'error');
      this.select(this.puzzles()[0]!.id);
      return;
    }
    const { params, problems } = sanitizeParams(puzzle, state.params);
    if (problems.length) this.notice(`The shared link had bad parameters (${problems.join('; ')}); defaults are used instead.`, 'error');
    this.params.set(puzzle.id, params);
    this.puzzleId = puzzle.id;
    const known = new Set(this.kernelChoices().map((c) => c.kernel.key));
    this.kernels.set(puzzle.id, new Set(state.kernels.filter((k) => known.has(k))));
    const builds = state.builds.filter((b) => this.supported.has(b));
    if (builds.length) this.builds = new Set(builds);
    this.shared = state.shared ?? null;
    this.mine = [];
    this.illustration = null;
    if (this.shared)
      this.notice(`Showing ${this.shared.records.length} results shared from another browser (${this.shared.environment.cpu}). Press Run to measure yours beside them.`, 'info');
    this.render();
  }

  private select(id: string) {
    if (id !== this.puzzleId) {
      this.mine = [];
      this.illustration = null;
      if (this.shared && this.shared.records[0]?.puzzle !== id) this.shared = null;
    }
    this.puzzleId = id;
    this.render();
  }

  // ---- rendering -----------------------------------------------------------------------------

  private layout(): HTMLElement {
    return h('div', { className: 'page' },
      h('header', {}, h('h1', {}, 'simd-puzzles'), h('p', { className: 'tagline' }, 'The same C++ kernels natively and in your browser: what SIMD buys, side by side.'), this.el.tabs),
      this.el.notices,
      h('main', {},
        h('div', { className: 'left' }, this.el.controls,
          h('div', { className: 'run-row' }, this.el.run, this.el.stop), this.el.bench, this.el.progress, this.el.status,
          h('p', { className: 'hint' }, 'Keep DevTools closed while timing: opening them makes V8 swap optimised wasm for its baseline compiler.'),
          this.el.intro),
        h('div', { className: 'right' }, this.el.illustration, this.el.table, h('div', { className: 'chart-wrap' }, this.el.chart), this.el.extra),
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
    replaceChildren(this.el.tabs, ...this.puzzles().map((p) =>
      h('a', { className: p.id === puzzle.id ? 'tab active' : 'tab', attrs: { href: `#${p.id}`, 'data-puzzle': p.id } }, p.title)));
    const view = views.get(puzzle.id);
    replaceChildren(this.el.intro,
      h('details', { attrs: { open: '' } }, h('summary', {}, 'How it works'),
        view ? view.explainer() : h('div', { className: 'explainer' }, h('p', {}, puzzle.summary), h('p', {}, 'Source: ', sourceLink(puzzle.source_url, puzzle.source_url)))),
    );
    replaceChildren(this.el.controls,
      h('h2', {}, puzzle.title),
      puzzle.input_file ? this.fileControl(puzzle.input_file) : null,
      paramsForm(puzzle, this.currentParams(), (params, error) => {
        this.params.set(puzzle.id, params);
        this.paramError = error;
        this.setButtons();
        this.renderResults();
        if (!error) this.refreshIllustration();
      }),
      kernelPicker(this.kernelChoices(), this.selectedKernels(), (sel) => this.kernels.set(puzzle.id, sel)),
      buildPicker(this.supported, this.builds, (sel) => (this.builds = sel)),
    );
    const groups: readonly BenchGroup[] = view?.benchGroups ?? [{ label: 'all benchmark cases', cases: () => true }];
    replaceChildren(this.el.bench, ...groups.map((g, i) => {
      const names = puzzle.bench_cases.map((c) => c.name).filter(g.cases);
      return h('button', {
        className: 'bench-button',
        attrs: { type: 'button', 'data-bench-group': String(i), title: names.join(', ') },
        on: { click: () => void this.runBench(names) },
      }, `Benchmark: ${g.label} (${names.length})`);
    }));
    this.paramError = null;
    this.setButtons();
    this.renderResults();
    this.refreshIllustration();
  }

  /** Draws the case on screen (board, net) as params change, without running kernels. */
  private refreshIllustration() {
    window.clearTimeout(this.illustrationTimer);
    const puzzle = this.puzzle();
    const view = views.get(puzzle.id);
    if (!view?.illustrate || view.liveIllustration === false) return;
    this.illustrationTimer = window.setTimeout(async () => {
      if (this.running) return; // the worker is busy; the run's own drawing will follow
      const build = this.supported.has('simd128') ? 'simd128' : 'baseline';
      const params = JSON.stringify(this.currentParams());
      const r = await this.bridges[build]
        .call<{ ok: boolean; illustration?: unknown }>({ action: 'illustrate', puzzle: puzzle.id, params: JSON.parse(params) })
        .catch(() => null);
      if (!r?.ok || this.running || this.puzzle().id !== puzzle.id || JSON.stringify(this.currentParams()) !== params) return;
      this.illustration = r.illustration ?? null;
      this.renderResults();
    }, 150);
  }

  private renderResults() {
    const puzzle = this.puzzle();
    const view = views.get(puzzle.id);
    const allNative = (this.native?.report.records ?? []).filter((r) => r.puzzle === puzzle.id);
    const allShared = (this.shared?.records ?? []).filter((r) => r.puzzle === puzzle.id);
    const allMine = this.mine.filter((r) => r.puzzle === puzzle.id);
    const caseOrder = puzzle.bench_cases.map((c) => c.name);
    replaceChildren(this.el.extra, view?.extraResults?.({ mine: allMine, native: allNative, shared: allShared, params: this.currentParams() }) ?? null);
    const browserEnv = this.environments.get('simd128') ?? this.environments.get('baseline') ?? null;
    replaceChildren(this.el.environment, h('h2', {}, 'Environment'), environmentPanel(browserEnv, this.native, this.shared));
    replaceChildren(this.el.illustration, this.illustration !== null && view?.illustrate ? view.illustrate(this.illustration, this.currentParams()) : null);

    // Several cases (a benchmark run, or a link carrying one): the pivot table.
    const pivotSource = new Set(allMine.map((r) => r.case)).size > 1 ? allMine : !allMine.length && new Set(allShared.map((r) => r.case)).size > 1 ? allShared : null;
    if (pivotSource) {
      replaceChildren(this.el.table, h('h3', {}, `Benchmark cases: ${puzzle.title}`),
        pivotTable(pivotSource, allNative, caseOrder, view?.caseLabel ? (r) => view.caseLabel!(r) : undefined));
      this.chart?.destroy();
      this.chart = null;
      this.el.chart.parentElement?.classList.add('empty-chart');
      return;
    }

    const caseNow = allMine[0]?.case ?? this.currentCase();
    const mine = forCase(allMine, puzzle.id, caseNow);
    const native = forCase(allNative, puzzle.id, caseNow);
    const shared = forCase(allShared, puzzle.id, allShared.length && !mine.length ? allShared[0]!.case : caseNow);
    this.el.chart.parentElement?.classList.toggle('empty-chart', !mine.length && !shared.length);
    if (!mine.length && !shared.length) {
      const benchCases = puzzle.bench_cases.map((c) => c.name).join(', ');
      replaceChildren(this.el.table, h('p', { className: 'empty' }, `Press Run to time the selected kernels on ${caseNow}.`,
        native.length ? ` Native numbers exist for this case.` : ` Native numbers cover the benchmark cases (${benchCases}).`));
      this.chart?.destroy();
      this.chart = null;
    } else {
      replaceChildren(this.el.table, h('h3', {}, `Results: ${puzzle.title}, ${caseNow}`), resultsTable({ mine, native, shared, workUnit: puzzle.work_unit }));
      this.chart = drawChart(this.el.chart, this.chart, mine, native, shared);
    }
  }

  // ---- running -------------------------------------------------------------------------------

  /** Times the selected kernels on the params on screen. */
  private run() {
    if (this.paramError) return Promise.resolve();
    const puzzle = this.puzzle();
    return this.execute((kernels) => ({ action: 'run', puzzle: puzzle.id, params: this.currentParams(), kernels, time: true }));
  }

  /** Times the selected kernels on the named benchmark cases (the native bench's cases). */
  private runBench(cases: string[]) {
    const puzzle = this.puzzle();
    return this.execute((kernels) => ({ action: 'bench', puzzles: [puzzle.id], cases, kernels }), cases.length);
  }

  // Runs a request in each selected build, with the kernels that build has; results stream into
  // the table build by build. `cases` scales the progress bar for benchmark runs.
  private async execute(request: (kernels: string[]) => unknown, cases = 1) {
    if (this.running) return;
    const puzzle = this.puzzle();
    const selected = this.selectedKernels();
    const plan = BUILDS.filter((b) => this.builds.has(b) && this.catalogs.has(b)).map((build) => {
      const keys = new Set(this.catalogs.get(build)!.find((p) => p.id === puzzle.id)?.kernels.map((k) => k.key) ?? []);
      return { build, kernels: [...selected].filter((k) => keys.has(k)) };
    }).filter((p) => p.kernels.length);
    if (!plan.length) {
      this.status('Select at least one kernel and one build that has it.');
      return;
    }
    this.clearNotices();
    this.mine = [];
    this.illustration = null;
    this.setRunning(true);
    const total = plan.reduce((n, p) => n + p.kernels.length, 0) * cases;
    let done = 0;
    const skipped = new Map<string, Set<string>>(); // reason -> kernels, across builds
    try {
      for (const { build, kernels } of plan) {
        this.active = this.bridges[build];
        if (puzzle.input_file) {
          // Workers may have been restarted (Stop), so the input goes in before every run.
          const set = await this.active.setInput(this.inputFile?.bytes ?? null);
          if (!set.ok) {
            this.notice(set.error ?? 'the file could not be loaded into the wasm module', 'error');
            break;
          }
        }
        const before = done;
        const response = await this.active.call<RunResponse | BenchResponse>(request(kernels), (e) => {
          done = before + ((e.case_index ?? 1) - 1) * e.kernel_count;
          this.progress(build, e, done, total);
        });
        if (!response.ok) {
          this.notice(response.error, 'error');
          break;
        }
        const records = 'report' in response ? response.report.records : response.results;
        done = before + records.length;
        this.mine.push(...records);
        if ('illustration' in response) this.illustration = response.illustration;
        for (const s of response.skipped) skipped.set(s.reason, (skipped.get(s.reason) ?? new Set()).add(`${s.kernel}/${s.isa}`));
        this.renderResults();
      }
      for (const [reason, kernels] of skipped) this.notice(`Skipped ${[...kernels].join(', ')}: ${reason}`, 'info');
      this.status(this.mine.length ? `Done: ${this.mine.length} results.` : 'No results.');
    } catch (e) {
      if (e instanceof StoppedError) this.status(`Stopped after ${this.mine.length} results. The page is yours again.`);
      else this.notice(String(e), 'error');
    } finally {
      this.active = null;
      this.setRunning(false);
      this.renderResults();
    }
  }

  private stop() {
    this.active?.stop();
  }

  private setButtons() {
    this.el.run.disabled = this.running || this.paramError !== null;
    this.el.stop.disabled = !this.running;
    for (const b of this.el.bench.querySelectorAll('button')) b.disabled = this.running;
  }

  private setRunning(on: boolean) {
    this.running = on;
    this.setButtons();
    window.clearInterval(this.ticker);
    if (on) {
      this.startedAt = performance.now();
      this.el.progress.value = 0;
      this.status('Starting…');
      this.ticker = window.setInterval(() => {
        const text = this.el.status.dataset.base ?? '';
        this.el.status.textContent = `${text} · ${((performance.now() - this.startedAt) / 1000).toFixed(1)} s`;
      }, 250);
    } else {
      this.el.progress.value = 1;
    }
  }

  private progress(build: Build, e: ProgressEvent, done: number, total: number) {
    const within = e.phase === 'sample' && e.samples ? (e.sample ?? 0) / e.samples : 0;
    this.el.progress.value = Math.min(1, (done + e.kernel_index - 1 + within) / total);
    const step = e.phase === 'verify' ? 'checking the answer' : e.phase === 'warmup' ? 'warming up' : `sample ${e.sample}/${e.samples}`;
    const where = (e.case_count ?? 1) > 1 ? ` · case ${e.case_index}/${e.case_count} ${e.case}` : '';
    this.status(`${BUILD_NAME[build]}${where} · kernel ${e.kernel_index}/${e.kernel_count} ${e.kernel}/${e.isa} · ${step}`);
  }

  private fileControl(meaning: string): HTMLElement {
    const MAX_BYTES = 512 * 1024 * 1024; // the wasm module's cap (cpp/wasm/bindings.cpp)
    const input = h('input', { id: 'input-file', attrs: { type: 'file' } });
    const name = h('span', { className: 'file-name' }, this.inputFile ? `${this.inputFile.name} (${this.inputFile.bytes.length.toLocaleString()} bytes)` : 'none: generated data');
    const clear = h('button', { className: 'link', attrs: { type: 'button' } }, 'clear');
    input.addEventListener('change', async () => {
      const file = input.files?.[0];
      if (!file) return;
      if (file.size > MAX_BYTES) {
        this.notice(`${file.name} is larger than 512 MiB; pick a smaller file.`, 'error');
        return;
      }
      let bytes: Uint8Array;
      try {
        bytes = new Uint8Array(await file.arrayBuffer());
      } catch (e) {
        // Never fall back to generated data silently: the run would count something else.
        this.inputFile = null;
        input.value = '';
        name.textContent = 'none: generated data';
        this.notice(`Could not read ${file.name}: ${e instanceof Error ? e.message : String(e)}`, 'error');
        return;
      }
      this.inputFile = { name: file.name.slice(0, 120), bytes };
      name.textContent = `${this.inputFile.name} (${bytes.length.toLocaleString()} bytes)`;
    });
    clear.addEventListener('click', () => {
      this.inputFile = null;
      input.value = '';
      name.textContent = 'none: generated data';
    });
    return h('fieldset', { className: 'input-file' },
      h('legend', {}, 'input file'),
      h('p', { className: 'hint' }, `Optional: ${meaning}. Read in your browser, never uploaded.`),
      input, h('div', {}, 'current: ', name, ' ', clear));
  }

  // ---- sharing and importing -----------------------------------------------------------------

  private async copyLink() {
    const puzzle = this.puzzle();
    const records = this.mine.filter((r) => r.puzzle === puzzle.id).slice(0, MAX_SHARED_RECORDS);
    const firstBuild = BUILDS.find((b) => records.some((r) => r.build === BUILD_NAME[b])) ?? [...this.builds][0]!;
    const environment = this.environments.get(firstBuild);
    const state: LinkState = {
      v: 1,
      puzzle: puzzle.id,
      params: this.currentParams(),
      kernels: [...this.selectedKernels()],
      builds: [...this.builds],
      ...(records.length && environment ? { shared: { environment, native: this.native?.report.environment ?? null, records } } : {}),
    };
    const url = `${location.origin}${location.pathname}#${await encodeLink(state)}`;
    this.el.share.value = url;
    this.el.share.select();
    try {
      await navigator.clipboard.writeText(url);
      this.status(`Link copied (${url.length} characters${records.length ? `, with your ${records.length} results` : ''}).`);
    } catch {
      this.status('Copy the link from the field (the clipboard is not available here).');
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
      this.notice(`Could not import native results: ${result.error}`, 'error');
      return;
    }
    this.native = result;
    this.notice(`Imported ${result.report.records.length} native results from ${result.fileName} (${result.report.environment.cpu}).`, 'info');
    this.renderResults();
  }

  // ---- messages ------------------------------------------------------------------------------

  private status(text: string) {
    this.el.status.dataset.base = text;
    this.el.status.textContent = text;
  }

  private notice(text: string, kind: 'error' | 'info') {
    const close = h('button', { className: 'link', attrs: { type: 'button', 'aria-label': 'dismiss' } }, '×');
    const item = h('div', { className: `notice ${kind}`, attrs: { role: kind === 'error' ? 'alert' : 'status' } }, h('span', {}, text), close);
    close.addEventListener('click', () => item.remove());
    this.el.notices.appendChild(item);
  }

  private clearNotices() {
    this.el.notices.replaceChildren();
  }
}

void new App().start();
