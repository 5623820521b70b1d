// Runs: the selected kernels on the case on screen (Run) or on named benchmark cases, in each
// selected wasm build, then the puzzle view's peer programs (Run only); or a list of such steps
// over several puzzles as one run (the Suite's Run all, app/suite-controller.ts). One run at a
// time, on any tab; its results land in their puzzle's state build by build, whatever tab is open.
// A run owns one AbortController: Stop aborts it, which terminates whichever worker is busy (a
// kernel in wasm cannot be interrupted otherwise) and ends the run.
import type { PeerProgram } from '../peers/program';
import { peerTiming } from '../peers/timing';
import type { PuzzleView } from './puzzle-view';
import { BUILDS, buildInfo, recordBuild, WASM_BUILDS, type Build } from '../share/builds';
import type { BenchResponse, ProgressEvent, RunResponse } from '../share/engine-types';
import { PEER_ISA } from '../share/peers';
import type { PageRecord } from '../share/verify';
import { StoppedError, type WorkerBridge } from '../worker/bridge';
import { browserShare, readLoad } from './browser-load';
import { caseTitle, registeredViews } from './case-words';
import { formatAnswer, formatWait } from './format';
import { nativeRound, pageHarness, pairedPlan, pairedRounds, pairingWanted, type PairedSide } from './paired-run';
import { entryOf, SUITE_RUN, type StoredEntry } from './history';
import { listOf, merged } from './state/records';
import { caseOnScreen, catalogPuzzles, peerKey, puzzleOf, puzzleStateOf, runPlan, selectedKernels, type AcceptedCase } from './state/selectors';
import { withNotice, withPuzzle, withStatus, type Store } from './state/store';
import { oursOnCase, type Verifier } from './trust';
import { YOURS } from './playground/kernel-id';

/** Where a run stands after a progress event: the bar's fraction and the status line. `before`:
 * kernel runs finished in earlier builds (and puzzles); `total`: kernel runs in the whole run;
 * `puzzle`: the puzzle's title, named with its case when a run covers several puzzles. */
export function runProgress(build: Build, e: ProgressEvent, before: number, total: number, puzzle?: string): { done: number; fraction: number; text: string } {
  const cases = e.case_count ?? 1;
  let done: number;
  let fraction: number;
  if (e.steps) {
    // The engine counts the request's steps (verification calls, warm-ups, rounds); its kernels are
    // timed in interleaved rounds, so the share of steps done stands for the share of kernel runs.
    const share = Math.min(1, (e.step ?? 0) / e.steps) * e.kernel_count * cases;
    done = before + Math.floor(share);
    fraction = Math.min(1, (before + share) / total);
  } else {
    done = before + ((e.case_index ?? 1) - 1) * e.kernel_count;
    const within = e.phase === 'sample' && e.samples ? (e.sample ?? 0) / e.samples : 0;
    fraction = Math.min(1, (done + e.kernel_index - 1 + within) / total);
  }
  const step = e.phase === 'verify' ? 'checking the answer' : e.phase === 'warmup' ? 'warming up' : `round ${e.sample}/${e.samples}`;
  const where = cases > 1 ? ` · case ${e.case_index}/${cases} ${e.case}` : '';
  const pass = e.passes ? ` · pass ${e.pass}/${e.passes}` : '';
  const kernel = `kernel ${e.kernel_index}/${e.kernel_count} ${e.kernel}/${e.isa} · ${step}`;
  if (puzzle) return { done, fraction, text: `${puzzle}, ${e.case}${where ? ` (case ${e.case_index}/${cases})` : ''}${pass} · ${buildInfo(build).label} · ${kernel}` };
  return { done, fraction, text: `${buildInfo(build).record}${where}${pass} · ${kernel}` };
}

/** One part of a run: one build's worker times kernels (a run request on a case, or a bench
 * request on named cases), or a peer program runs once on a case. */
