// The Suite's controller (#suite): Run all as one run of the run controller (its steps: each
// puzzle's quick case in each build, then the cheap peers; Stop is the run's Stop), the suite as
// a link (Copy link) and from one (claims, screened like a puzzle link's and re-checked in the
// background), and its results as a file. The pure part is suite.ts, the screen views/suite-view.ts.
import type { PuzzleView } from './puzzle-view';
import { describeBrowser } from '../share/js-engine';
import { encodeLinkWithin } from '../share/codec';
import type { CatalogPuzzle } from '../share/engine-types';
import { nativeLinkRecord } from '../share/export';
import type { Environment, Report, ResultRecord, SuiteLinkState } from '../share/schema';
import { checkAnswers, type PageRecord } from '../share/verify';
import { caseTitle } from './case-words';
import { environmentOf, fileStem, saveFile, type DownloadFormat } from './download';
import { copyToClipboard } from './dom';
import type { Engine } from './engine';
import { SUITE_RUN } from './history';
import type { RunController, RunStep } from './run-controller';
import { recordKey } from './state/records';
import { catalogPuzzles, nativeRecords } from './state/selectors';
import { withNotice, withStatus, withSuite, type ClaimedSuite, type PageState, type Store, type SuiteProfile } from './state/store';
import { nativeUsed, scoreRows, SUITE_HARNESS, suitePlan, type SuitePart } from './suite';
import { suiteCsv, suiteFile, type SuiteExport } from './suite-export';
import type { SuiteFile } from '../share/suite-file';
import { nativeOriginLabel } from './native';
import { helperBuild, leftOutText, withEngineWorker, type Verifier } from './trust';

/** The native records of every puzzle the page holds (served, imported or measured now). */
export const allNative = (s: PageState): PageRecord[] => catalogPuzzles(s).flatMap((p) => nativeRecords(s, p.id));

/** Where the page's native numbers come from, in words (the scoreboard's header, the downloads). */
export function nativeOriginWords(s: PageState): string {
  const source = s.native?.source;
  if (!source) return s.nativeNow.records.length ? 'measured now on the machine serving this page' : 'none';
  if (source.origin === 'same-machine') return 'measured on this machine by npm start';
  if (source.origin === 'imported') return `imported from ${source.fileName ?? 'a file'}`;
  return nativeOriginLabel(source) ?? 'served with the page, measured on another machine';
}

/** A browser record as a suite link carries it: without what only this page knows (a claim mark,
 * a peer's start-up time), keeping its shared-CPU mark as a native one does (nativeLinkRecord). */
const linkRecord = (r: PageRecord): ResultRecord => nativeLinkRecord(r);

export class SuiteController {
  /** The bench case of each puzzle's default params, for puzzles whose view names no suite case. */
  private defaults: Map<string, string | null> | null = null;
  /** Counts opened suite links: a re-check of an older one never writes over a newer one. */
  private turn = 0;

  constructor(
    private readonly store: Store,
    private readonly runs: RunController,
    private readonly engine: Engine,
    private readonly verifier: Verifier,
    private readonly views: ReadonlyMap<string, PuzzleView>,
    /** Where links point (Router.linkAddress). */
    private readonly linkAddress: () => Promise<string>,
  ) {}

  /** What Run all runs now (the js build joins when it is picked). */
  async plan(): Promise<SuitePart[]> {
    const s = this.store.get();
    const defaults = await this.defaultCases(catalogPuzzles(s));
    return suitePlan(catalogPuzzles(s), s.catalogs, s.builds, this.views, s.peerUnavailable, (p) => defaults.get(p.id) ?? null);
  }

  setProfile(profile: SuiteProfile) {
    this.store.update((s) => withSuite(s, (x) => ({ ...x, profile })));
  }

