// Native numbers reach the page three ways: served with it (`npm start` measures this machine and
// serves the report, app/native.ts), shipped with a static site (native-report.json, measured on
// the builder's machine; only where no server measures), or imported by the user (a file from
// NATIVE_REPORT_COMMAND). Each is re-checked like a link before any of it shows (app/trust.ts).
import { neutralizeBidi } from '../share/text';
import { importBrowserReport } from './browser-import';
import { benchProgressText, cpuWasShared, fetchServedNative, fetchShippedNative, importReportFile, markSharedCpu, nativeRunAvailable, nativeRunStatus, startNativeRun, stopNativeRun, type CpuLoad, type NativeSource } from './native';
import { caseOnScreen, puzzleStateOf } from './state/selectors';
import { withNotice, type NativeNowState, type Notice, type PageState, type Store } from './state/store';
import { leftOutText, type Verifier } from './trust';

export class NativeFeed {
  /** Counts takes: a report arriving late (an older import) never replaces a newer one. */
  private turn = 0;
  /** The user imported a report: it stays, whatever the server's benchmark does next. */
  private importedByUser = false;

  constructor(
    private readonly store: Store,
    private readonly verifier: Verifier,
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

  /** Whether the page's server measures cases natively on request ("Measure natively now"). */
  async probeNow() {
    const available = await nativeRunAvailable();
    this.store.update((s) => ({ ...s, nativeNow: { ...s.nativeNow, available } }));
  }

  /**
   * Measures the case on screen natively, now, on the machine serving the page: the full harness
   * profile, while the page runs nothing else (Run waits), with progress and Stop. Its records
   * are re-checked like a served report's and replace the benchmark's numbers of the case, marked
   * "measured now" (and "shared CPU" if other programs kept the CPU busy meanwhile).
   */
  async measureNow() {
    const s = this.store.get();
    const check = caseOnScreen(puzzleStateOf(s));
    if (!check || s.run || s.nativeNow.run?.state === 'running' || s.nativeNow.run?.state === 'starting') return;
    const run = { puzzle: s.puzzleId, caseKey: check.case_key, label: check.case, fraction: 0 };
    const set = (state: NonNullable<NativeNowState['run']>['state'], detail: string, fraction = 0) =>
      this.store.update((x) => withNow(x, { run: { ...run, state, detail, fraction } }));
    if (check.input) return set('failed', 'a case read from a file cannot be measured from the page: the server does not have your file (run `simd-puzzles run ' + s.puzzleId + ' --file FILE --time` where it is)');
    set('starting', 'asking the server');
    const started = await startNativeRun(s.puzzleId, check.params);
    if ('error' in started) return set('failed', started.error);
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, 400));
      const st = await nativeRunStatus();
      if (!st) return set('failed', 'the server stopped answering');
      if (st.state === 'idle' || st.id !== started.id) return set('failed', 'the server lost the run');
      if (st.state === 'running') {
        set('running', st.kernel ?? 'starting', st.fraction);
        continue;
      }
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
      return;
    }
  }

  async stopNow() {
    await stopNativeRun();
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
    if (result.report.environment.side === 'wasm') return importBrowserReport(this.store, this.verifier, result);
    this.importedByUser = true;
    this.notice('native-progress', null);
    await this.take({ ...result, fileName: result.fileName && neutralizeBidi(result.fileName) }, 'import');
  }

  /** A native report (served, shipped or imported), re-checked like a link: kernels, bounds, params, answers. */
  private async take(source: NativeSource, cause: string) {
    const turn = ++this.turn;
    // A mark of a shared CPU rides along through the checks (they keep a record's other fields).
    const { records, rejected } = await this.verifier.verify(markSharedCpu(source.report.records, source.cpuLoad), 'report');
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
