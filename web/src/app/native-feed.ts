// Native numbers reach the page three ways: served with it (`npm start` measures this machine and
// serves the report, app/native.ts), shipped with a static site (native-report.json, measured on
// the builder's machine; only where no server measures), or imported by the user (a file from
// NATIVE_REPORT_COMMAND). Each is re-checked like a link before any of it shows (app/trust.ts).
import { PEER_ISA } from '../share/peers';
import type { Report } from '../share/schema';
import { neutralizeBidi } from '../share/text';
import type { PageRecord } from '../share/verify';
import { importBrowserReport } from './browser-import';
import {
  benchProgressText, cpuWasShared, fetchServedNative, fetchShippedNative, importReportFile, markSharedCpu, nativeKernelSeconds, nativeRunAvailable, nativeRunRequest,
  nativeRunStatus, startNativeRun, stopNativeRun, type CpuLoad, type NativeEstimate, type NativeRunStatus, type NativeSource,
} from './native';
import type { PuzzleView } from './puzzle-view';
import { listOf } from './state/records';
import { caseOnScreen, kernelChoices, nativeRecords, puzzleStateOf, selectedKernels } from './state/selectors';
import { isSuiteReport } from './suite';
import { withNotice, type NativeNowState, type Notice, type PageState, type Store } from './state/store';
import { leftOutText, type Verifier } from './trust';

type NowRun = NonNullable<NativeNowState['run']>;
/** How often the page asks the server how its native run goes. */
const POLL_MS = 400;

export class NativeFeed {
  /** Counts takes: a report arriving late (an older import) never replaces a newer one. */
  private turn = 0;
  /** The user imported a report: it stays, whatever the server's benchmark does next. */
  private importedByUser = false;

  constructor(
    private readonly store: Store,
    private readonly verifier: Verifier,
    /** A browser's results of several puzzles (the Suite's Download results, imported back): the
     * Suite screen shows them as a claimed scoreboard (SuiteController.openFile). */
    private readonly openSuiteFile: (report: Report, fileName: string) => Promise<void> = async () => {},
    /** The puzzle views: their estimate of a case's cost (PuzzleView.estimateSeconds). */
    private readonly views: ReadonlyMap<string, PuzzleView> = new Map(),
  ) {}

  /**
   * Native numbers served with the page, re-checked like any report (in the background: preparing
   * every bench case for its published answer takes seconds for popcount). While `npm start`'s
   * benchmark still runs, the page shows its progress and takes each puzzle's numbers as they
   * land, without a reload; a report the user imports stops it.
   */
  async follow() {
    let taken = '';
    for (;;) {
      const served = await fetchServedNative();
      if (this.importedByUser) return;
      if (!served) return this.takeShipped(); // a static host: no server measures anything
      if (served.error) this.notice('served-native', { text: served.error, kind: 'error' });
      // A report that grew, or was rewritten (a case measured again on a quiet CPU).
      const version = `${served.native?.report.records.length ?? -1}@${served.revision ?? ''}`;
      if (served.native && version !== taken) {
        taken = version;
        await this.take(served.native, 'served-native');
      }
      const st = served.status;
      this.store.update((s) => ({ ...s, nativeMeasuring: st?.state === 'running' ? st : null }));
      if (st?.state !== 'running') {
        if (taken) this.notice('native-progress', null);
        if (st?.state === 'failed') {
          const what = st.phase === 'build' ? 'The native CLI did not build on the server' : 'The native benchmark on the server failed for some puzzles';
          this.notice('native-progress', { text: `${what}: see the terminal of npm start.`, kind: 'error' });
        }
        return;
      }
      this.notice('native-progress', { ...benchProgressText(st), kind: 'info' });
      await new Promise((resolve) => setTimeout(resolve, 3000));
    }
  }

  /** Whether the page's server measures cases natively on request ("Measure natively now"); a run
   * it has going already (another tab's) is followed, so this tab can stop it. */
  async probeNow() {
    const { available, status } = await nativeRunAvailable();
    this.store.update((s) => ({ ...s, nativeNow: { ...s.nativeNow, available } }));
    if (status?.state === 'running' && !isGoing(this.store.get().nativeNow.run)) await this.followElsewhere(status);
  }