  /** Runs the suite: each puzzle's steps in tab order, as one run with one progress bar. */
  async runAll() {
    if (this.store.get().run) return;
    const plan = await this.plan();
    const profile = this.store.get().suite.profile;
    const harness = SUITE_HARNESS[profile];
    const steps: RunStep[] = [];
    for (const part of plan) {
      for (const { build, kernels } of part.builds)
        steps.push({ kind: 'build', puzzle: part.puzzle, build, kernels: kernels.length, cases: part.cases.length, request: { action: 'bench', puzzles: [part.puzzle], cases: part.cases, kernels, ...(harness ? { harness } : {}) } });
      if (!part.peers.length) continue;
      const catalog = catalogPuzzles(this.store.get()).find((p) => p.id === part.puzzle)!;
      for (const name of part.cases) {
        const check = await this.engine.validate(part.puzzle, catalog.bench_cases.find((c) => c.name === name)!.params);
        if (check.ok) for (const program of part.peers) steps.push({ kind: 'peer', puzzle: part.puzzle, program, check });
      }
    }
    if (!steps.length || this.store.get().run) {
      this.store.update((s) => withStatus(s, steps.length ? s.status : 'Nothing to run: no build is loaded.'));
      return;
    }
    this.store.update((s) => withSuite(s, (x) => ({ ...x, mine: { records: [], state: 'running', profile, current: null } })));
    const order = plan.map((p) => p.puzzle);
    const result = await this.runs.perform({
      id: SUITE_RUN,
      title: 'Suite',
      what: `Run all (${plan.length} puzzles${profile === 'smoke' ? ', smoke profile' : ''})`,
      steps,
      several: true,
      onStep: (step) => this.store.update((s) => withSuite(s, (x) => (x.mine ? { ...x, mine: { ...x.mine, current: { puzzle: step.puzzle, index: order.indexOf(step.puzzle) + 1, count: order.length } } } : x))),
      onRecords: (records) => this.store.update((s) => withSuite(s, (x) => (x.mine ? { ...x, mine: { ...x.mine, records: [...x.mine.records, ...records] } } : x))),
    });
    this.store.update((s) => withSuite(s, (x) => (x.mine ? { ...x, mine: { ...x.mine, state: result?.outcome ?? 'failed', current: null } } : x)));
    // The viewer's reference runs may settle a shared suite's claimed answers now.
    if (this.store.get().suite.claimed) await this.recheckClaimed(this.turn);
  }

  stop() {
    this.runs.stop();
  }

  /** The last Run all as a file: its records, the native records its scoreboard compared with,
   * the profile, both machines, the date and the cases in words (suite-export.ts); the JSON
   * imports back into the same scoreboard, native columns included. */
  download(format: DownloadFormat) {
    const s = this.store.get();
    const mine = s.suite.mine;
    const environment = mine?.records.length ? environmentOf(s, mine.records) : undefined;
    if (!mine?.records.length || !environment) {
      this.store.update((x) => withStatus(x, 'Nothing to download yet: press Run all first.'));
      return;
    }
    const native = nativeUsed(scoreRows(mine.records, allNative(s)));
    const nativeEnvironment = s.native?.source.report.environment ?? s.nativeNow.environment;
    const titles = new Map(catalogPuzzles(s).map((p) => [p.id, p.title]));
    const date = new Date();
    const x: SuiteExport = {
      records: mine.records, profile: mine.profile, environment, date,
      native: native.length && nativeEnvironment ? { environment: nativeEnvironment, origin: nativeOriginWords(s), records: native } : null,
      words: (r) => caseTitle(this.views, titles.get(r.puzzle) ?? r.puzzle, r),
    };
    const stem = fileStem('suite', environment, date);
    saveFile(format === 'json'
      ? { name: `${stem}.json`, type: 'application/json', text: `${JSON.stringify(suiteFile(x), null, 2)}\n` }
      : { name: `${stem}.csv`, type: 'text/csv', text: suiteCsv(x) });
  }