export type RunStep =
  | { kind: 'build'; puzzle: string; build: Build; request: unknown; kernels: number; cases: number }
  | { kind: 'paired'; puzzle: string; builds: { build: Build; kernels: string[] }[]; check: AcceptedCase; kernels: number }
  | { kind: 'peer'; puzzle: string; program: PeerProgram; check: AcceptedCase };

/** A run as the controller performs it: `id`, a puzzle's or the suite's (history.ts, SUITE_RUN); `title`,
 * what the status calls it when its tab is not open; `several`: steps of several puzzles (the
 * status names each step's puzzle); `showCases`: a benchmark run shows its cases' table. */
export interface RunSpec {
  id: string;
  title: string;
  what: string;
  steps: readonly RunStep[];
  several?: boolean;
  showCases?: boolean;
  /** Hears of each step's records as they land (the suite keeps its own list). */
  onRecords?: (records: readonly PageRecord[]) => void;
  /** Hears of each step as it starts. */
  onStep?: (step: RunStep) => void;
}

// The harness calls each kernel at least this often: 2 warm-up calls in wasm and 6 rounds
// (cpp/core/harness.h), each at least one call (a long call is its own round).
const CALLS_PER_KERNEL = 8;
/** How long the end of a run waits for its history entry to be stored. */
const KEEP_WAIT_MS = 2000;
/** A run expected to take longer asks first. */
const CONFIRM_OVER_SECONDS = 3600;

/** The warning before a run expected to take hours (null: none): `perCall`, about one call of the
 * slowest kernel, in seconds; `kernels`, how many run. */
export function longRunWarning(what: string, perCall: number | null, kernels: number): string | null {
  if (perCall === null) return null;
  const total = perCall * CALLS_PER_KERNEL * kernels;
  if (total <= CONFIRM_OVER_SECONDS) return null;
  return `${what} may take about ${formatWait(total)}: one call of its slowest kernel takes about ${formatWait(perCall)} here (an estimate), and the harness calls each of the ${kernels} kernels at least ${CALLS_PER_KERNEL} times.`;
}

/** The status line once a run ends. `elsewhere`: the puzzle's title when its tab is not open. */
export function endOfRun(outcome: 'finished' | 'stopped' | 'failed', results: number, elsewhere: string | null): string {
  const where = elsewhere ? ` for ${elsewhere} (open its tab to see them)` : '';
  if (outcome === 'finished') return results ? `Done: ${results} results${where}.` : 'No results.';
  if (outcome === 'stopped') return `Stopped after ${results} results. The page is yours again.`;
  return `The run failed after ${results} results (see the notice above).`;
}

/** What a run has gathered so far: kernel runs done of all, results, the cases measured (in
 * order), and kernels skipped (by reason) or failed, across builds. */
interface Tally {
  done: number;
  total: number;
  results: number;
  caseKeys: string[];
  /** Every record the run measured, for its history entry. */
  records: PageRecord[];
  skipped: Map<string, Set<string>>;
  failed: string[];
}

const skip = (tally: Tally, reason: string, kernel: string) => tally.skipped.set(reason, (tally.skipped.get(reason) ?? new Set()).add(kernel));

export class RunController {
  private current: AbortController | null = null;
  /** The workers of a playground build per puzzle (app/playground/activate.ts): its modules in
   * place of ours, for every run of that puzzle while it is in use. */
  private playground = new Map<string, Partial<Record<Build, WorkerBridge>>>();

  constructor(
    private readonly store: Store,
    private readonly bridges: Record<Build, WorkerBridge>,
    private readonly verifier: Verifier,
    private readonly views: ReadonlyMap<string, PuzzleView>,
    /** Where a finished or stopped run's entry goes (the history); never rejects. */
    private readonly keep: (entry: StoredEntry) => Promise<void> = async () => {},
  ) {}