  /**
   * Measures the case on screen natively, now, on the machine serving the page: the request the
   * page sends its worker for a Run (the kernels selected, the page's harness), while the page
   * runs nothing else (Run waits), with an estimate, progress by work done, and Stop. Its records
   * are re-checked like a served report's and replace the benchmark's numbers of the case, marked
   * "measured now" (and "shared CPU" if other programs kept the CPU busy meanwhile).
   */
  async measureNow() {
    const s = this.store.get();
    const check = caseOnScreen(puzzleStateOf(s));
    if (!check || s.run || isGoing(s.nativeNow.run)) return;
    const estimate = this.estimate(s) ?? undefined;
    const run: Omit<NowRun, 'state' | 'detail' | 'fraction'> = { puzzle: s.puzzleId, caseKey: check.case_key, label: check.case, ...(estimate ? { estimate } : {}) };
    const set = (state: NowRun['state'], detail: string, fraction = 0) => this.setRun({ ...run, state, detail, fraction });
    if (check.input) return set('failed', 'a case read from a file cannot be measured from the page: the server does not have your file (run `simd-puzzles run ' + s.puzzleId + ' --file FILE --time` where it is)');
    const kernels = this.nativeKernels(s);
    if (kernels?.length === 0) return set('failed', 'no kernel of ours is selected (peer programs run in the browser only)');
    set('starting', 'asking the server');
    const started = await startNativeRun(nativeRunRequest(s.puzzleId, check.params, kernels));
    if ('error' in started) {
      if (!started.busy) return set('failed', started.error);
      // Another tab's run: follow it here, with Stop, rather than only saying it is there.
      const st = await nativeRunStatus();
      return st?.state === 'running' ? this.followElsewhere(st) : set('failed', started.error);
    }
    const st = await this.watchRun(started.id, run, false);
    if (!st) return;
    if (st.state !== 'done') return set(st.state, st.error);
    const { records, rejected } = await this.verifier.verify(markSharedCpu(st.source.report.records, st.source.cpuLoad), 'report');
    const notes = [
      `${records.length} kernels in ${st.seconds.toFixed(0)} s`,
      st.source.cpuLoad ? runLoadText(st.source.cpuLoad) : 'CPU load unknown',
      ...(st.failed.length ? [`${st.failed.length} failed (${st.failed.slice(0, 2).join('; ')})`] : []),
      ...(rejected.length ? [`${rejected.length} left out (${rejected.slice(0, 2).map((r) => r.reason).join('; ')})`] : []),
    ];
    const measured = records.map((r) => ({ ...r, measured_now: true as const }));
    this.store.update((x) => withNow(x, {
      run: { ...run, state: 'done', detail: notes.join('; '), fraction: 1 },
      // The case's earlier measurement gives way to this one; other cases' stay.
      records: [...x.nativeNow.records.filter((r) => !measured.some((m) => m.puzzle === r.puzzle && m.case_key === r.case_key)), ...measured],
      environment: st.source.report.environment,
    }));
  }

  /** Stops the server's native run: this tab's, or another's this tab follows. */
  async stopNow() {
    await stopNativeRun();
  }