  /** The scoreboard as one link: the browser records and the native records it compared with. */
  async copyLink() {
    const s = this.store.get();
    const mine = s.suite.mine;
    const environment = s.environments.get('simd128') ?? s.environments.get('baseline');
    if (!mine?.records.length || !environment) {
      this.store.update((x) => withStatus(x, 'Nothing to share yet: press Run all first.'));
      return;
    }
    const native = nativeUsed(scoreRows(mine.records, allNative(s))).map(nativeLinkRecord);
    const nativeEnvironment = s.native?.source.report.environment ?? s.nativeNow.environment;
    const state = (records: ResultRecord[]): SuiteLinkState => ({
      v: 1,
      suite: { profile: mine.profile, environment, records, native: native.length && nativeEnvironment ? { environment: nativeEnvironment, records: native } : null },
    });
    const { fragment, kept, leftOut } = await encodeLinkWithin(mine.records.map(linkRecord), state);
    const url = `${await this.linkAddress()}#${fragment}`;
    const copied = await copyToClipboard(url);
    const what = `${kept.length} results${leftOut ? ` (${leftOut} left out to keep the link short)` : ''}`;
    this.store.update((x) => withStatus(withSuite(x, (su) => ({ ...su, shareUrl: url })), copied ? `Suite link copied (${url.length} characters, ${what}).` : `Copy the suite link from the field (the clipboard is not available here; ${what}).`));
  }

  /**
   * A suite from a link: shown at once as the sharer's claimed scoreboard, every record screened
   * like a puzzle link's (kernels, timings a measurement can make, params re-keyed by the
   * engine; what fails is left out with the reason), the answers then re-checked in the
   * background. Nothing runs from a link.
   */
  openLink(link: SuiteLinkState) {
    return this.openClaimed({ environment: link.suite.environment, profile: link.suite.profile, records: link.suite.records, native: link.suite.native, from: null });
  }

  /** A Suite file (its Download results as JSON, imported back through a picker): the same
   * claimed scoreboard as a link's, screened the same way, with the native numbers and profile it
   * carries; nothing runs. The address follows to #suite, where the scoreboard and its notice are. */
  openSuiteFile(file: SuiteFile, fileName: string) {
    this.followToSuite();
    return this.openClaimed({ environment: file.environment, profile: file.profile, records: file.records, native: file.native, from: fileName });
  }

  /** An older suite download (a browser report of several puzzles): no native numbers, no profile. */
  openFile(report: Report, fileName: string) {
    this.followToSuite();
    return this.openClaimed({ environment: report.environment, profile: null, records: report.records, native: null, from: fileName });
  }

  /** Puts #suite in the address without routing it (the router would clear the notice the file is
   * about to post); Back returns to the tab it was opened from. */
  private followToSuite() {
    if (location.hash !== '#suite') history.pushState(null, '', '#suite');
  }

  private async openClaimed(from: { environment: Environment; profile: SuiteProfile | null; records: readonly ResultRecord[]; native: SuiteLinkState['suite']['native']; from: string | null }) {
    const turn = ++this.turn;
    this.store.update((s) => ({ ...s, screen: 'suite' }));
    const { records, rejected } = await this.verifier.screen(from.records, 'link');
    const native = from.native ? await this.verifier.screen(from.native.records, 'report') : { records: [], rejected: [] };
    if (turn !== this.turn) return;
    const left = [...rejected, ...native.rejected];
    if (!records.length) {
      this.notice(`Could not ${from.from ? `show the suite from ${from.from}` : 'open the shared suite'}: none of its results passed the checks (${leftOutText(left)}).`, 'error');
      return;
    }
    const claimed: ClaimedSuite = {
      environment: from.environment,
      nativeEnvironment: from.native?.environment ?? null,
      profile: from.profile,
      from: from.from,
      records,
      native: native.records,
      recheck: 'running',
    };
    this.store.update((s) => withSuite(s, (x) => ({ ...x, claimed })));
    const leftOut = left.length ? leftOutText(left) : null;
    this.linkNotice(leftOut);
    await this.recheckClaimed(turn, leftOut);
  }