  /** Times the selected kernels, then the puzzle's peers, on the case on screen; a run expected to
   * take hours waits until it is `confirmed`. */
  run(confirmed = false): Promise<void> {
    const s = this.store.get();
    const check = caseOnScreen(puzzleStateOf(s));
    if (!check || s.run) return Promise.resolve();
    const id = s.puzzleId;
    const view = this.views.get(id);
    if (!confirmed) {
      const selected = selectedKernels(s, id, view?.peers ?? []);
      const kernels = runPlan(s, id, selected).reduce((n, p) => n + p.kernels.length, 0) + (view?.peers ?? []).filter((p) => selected.has(peerKey(p))).length;
      const perCall = view?.estimateSeconds?.(check.params, listOf(puzzleStateOf(s, id).mine)) ?? null;
      const warning = longRunWarning(caseTitle(registeredViews(), puzzleOf(s).title, { puzzle: id, params: check.params }), perCall, kernels);
      if (warning) {
        this.store.update((x) => ({ ...x, confirm: warning }));
        return Promise.resolve();
      }
    }
    const harness = pageHarness();
    return this.execute((kernels) => ({ action: 'run', puzzle: id, params: check.params, kernels, time: true, ...(harness ? { harness } : {}) }), 1, check.case, check, this.pairsWithNative(check));
  }

  /** Whether a Run pairs its wasm rounds with native ones (app/paired-run.ts): the page's own
   * server measures natively, the case is one it can measure (no file of the user's), and neither
   * npm start's benchmark nor another native run is measuring. */
  private pairsWithNative(check: AcceptedCase): boolean {
    const s = this.store.get();
    // A playground build's Run pairs whenever it can: its native side is the point of it.
    const active = s.playground.get(s.puzzleId);
    const playground = active?.inUse === true && active.native;
    return (pairingWanted() || playground) && s.nativeNow.available && !check.input && s.nativeMeasuring?.state !== 'running' && s.nativeNow.run?.state !== 'running' && s.nativeNow.run?.state !== 'starting';
  }

  /** Times the selected kernels on the named benchmark cases (the native bench's cases). */
  bench(cases: string[]): Promise<void> {
    const id = this.store.get().puzzleId;
    const harness = pageHarness();
    return this.execute((kernels) => ({ action: 'bench', puzzles: [id], cases, kernels, ...(harness ? { harness } : {}) }), cases.length, `${cases.length} benchmark case${cases.length === 1 ? '' : 's'}`);
  }

  stop() {
    this.current?.abort();
  }

  /** Runs of `puzzle` use these workers (a playground build's modules) from now on; null: ours
   * again. The old ones are stopped. */
  usePlaygroundWorkers(puzzle: string, bridges: Partial<Record<Build, WorkerBridge>> | null) {
    for (const b of Object.values(this.playground.get(puzzle) ?? {})) b.stop();
    if (bridges) this.playground.set(puzzle, bridges);
    else this.playground.delete(puzzle);
  }

  /** The worker that runs `build` for `puzzle`: a playground build's where one is in use. */
  private bridgeFor(puzzle: string, build: Build): WorkerBridge {
    return this.playground.get(puzzle)?.[build] ?? this.bridges[build];
  }

  /** Which peer programs' files the page can load; the kernel picker disables the others, with the reason. */
  async probePeers() {
    const all = [...this.views.values()].flatMap((v) => v.peers ?? []);
    const found = await Promise.all(all.map(async (p) => [p.peer.kernel, await p.availability()] as const));
    this.store.update((s) => ({ ...s, peerUnavailable: new Map(found) }));
  }