  /**
   * How long measuring the case on screen natively should take, from what the page knows of this
   * machine: the case's native numbers from before (kernel by kernel); else the puzzle's estimate
   * of its slowest call (PuzzleView.estimateSeconds) at this machine's native pace, for each
   * native kernel; else the same from this browser's numbers (slower than native: an upper
   * bound); else the least the harness takes. Null without a case that can be measured.
   */
  estimate(s: PageState): NativeEstimate | null {
    const id = s.puzzleId;
    const p = puzzleStateOf(s);
    const check = caseOnScreen(p);
    const kernels = this.nativeKernels(s);
    if (!check || check.input || kernels?.length === 0) return null;
    const wanted = (r: PageRecord) => r.isa !== PEER_ISA && (kernels === null || kernels.includes(r.kernel));
    const onCase = (records: readonly PageRecord[]) => records.filter((r) => r.case_key === check.case_key && r.timing);
    const native = nativeRecords(s, id).filter(wanted);
    const mine = listOf(p.mine).filter(wanted);
    const perKernel = (records: readonly PageRecord[]) => records.reduce((sum, r) => sum + nativeKernelSeconds(r.timing!.median_ns / 1e9), 0);

    const nativeCase = onCase(native);
    if (nativeCase.length) return { seconds: perKernel(nativeCase), from: 'case' };
    // The native kernels: those the native numbers name (any case), else the page's own count.
    const count = new Set(native.map((r) => `${r.kernel}/${r.isa}`)).size || kernels?.length || kernelChoices(s, id, this.views.get(id)?.peers ?? []).filter((c) => c.kernel.isa !== PEER_ISA).length;
    const view = this.views.get(id);
    const nativePace = native.length ? view?.estimateSeconds?.(check.params, native) ?? null : null;
    if (nativePace !== null) return { seconds: count * nativeKernelSeconds(nativePace), from: 'pace' };
    // This browser's times of the case: the slowest build of each kernel.
    const slowest = new Map<string, PageRecord>();
    for (const r of onCase(mine)) if ((slowest.get(r.kernel)?.timing?.median_ns ?? -1) < r.timing!.median_ns) slowest.set(r.kernel, r);
    if (slowest.size) return { seconds: perKernel([...slowest.values()]), from: 'browser' };
    const browserPace = view?.estimateSeconds?.(check.params, mine) ?? null;
    if (browserPace !== null) return { seconds: count * nativeKernelSeconds(browserPace), from: 'browser' };
    return { seconds: count * nativeKernelSeconds(0), from: 'floor' };
  }

  /** The kernel ids selected on the puzzle's tab, for the native run; null when every kernel of
   * ours is (then every native kernel runs, also those no wasm build has). Peer programs run in the
   * browser only. */
  private nativeKernels(s: PageState): string[] | null {
    const id = s.puzzleId;
    const peers = this.views.get(id)?.peers ?? [];
    const ours = kernelChoices(s, id, peers).filter((c) => c.kernel.isa !== PEER_ISA);
    const selected = selectedKernels(s, id, peers);
    const picked = ours.filter((c) => selected.has(c.kernel.key));
    return picked.length === ours.length ? null : [...new Set(picked.map((c) => c.kernel.id))];
  }

  /** Another tab's run (or one going on when this page loaded): its progress here, and Stop. */
  private async followElsewhere(st: Extract<NativeRunStatus, { state: 'running' }>) {
    const run = { puzzle: st.puzzle, caseKey: '', label: st.label || st.puzzle, elsewhere: true };
    const end = await this.watchRun(st.id, run, true);
    if (!end) return;
    const what = end.state === 'done' ? 'finished' : end.error;
    this.setRun({ ...run, state: end.state === 'done' ? 'stopped' : end.state, detail: what, fraction: 0 });
  }