  /** Judges the shared suite's claimed answers (published answers, else the viewer's reference
   * runs) in a helper worker of its own. */
  private async recheckClaimed(turn: number, leftOut: string | null = null) {
    const claimed = this.store.get().suite.claimed;
    if (!claimed) return;
    const open = [...claimed.records, ...claimed.native].filter((r) => r.claimed);
    let state: ClaimedSuite['recheck'] = 'done';
    let judged: PageRecord[] = [];
    try {
      judged = open.length ? await withEngineWorker(helperBuild(this.store.get()), (engine) => checkAnswers(open, this.verifier.context(engine.call))) : [];
    } catch {
      state = 'failed';
    }
    if (turn !== this.turn) return;
    const byKey = new Map(judged.map((r) => [recordKey(r), r]));
    const replace = (list: readonly PageRecord[]) => list.map((r) => byKey.get(recordKey(r)) ?? r);
    this.store.update((s) => withSuite(s, (x) => (x.claimed ? { ...x, claimed: { ...x.claimed, records: replace(x.claimed.records), native: replace(x.claimed.native), recheck: state } } : x)));
    this.linkNotice(leftOut);
  }

  /** The shared suite's notice: whose, what could be checked, what was left out. */
  private linkNotice(leftOut: string | null) {
    const { suite: { claimed }, screen } = this.store.get();
    if (!claimed || screen !== 'suite') return; // the viewer moved on: the notice went with the address
    const checked = claimed.records.filter((r) => !r.claimed && r.verified !== null).length;
    const wrong = claimed.records.filter((r) => r.verified === false).length;
    const open = claimed.records.filter((r) => r.claimed).length;
    const progress = claimed.recheck === 'running' ? 're-checking their answers in the background' : claimed.recheck === 'failed' ? 'their answers could not be re-checked here' : `answers re-checked here: ${checked}${wrong ? ` (${wrong} wrong)` : ''}, claimed only: ${open}${open ? ' (Run all settles them with your own reference runs)' : ''}`;
    const text = `${claimed.from ? `Suite from ${claimed.from}` : 'Shared suite'}: ${claimed.records.length} results ${claimed.from ? `measured in ${describeBrowser(claimed.environment)}` : `from another browser (${describeBrowser(claimed.environment)})`}, shown as ${claimed.from ? 'a' : 'their'} claimed scoreboard; their timings are claims that passed the plausibility checks; ${progress}${leftOut ? `; ${leftOut}` : ''}.`;
    this.notice(text, leftOut ? 'error' : 'info');
  }

  private notice(text: string, kind: 'error' | 'info') {
    this.store.update((s) => withNotice(s, 'suite-link', { text, kind }));
  }

  /** For puzzles whose view names no suite case: the bench case their default params make. */
  private async defaultCases(puzzles: readonly CatalogPuzzle[]): Promise<Map<string, string | null>> {
    if (this.defaults) return this.defaults;
    const out = new Map<string, string | null>();
    for (const p of puzzles.filter((x) => !this.views.get(x.id)?.suite)) {
      const defaults = Object.fromEntries(p.params.map((spec) => [spec.name, spec.default]));
      const r = (await this.engine.call({ action: 'validate', puzzle: p.id, cases: [defaults, ...p.bench_cases.map((c) => c.params)] })) as { ok: boolean; cases?: { case_key?: string }[] };
      const keys = r.ok && r.cases ? r.cases.map((c) => c.case_key) : [];
      const at = keys.slice(1).findIndex((k) => k !== undefined && k === keys[0]);
      out.set(p.id, at >= 0 ? p.bench_cases[at]!.name : null);
    }
    this.defaults = out;
    return out;
  }
}