  // Runs a request in each selected build, with the kernels that build has, then the peers
  // (`peerCase`: the case on screen, which the view's peer programs run too; a run, not a
  // benchmark). `cases` scales the progress bar; `what` names them.
  private async execute(request: (kernels: string[]) => unknown, cases: number, what: string, peerCase?: AcceptedCase, paired = false) {
    const start = this.store.get();
    if (start.run) return;
    const puzzle = puzzleOf(start);
    const id = puzzle.id;
    const peerPrograms = this.views.get(id)?.peers ?? [];
    const selected = selectedKernels(start, id, peerPrograms);
    const plan = runPlan(start, id, selected);
    const peers = peerCase ? peerPrograms.filter((p) => selected.has(peerKey(p))) : [];
    if (!plan.length && !peers.length) {
      this.store.update((s) => withStatus(s, 'Select at least one kernel and one build that has it.'));
      return;
    }
    // Paired: the wasm builds and the native engine take turns, pass by pass; plain JavaScript
    // (no engine session) runs on its own after them.
    const pairedBuilds = paired && peerCase ? plan.filter((p) => WASM_BUILDS.includes(p.build)) : [];
    const steps: RunStep[] = [
      ...(pairedBuilds.length ? [{ kind: 'paired', puzzle: id, builds: pairedBuilds, check: peerCase!, kernels: pairedBuilds.reduce((n, p) => n + p.kernels.length, 0) } as RunStep] : []),
      ...plan.filter((p) => !pairedBuilds.includes(p)).map(({ build, kernels }): RunStep => ({ kind: 'build', puzzle: id, build, request: request(kernels), kernels: kernels.length, cases })),
      ...peers.map((program): RunStep => ({ kind: 'peer', puzzle: id, program, check: peerCase! })),
    ];
    await this.perform({ id, title: puzzle.title, what, steps, showCases: !peerCase });
  }

  /** Performs `spec` as one run: its outcome and every record it measured (null: another run is
   * in progress, one at a time). */
  async perform(spec: RunSpec): Promise<{ outcome: 'finished' | 'stopped' | 'failed'; records: PageRecord[] } | null> {
    if (this.store.get().run) return null;
    const { id, steps } = spec;
    const controller = new AbortController();
    this.current = controller;
    this.store.update((s) => ({
      ...withNotice(withNotice(s, 'run', null), 'skipped', null),
      run: { puzzle: id, what: `${spec.title}, ${spec.what}`, startedAt: performance.now() },
      confirm: null,
      progress: 0,
      status: 'Starting…',
    }));
    // Peers count as one step each in a run of several puzzles; a puzzle's Run shows their own progress.
    const tally: Tally = { done: 0, total: steps.reduce((n, x) => n + (x.kind === 'build' ? x.kernels * x.cases : x.kind === 'paired' ? x.kernels : spec.several ? 1 : 0), 0), results: 0, caseKeys: [], records: [], skipped: new Map(), failed: [] };
    const titles = new Map(catalogPuzzles(this.store.get()).map((p) => [p.id, p.title]));
    const keysByPuzzle = new Map<string, Set<string>>();
    const landed = (puzzle: string, records: readonly PageRecord[]) => {
      for (const r of records) keysByPuzzle.set(puzzle, (keysByPuzzle.get(puzzle) ?? new Set()).add(r.case_key));
      spec.onRecords?.(records);
    };
    let outcome: 'finished' | 'stopped' | 'failed' = 'failed';
    try {
      for (const step of steps) {
        spec.onStep?.(step);
        if (step.kind === 'build') {
          const before = tally.records.length;
          const startDone = tally.done;
          const ok = await this.runBuild(step.puzzle, step.build, step.request, spec.showCases === true, tally, controller.signal, spec.several ? titles.get(step.puzzle) : undefined);
          // Kernels the case does not apply to were counted in the plan: the bar's total drops.
          tally.total -= Math.max(0, step.kernels * step.cases - (tally.done - startDone));
          landed(step.puzzle, tally.records.slice(before));
          // A build that could not run ends a puzzle's run; the suite goes on with the next step.
          if (!ok && !spec.several) break;
          continue;
        }
        if (step.kind === 'paired') {
          const before = tally.records.length;
          const ok = await this.runPaired(step, tally, controller.signal);
          landed(step.puzzle, tally.records.slice(before));
          if (!ok && !spec.several) break;
          continue;
        }
        if (spec.several) this.store.update((s) => ({ ...s, status: `${titles.get(step.puzzle) ?? step.puzzle}, ${step.check.case} · ${step.program.peer.title}` }));
        const record = await this.runPeer(step.program, step.puzzle, step.check, tally, controller.signal);
        if (spec.several) {
          tally.done += 1;
          this.store.update((s) => ({ ...s, progress: Math.min(1, tally.done / tally.total) }));
        }
        if (!record) continue;
        tally.results += 1;
        tally.records.push(record);
        this.store.update((s) => withPuzzle(s, step.puzzle, (p) => ({ ...p, mine: merged(p.mine, [record]) })));
        landed(step.puzzle, [record]);
      }
      outcome = 'finished';
      if (tally.skipped.size && !spec.several) this.notice('skipped', [...tally.skipped].map(([reason, k]) => `Skipped ${[...k].join(', ')}: ${reason}`).join('. '), 'info');
      if (tally.failed.length) this.notice('run', `Failed: ${tally.failed.join('; ')}`);
    } catch (e) {
      if (e instanceof StoppedError) outcome = 'stopped';
      else this.notice('run', String(e));
    } finally {
      this.current = null;
      // The viewer's reference answers may settle a sharer's claimed ones on the cases just run:
      // the table is final before the status says so.
      for (const [puzzle, keys] of keysByPuzzle) await this.verifier.recheckShared(puzzle, keys);
      if (!spec.several) {
        const peerCase = steps.find((x) => x.kind === 'peer');
        if (peerCase && !keysByPuzzle.has(id)) await this.verifier.recheckShared(id, new Set([peerCase.check.case_key]));
      }
      // Kept before the status says the run ended: a reload right after it still finds it.
      await this.keepRun(id, spec.what, outcome, tally.records);
      this.store.update((s) => ({
        ...s,
        run: null,
        progress: outcome === 'finished' ? 1 : s.progress, // a stopped run keeps the bar where it stopped
        status: endOfRun(outcome, tally.results, (id === SUITE_RUN ? s.screen === 'suite' : s.puzzleId === id) ? null : spec.title),
      }));
    }
    return { outcome, records: tally.records };
  }