  /** Polls run `id` until it ends: its last status, or null when the server lost it (said). */
  private async watchRun(id: number, run: Omit<NowRun, 'state' | 'detail' | 'fraction'>, elsewhere: boolean): Promise<Exclude<NativeRunStatus, { state: 'idle' | 'running' }> | null> {
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      const st = await nativeRunStatus();
      if (!st || st.state === 'idle' || st.id !== id) {
        // Another tab's run that is gone needs no word; this tab's does.
        this.setRun(elsewhere && st ? null : { ...run, state: 'failed', detail: st ? 'the server lost the run' : 'the server stopped answering', fraction: 0 });
        return null;
      }
      if (st.state !== 'running') return st;
      // Time left: the estimate's, else the pace so far (once there is some progress to go by).
      const left = run.estimate ? Math.max(0, run.estimate.seconds - st.elapsedSeconds) : st.fraction >= 0.05 ? (st.elapsedSeconds * (1 - st.fraction)) / st.fraction : undefined;
      this.setRun({ ...run, state: 'running', detail: st.kernel ?? 'starting', fraction: st.fraction, ...(left === undefined ? {} : { secondsLeft: left }) });
    }
  }

  private setRun(run: NowRun | null) {
    this.store.update((x) => withNow(x, { run }));
  }

  /** The static site's report, unless the user imported one of their own meanwhile. */
  private async takeShipped() {
    const shipped = await fetchShippedNative();
    if (!shipped || this.importedByUser) return;
    if ('error' in shipped) return this.notice('shipped-native', { text: neutralizeBidi(shipped.error), kind: 'error' });
    await this.take(shipped, 'shipped-native');
  }

  /** A report the user picked or dropped: native numbers, or a browser's exported results
   * (browser-import.ts). */
  async importFile(file: File | undefined) {
    if (!file) return;
    const result = await importReportFile(file);
    if ('error' in result) {
      this.notice('import', { text: `Could not import results: ${neutralizeBidi(result.error)}`, kind: 'error' });
      return;
    }
    if (result.report.environment.side === 'wasm') {
      // A suite's scoreboard shows on the Suite screen; each puzzle's tab holds its records as a
      // puzzle's import does.
      const suite = isSuiteReport(result.report) ? this.openSuiteFile(result.report, neutralizeBidi(result.fileName ?? 'a file')) : null;
      await Promise.all([importBrowserReport(this.store, this.verifier, result), suite]);
      return;
    }
    this.importedByUser = true;
    this.notice('native-progress', null);
    await this.take({ ...result, fileName: result.fileName && neutralizeBidi(result.fileName) }, 'import');
  }

  /** A native report (served, shipped or imported), re-checked like a link: kernels, bounds, params, answers. */
  private async take(source: NativeSource, cause: string) {
    const turn = ++this.turn;
    // Until the re-check is done the Native panel says so, rather than that there are none.
    const placeholder = { source: { ...source, checking: true }, records: [] };
    this.store.update((s) => (s.native ? s : { ...s, native: placeholder }));
    let checked;
    try {
      // A mark of a shared CPU rides along through the checks (they keep a record's other fields).
      checked = await this.verifier.verify(markSharedCpu(source.report.records, source.cpuLoad), 'report');
    } catch (e) {
      this.store.update((s) => (s.native === placeholder ? { ...s, native: null } : s));
      throw e;
    }
    const { records, rejected } = checked;
    if (turn !== this.turn) return; // a later import (or the user's file) took its place
    const from = source.fileName ? ` from ${source.fileName}` : '';
    const leftOut = rejected.length + (source.unreadable?.count ?? 0);
    const left = leftOut ? `; ${neutralizeBidi(leftOutText(rejected, source.unreadable))}` : '';
    const wrong = records.filter((r) => r.verified === false).length;
    const what = source.origin === 'shipped' ? `This site ships ${records.length} native results` : `Imported ${records.length} native results${from}`;
    const text = `${what} (${source.report.environment.cpu.slice(0, 80)})${wrong ? `; ${wrong} with a wrong answer` : ''}${left}.`;
    this.store.update((s) => {
      const next = { ...s, native: { source, records } };
      return cause === 'import' || leftOut || wrong ? withNotice(next, cause, { text, kind: leftOut || wrong ? 'error' : 'info' }) : next;
    });
  }

  private notice(cause: string, notice: Notice | null) {
    this.store.update((s) => withNotice(s, cause, notice));
  }
}

/** A run this page started or follows is going on. */
const isGoing = (run: NativeNowState['run']) => run?.state === 'running' || run?.state === 'starting';

function withNow(s: PageState, change: Partial<NativeNowState>): PageState {
  return { ...s, nativeNow: { ...s.nativeNow, ...change } };
}

/** How busy the CPU was during one native run (one window: every case has the same load). */
function runLoadText(load: CpuLoad): string {
  const others = Math.max(0, ...load.cases.values());
  return cpuWasShared(others, load.cores)
    ? `shared CPU: other programs kept ${others.toFixed(1)} of ${load.cores} cores busy, so these numbers may be too slow`
    : `quiet CPU: other programs used ${others.toFixed(1)} of ${load.cores} cores`;
}
