// The address and links: `#<puzzle>` opens a tab, `#history` the history of runs, `#suite` the
// suite, `#s=<version>.<data>` opens a share link (its params, kernels and builds, and its records
// once re-checked; or a suite's scoreboard, suite-controller.ts), anything else is reported, not
// obeyed; Copy link writes the page's state into a link, at the address the page was opened
// from or the public one the server names.
import type { PuzzleView } from './puzzle-view';
import { BUILDS, linkBuildsHere, recordBuild } from '../share/builds';
import { decodeLink } from '../share/codec';
import { describeBrowser } from '../share/js-engine';
import { copiedSentence, encodeLinkWithKernel, kernelSentence, recordsForLink } from '../share/link-state';
import type { LinkState, PlaygroundSource, ResultRecord, SuiteLinkState } from '../share/schema';
import { YOURS } from './playground/kernel-id';
import type { PageRecord } from '../share/verify';
import type { Engine } from './engine';
import { copyToClipboard } from './dom';
import { readFragment } from './fragment';
import type { ParamsChecker } from './params-checker';
import { listOf, recordSet } from './state/records';
import { caseOnScreen, catalogPuzzles, kernelChoices, puzzleOf, puzzleStateOf, selectedKernels } from './state/selectors';
import { withNotice, withPuzzle, withStatus, type Store, type SuiteProfile } from './state/store';
import { withLink, type Verifier } from './trust';

/** What the router asks of the playground: the user's kernel for a link, and a link's kernel to show. */
export interface PlaygroundLinks {
  sourceForLink(puzzle: string): PlaygroundSource | null;
  openShared(puzzle: string, source: PlaygroundSource, records: readonly ResultRecord[], browser: string): void;
}

export class Router {
  /** Counts addresses: a link waiting for a run to end opens only if no newer address came. */
  private turn = 0;
  private address: Promise<string> | null = null;

  constructor(
    private readonly store: Store,
    private readonly engine: Engine,
    private readonly checker: ParamsChecker,
    private readonly verifier: Verifier,
    private readonly views: ReadonlyMap<string, PuzzleView>,
    /** Opens a suite's link (SuiteController.openLink). */
    private readonly openSuiteLink: (link: SuiteLinkState) => Promise<void> = async () => {},
    /** Sets the profile the Suite's Run all uses (`#suite?profile=smoke`). */
    private readonly suiteProfile: (profile: SuiteProfile) => void = () => {},
    /** The playground (app/playground/controller.ts): the kernel a link carries, both ways. */
    private readonly playground: PlaygroundLinks | null = null,
  ) {}

  /** Follows the address from now on, starting with the one the page was opened at. */
  start(): Promise<void> {
    window.addEventListener('hashchange', () => void this.route());
    return this.route();
  }

  private async route() {
    const turn = ++this.turn;
    const hash = location.hash;
    const link = await decodeLink(hash);
    this.forgetAddress();
    // A run reads its puzzle's fields, kernels and builds, which a link sets: the link waits.
    if (link.kind === 'ok' && this.store.get().run) {
      this.notice(`A run is in progress: the shared link opens when it ends (Stop ends it now).`, 'info');
      await this.runEnded();
      if (turn !== this.turn) return; // a newer address took its place
      this.notice(null);
    }
    const s = this.store.get();
    const first = catalogPuzzles(s)[0]!.id;
    if (link.kind === 'error') {
      this.notice(link.message, 'error');
      this.select(s.puzzleId || first);
      return;
    }
    if (link.kind === 'ok') {
      await this.openLink(link.state);
      return;
    }
    if (link.kind === 'suite') {
      this.store.update((x) => ({ ...x, puzzleId: x.puzzleId || first }));
      await this.openSuiteLink(link.state);
      return;
    }
    const fragment = readFragment(hash, catalogPuzzles(s).map((p) => p.id));
    if (fragment.kind === 'history') {
      this.store.update((x) => ({ ...x, screen: 'history', puzzleId: x.puzzleId || first }));
      return;
    }
    if (fragment.kind === 'suite') {
      this.suiteProfile(fragment.profile);
      this.store.update((x) => ({ ...x, screen: 'suite', puzzleId: x.puzzleId || first }));
      return;
    }
    if (fragment.kind === 'unknown')
      this.notice(`The address ends in '#${fragment.text.slice(0, 60)}', which names no puzzle here; showing ${puzzleOf(s).title}.`, 'error');
    this.select(fragment.kind === 'puzzle' ? fragment.id : s.puzzleId || first);
  }

  private runEnded(): Promise<void> {
    return new Promise((resolve) => {
      const unsubscribe = this.store.subscribe((s) => {
        if (s.run) return;
        queueMicrotask(() => unsubscribe());
        resolve();
      });
    });
  }

  /** A new address: what the old one said no longer applies, except a link's re-check still at
   * work (its notice carries its progress and its Cancel). */
  private forgetAddress() {
    this.notice(null);
    this.store.update((s) => withNotice(s, 'suite-link', null)); // its scoreboard stays on the Suite screen
    this.store.update((s) => (s.link?.recheck?.state === 'running' ? s : withLink(s, null)));
  }

  /** Opens a tab; its params are checked again when it opens for the first time or was never accepted. */
  select(id: string) {
    const s = this.store.get();
    const changed = id !== s.puzzleId;
    this.store.update((x) => withPuzzle({ ...x, screen: 'puzzle', puzzleId: id }, id, (p) => p));
    const p = puzzleStateOf(this.store.get(), id);
    if (changed || !p.check) void this.checker.edit(id, p.params, false);
  }