  /** One build's part of a run: its results into the puzzle's state as they come. False when the
   * build could not run (the notice says why) and the run goes no further. */
  private async runBuild(id: string, build: Build, request: unknown, bench: boolean, tally: Tally, signal: AbortSignal, title?: string): Promise<boolean> {
    const bridge = this.bridgeFor(id, build);
    const s = this.store.get();
    if (puzzleOf(s, id).input_file) {
      // Workers may have been restarted (Stop), so the input goes in before every run.
      const set = await bridge.setInput(puzzleStateOf(s, id).file?.bytes ?? null, signal);
      if (!set.ok) {
        this.notice('run', set.error ?? 'the file could not be loaded into the wasm module');
        return false;
      }
    }
    const before = tally.done;
    const loadBefore = await readLoad();
    const response = await bridge.call<RunResponse | BenchResponse>(request, (e) => {
      const at = runProgress(build, e, before, tally.total, title);
      tally.done = at.done;
      this.store.update((x) => ({ ...x, progress: at.fraction, status: at.text }));
    }, signal);
    if (!response.ok) {
      this.notice('run', response.error);
      return false;
    }
    const shared = browserShare(loadBefore, await readLoad());
    const records = (('report' in response ? response.report.records : response.results) as PageRecord[]).map((r) => (shared && r.timing ? { ...r, cpu_shared: shared } : r));
    tally.done = before + records.length;
    tally.results += records.length;
    tally.records.push(...records);
    for (const r of records) if (!tally.caseKeys.includes(r.case_key)) tally.caseKeys.push(r.case_key);
    for (const x of response.skipped) skip(tally, x.reason, `${x.kernel}/${x.isa}`);
    for (const f of response.failed) tally.failed.push(`${f.kernel ? `${f.kernel}/${f.isa}` : 'case' in f ? f.case : ''}: ${f.reason}`);
    this.store.update((x) => withPuzzle(x, id, (p) => ({
      ...p,
      mine: merged(p.mine, records),
      drawings: 'illustration' in response && response.illustration !== null ? new Map(p.drawings).set(response.case_key, response.illustration) : p.drawings,
      view: bench ? { kind: 'cases', keys: [...tally.caseKeys] } : p.view,
    })));
    return true;
  }

