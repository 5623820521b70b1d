// Native numbers reach the page three ways: served with it (`npm start` measures this machine and
// serves the report, app/native.ts), shipped with a static site (native-report.json, measured on
// the builder's machine; only where no server measures), or imported by the user (a file from
// NATIVE_REPORT_COMMAND). Each is re-checked like a link before any of it shows (app/trust.ts).
import { neutralizeBidi } from '../share/text';
import { fetchServedNative, fetchShippedNative, importReportFile, type NativeSource } from './native';
import { withNotice, type Notice, type Store } from './state/store';
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
    let taken = -1;
    for (;;) {
      const served = await fetchServedNative();
      if (this.importedByUser) return;
      if (!served) return this.takeShipped(); // a static host: no server measures anything
      if (served.error) this.notice('served-native', { text: served.error, kind: 'error' });
      const records = served.native?.report.records.length ?? -1;
      if (served.native && records !== taken) {
        taken = records;
        await this.take(served.native, 'served-native');
      }
      const st = served.status;
      this.store.update((s) => ({ ...s, nativeMeasuring: st?.state === 'running' ? st : null }));
      if (st?.state !== 'running') {
        if (taken >= 0) this.notice('native-progress', null);
        if (st?.state === 'failed') {
          const what = st.phase === 'build' ? 'The native CLI did not build on the server' : 'The native benchmark on the server failed for some puzzles';
          this.notice('native-progress', { text: `${what}: see the terminal of npm start.`, kind: 'error' });
        }
        return;
      }
      const where = st.puzzle ? ` (now ${st.puzzle}${st.case ? ` ${st.case}` : ''})` : '';
      const doing = st.phase === 'build' ? 'Building the native CLI on this machine; native numbers follow' : `Measuring native numbers on this machine: ${Math.round(100 * st.fraction)} %${where}. They appear here as each puzzle finishes`;
      this.notice('native-progress', { text: `${doing}; browser timings taken meanwhile share the CPU with it.`, kind: 'info' });
      await new Promise((resolve) => setTimeout(resolve, 3000));
    }
  }

  /** The static site's report, unless the user imported one of their own meanwhile. */
  private async takeShipped() {
    const shipped = await fetchShippedNative();
    if (!shipped || this.importedByUser) return;
    if ('error' in shipped) return this.notice('shipped-native', { text: neutralizeBidi(shipped.error), kind: 'error' });
    await this.take(shipped, 'shipped-native');
  }

  /** A report the user picked or dropped. */
  async importFile(file: File | undefined) {
    if (!file) return;
    const result = await importReportFile(file);
    if ('error' in result) {
      this.notice('import', { text: `Could not import native results: ${neutralizeBidi(result.error)}`, kind: 'error' });
      return;
    }
    this.importedByUser = true;
    this.notice('native-progress', null);
    await this.take({ ...result, fileName: result.fileName && neutralizeBidi(result.fileName) }, 'import');
  }

  /** A native report (served, shipped or imported), re-checked like a link: kernels, bounds, params, answers. */
  private async take(source: NativeSource, cause: string) {
    const turn = ++this.turn;
    const { records, rejected } = await this.verifier.verify(source.report.records, 'report');
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