  /** Puts a held case's params on screen (a case chip); not while a run reads this puzzle's fields. */
  showCase(record: PageRecord) {
    if (this.store.get().run?.puzzle === record.puzzle) return;
    this.store.update((s) => ({ ...s, controlsVersion: s.controlsVersion + 1 }));
    void this.checker.edit(record.puzzle, { ...record.params });
  }

  private async openLink(link: LinkState) {
    const s = this.store.get();
    const puzzle = catalogPuzzles(s).find((p) => p.id === link.puzzle);
    if (!puzzle) {
      this.notice(`Could not open the shared link: it is for a puzzle this page does not have ('${link.puzzle}').`, 'error');
      this.select(catalogPuzzles(s)[0]!.id);
      return;
    }
    this.verifier.cancelRecheck(); // an older link's records are replaced
    const check = await this.engine.validate(puzzle.id, link.params);
    const known = new Set(kernelChoices(s, puzzle.id, this.views.get(puzzle.id)?.peers ?? []).map((c) => c.kernel.key));
    // A build this browser lacks (relaxed SIMD, say) opens as the ones it has, and says so.
    const { builds, notice: missingBuilds } = linkBuildsHere(link.builds, s.supported);
    // The sharer's own kernel: its source goes to the editor as text (compiled only if the viewer
    // confirms), its numbers beside it as claims; no catalog here has a kernel `yours` to check them by.
    const theirs = link.playground && link.shared ? link.shared.records.filter((r) => r.kernel === YOURS) : [];
    if (link.playground) this.playground?.openShared(puzzle.id, link.playground, theirs, link.shared ? describeBrowser(link.shared.environment) : '');
    const toScreen = link.shared ? link.shared.records.filter((r) => !(link.playground && r.kernel === YOURS)) : [];
    // The quick checks now; the answers, which need every case prepared, in the background.
    const { records, rejected } = link.shared ? await this.verifier.screen(toScreen, 'link') : { records: [], rejected: [] };
    const shared = records.filter((r) => r.puzzle === puzzle.id);
    const keys = [...new Set(shared.map((r) => r.case_key))];
    const refused = check.ok ? null : `its parameters were refused (${check.error}), so the defaults are shown`;
    this.store.update((x) => {
      const next = withPuzzle({ ...x, screen: 'puzzle', puzzleId: puzzle.id, builds: builds.length ? new Set(builds) : x.builds, controlsVersion: x.controlsVersion + 1 }, puzzle.id, (p) => ({
        ...p,
        params: check.ok ? { ...link.params } : p.params,
        kernels: new Set(link.kernels.filter((k) => known.has(k))),
        shared: recordSet(shared),
        sharer: link.shared ? { environment: link.shared.environment, native: link.shared.native } : null,
        view: keys.length > 1 ? { kind: 'cases', keys } : { kind: 'case' },
      }));
      return withLink(next, link.shared || refused ? { puzzle: puzzle.id, carried: link.shared !== undefined, cpu: link.shared ? describeBrowser(link.shared.environment) : '', rejected, refused, recheck: null } : null);
    });
    if (missingBuilds) this.notice(missingBuilds, 'info');
    await this.checker.edit(puzzle.id, puzzleStateOf(this.store.get(), puzzle.id).params, false); // a link with several cases shows them all
    if (shared.length) void this.verifier.recheckInBackground(puzzle.id);
  }

  /** Writes the page's state, with the viewer's results, into a link, and copies it. */
  async copyLink() {
    const s = this.store.get();
    const id = s.puzzleId;
    const p = puzzleStateOf(s, id);
    const onScreen = caseOnScreen(p);
    const { records, beyondCap } = recordsForLink(listOf(p.mine), onScreen?.case_key ?? null);
    const firstBuild = BUILDS.find((b) => records.some((r) => r.build === recordBuild(b))) ?? [...s.builds][0]!;
    const basis = {
      puzzle: id,
      params: onScreen?.params ?? p.params,
      kernels: [...selectedKernels(s, id, this.views.get(id)?.peers ?? [])],
      builds: [...s.builds],
      environment: s.environments.get(firstBuild),
      native: s.native?.source.report.environment ?? null,
    };
    // The user's kernel travels as source, its records only with it; a link must stay under the
    // size a viewer's page accepts: the least recent cases go first, then the kernel.
    const kernel = this.playground?.sourceForLink(id) ?? null;
    const { fragment, kept, leftOut, kernelTooLong } = await encodeLinkWithKernel(records, basis, kernel);
    const url = `${await this.linkAddress()}#${fragment}`;
    const copied = await copyToClipboard(url);
    this.store.update((x) => withStatus({ ...x, shareUrl: url }, `${copiedSentence(url, kept, leftOut + beyondCap, copied)}${kernelSentence(kernel, kernelTooLong)}`));
  }

  /** Where links point: the address this page was opened from (a static site's, wherever it is
   * hosted), unless the server names a public one (`npm start -- --base-url URL`, api/site.json). */
  linkAddress(): Promise<string> {
    this.address ??= (async () => {
      const here = `${location.origin}${location.pathname}`;
      try {
        const res = await fetch('api/site.json', { cache: 'no-store' });
        const body: unknown = res.ok ? await res.json() : null;
        const configured = body && typeof body === 'object' && 'baseUrl' in body && typeof body.baseUrl === 'string' ? new URL(body.baseUrl) : null;
        return configured && (configured.protocol === 'https:' || configured.protocol === 'http:') ? `${configured.origin}${configured.pathname}` : here;
      } catch {
        return here;
      }
    })();
    return this.address;
  }

  private notice(text: string | null, kind: 'error' | 'info' = 'error') {
    this.store.update((s) => withNotice(s, 'address', text === null ? null : { text, kind }));
  }
}