  /** The paired part of a Run (app/paired-run.ts): the wasm builds' records into the puzzle's
   * state, the native ones into the page's native numbers ("measured now", paired), re-checked
   * like a served report's. False when a side refused (the notice says why). */
  private async runPaired(step: Extract<RunStep, { kind: 'paired' }>, tally: Tally, signal: AbortSignal): Promise<boolean> {
    const id = step.puzzle;
    // A playground build in use: its sandboxed native engine (the server's), which has `yours`.
    const playground = this.store.get().playground.get(id);
    const nativeExtra = playground?.inUse && playground.native ? { playground: playground.id } : {};
    const sides: PairedSide[] = [
      ...step.builds.map(({ build, kernels }): PairedSide => ({ side: build, kernels, call: (request, onProgress, sig) => this.bridgeFor(id, build).call<RunResponse>(request, onProgress, sig) })),
      { side: 'native', kernels: ['all'], call: (request, _onProgress, sig) => nativeRound({ ...(request as object), ...nativeExtra }, sig) },
    ];
    const startDone = tally.done;
    // Sides take turns, never at once: one core measures throughout, the rest is others'.
    const loadBefore = await readLoad();
    const plan = pairedPlan();
    let result;
    try {
      result = await pairedRounds(sides, id, step.check.params, signal, (p) => {
        const label = p.side === 'native' ? 'native' : buildInfo(p.side).label;
        const fraction = Math.min(1, (startDone + (step.kernels * (p.pass - 1)) / p.passes) / tally.total);
        const what = p.event ? ` · ${p.event.phase === 'verify' ? 'checking' : p.event.phase === 'warmup' ? 'warming up' : 'round'} ${p.event.kernel}/${p.event.isa}` : '';
        this.store.update((x) => ({ ...x, progress: fraction, status: `Paired rounds with native code: pass ${p.pass}/${p.passes} · ${label}${what} · ${Math.round(p.elapsedMs / 1000)} s of at most ${plan.budgetMs / 1000} s` }));
      }, plan);
    } catch (e) {
      if (signal.aborted) throw new StoppedError();
      this.notice('run', e instanceof Error ? e.message : String(e));
      return false;
    }
    tally.done = startDone + step.kernels;
    const shared = browserShare(loadBefore, await readLoad());
    const wasm = step.builds.flatMap(({ build }) => result.records.get(build) ?? []).map((r) => (shared ? { ...r, cpu_shared: shared } : r));
    tally.results += wasm.length;
    tally.records.push(...wasm);
    for (const r of wasm) if (!tally.caseKeys.includes(r.case_key)) tally.caseKeys.push(r.case_key);
    for (const [side, response] of result.first) {
      if (side === 'native') continue;
      for (const x of response.skipped) skip(tally, x.reason, `${x.kernel}/${x.isa}`);
      for (const f of response.failed) tally.failed.push(`${f.kernel}/${f.isa}: ${f.reason}`);
    }
    const drawn = [...result.first.values()].find((r) => r.illustration !== null);
    this.store.update((x) => withPuzzle(x, id, (p) => ({
      ...p,
      mine: merged(p.mine, wasm),
      drawings: drawn ? new Map(p.drawings).set(drawn.case_key, drawn.illustration) : p.drawings,
    })));
    const native = result.records.get('native') ?? [];
    if (native.length) {
      const { records, rejected } = await this.verifier.verify(native, 'report');
      // Native numbers the page's checks refuse are left out, and said (not silently dropped).
      if (rejected.length) this.notice('run', `${rejected.length} native result${rejected.length === 1 ? ' was' : 's were'} left out: ${rejected.slice(0, 3).map((x) => `${x.record.kernel}/${x.record.isa}: ${x.reason}`).join('; ')}`);
      const measured = records.map((r) => ({ ...r, measured_now: true as const }));
      this.store.update((x) => ({
        ...x,
        nativeNow: {
          ...x.nativeNow,
          records: [...x.nativeNow.records.filter((r) => !measured.some((m) => m.puzzle === r.puzzle && m.case_key === r.case_key)), ...measured],
        },
      }));
    }
    const why = result.ended === 'precise' ? 'every interval within ±5 %' : result.ended === 'budget' ? `the ${plan.budgetMs / 1000} s budget ran out` : `the ${plan.maxPasses}-pass cap`;
    this.notice('paired', `Paired with native code on this machine: ${result.passes} passes, each a round of every kernel in ${step.builds.map((b) => buildInfo(b.build).label).join(', ')} and natively, back to back (ended: ${why}).`, 'info');
    return true;
  }

  /** A run that finished or was stopped goes to the history, with the environment of the browser
   * build that measured it. */
  private async keepRun(id: string, what: string, outcome: 'finished' | 'stopped' | 'failed', records: readonly PageRecord[]) {
    if (outcome === 'failed') return;
    const environments = this.store.get().environments;
    const build = BUILDS.find((b) => records.some((r) => r.build === recordBuild(b))) ?? BUILDS.find((b) => environments.has(b));
    const environment = build && environments.get(build);
    // A run of the user's kernel keeps its source (a download of the entry carries it).
    const playground = this.store.get().playground.get(id);
    const source = playground && records.some((r) => r.kernel === YOURS) ? { slot: playground.slot, source: playground.source } : undefined;
    const entry = environment ? entryOf({ puzzle: id, what, outcome, environment, records, date: new Date(), ...(source ? { playground: source } : {}) }) : null;
    // A storage that hangs (it should not) holds the run's end for at most KEEP_WAIT_MS.
    if (entry) await Promise.race([this.keep(entry), new Promise((resolve) => setTimeout(resolve, KEEP_WAIT_MS))]);
  }

  /** One peer program on the case: skipped (with the reason) or run once, its answer judged by the
   * engine against the published answer, else the answer our kernels agree on (trust.ts). */
  private async runPeer(program: PeerProgram, id: string, check: AcceptedCase, tally: Tally, signal: AbortSignal): Promise<PageRecord | null> {
    const key = peerKey(program);
    const ours = oursOnCase(this.store.get(), id, check.case_key);
    const works = [...new Set(ours.map((r) => r.work))];
    const why = (await program.availability()) ?? program.skip(check.params, works.length === 1 ? works[0]! : null);
    if (why) {
      skip(tally, why, key);
      return null;
    }
    let run;
    try {
      run = await program.run(check.params, (text) => this.store.update((s) => withStatus(s, text)), signal);
    } catch (e) {
      if (e instanceof StoppedError) throw e;
      tally.failed.push(`${key}: ${e instanceof Error ? e.message : String(e)}`);
      return null;
    }
    const record: PageRecord = {
      puzzle: id, case: check.case, case_key: check.case_key, params: check.params,
      kernel: program.peer.kernel, isa: PEER_ISA, build: program.peer.build,
      answer: run.answer, verified: null, verified_by: '', work: run.work, work_unit: check.work_unit,
      timing: peerTiming(run.samplesNs, run.work),
    };
    const judged: PageRecord = { ...(await this.verifier.judgePeer(record, ours)), startup_ns: run.startupNs };
    if (judged.verified === false) tally.failed.push(`${key} answers ${formatAnswer(judged.answer)}: ${judged.verified_by}`);
    return judged;
  }

  private notice(cause: string, text: string, kind: 'error' | 'info' = 'error') {
    this.store.update((s) => withNotice(s, cause, { text, kind }));
  }
}

