// The page's state, in one object, and the only way to change it: `update` with a pure function
// of the old state. Views subscribe and redraw from the state alone; controllers (params checking,
// runs, links, native numbers) are the only code that calls `update`.
//
// State is per puzzle and per case: every record keeps the params and case_key it was measured
// on (the engine's, never a label), a run's results land in their puzzle's state whatever tab is
// open when it ends, and the table shows the case whose params are on screen (the field and the
// table always agree).
import type { Build } from '../../share/builds';
import type { CatalogPuzzle, IsaInfo } from '../../share/engine-types';
import type { Environment, Params } from '../../share/schema';
import type { PageRecord, Rejected } from '../../share/verify';
import type { CaseCheck, DeclaredInput } from '../engine';
import type { HistoryEntry } from '../history';
import type { Isolation } from '../isolation';
import type { NativeEstimate, NativeSource, ServedBenchStatus } from '../native';
import { NO_RECORDS, type RecordSet } from './records';

/** A local file for puzzles that read one: read here, copied into workers, never uploaded. */
export interface FileState {
  name: string;
  bytes: Uint8Array;
  /** Its size and digest, once the engine has hashed it. */
  input: DeclaredInput | null;
}

export interface Sharer {
  environment: Environment;
  native: Environment | null;
  from?: string;
}

/** What the page holds for one puzzle. */
export interface PuzzleState {
  /** The fields as typed. */
  params: Params;
  /** The engine's verdict on `params` (and the file), or null until it answers. */
  check: CaseCheck | null;
  /** Increments with every edit: an older verdict arriving late is dropped. */
  edits: number;
  /** The kernel keys picked (null: all). */
  kernels: ReadonlySet<string> | null;
  /** Every record the viewer measured, all cases; a newer run of a case replaces its rows. */
  mine: RecordSet;
  /** A link's records, re-checked; the viewer's runs never replace them. */
  shared: RecordSet;
  /** Whose the shared records are: a link's sharer, or (`from`: its file name) a browser's
   * exported results the viewer imported. */
  sharer: Sharer | null;
  /** Drawings by case_key, so a drawing belongs to its case like the numbers do. */
  drawings: ReadonlyMap<string, unknown>;
  /** The table shows the case on screen, or (after a benchmark run, or a link with several cases) those cases. */
  view: { kind: 'case' } | { kind: 'cases'; keys: readonly string[] };
  file: FileState | null;
  /** The names of the files this puzzle read, by their digest (records carry only the digest). */
  fileNames: ReadonlyMap<string, string>;
}

export interface Notice {
  text: string;
  /** Lines under the text (the native benchmark's last cases). */
  lines?: readonly string[];
  kind: 'error' | 'info';
  /** A button the notice offers besides dismissing it: cancelling the work it reports on. */
  action?: 'cancel-recheck';
  /** The screen it belongs to (a puzzle's id, 'suite' or 'history'), shown only there; none:
   * every screen. withNotice fills it in for the causes that belong to one (NOTICE_SCREENS). */
  where?: string;
}

/** Which screen a cause's notice belongs to, from the state it is posted in: a run's notices
 * (a kernel skipped, a failure) to the run's puzzle, or the Suite for Run all; a file's to the
 * puzzle that read it; a shared suite's to the Suite. Other causes (an address, a link, an
 * import, the native numbers) concern the whole page. */
const NOTICE_SCREENS: Record<string, (s: PageState) => string | undefined> = {
  run: (s) => s.run?.puzzle ?? screenKey(s),
  skipped: (s) => s.run?.puzzle ?? screenKey(s),
  paired: (s) => s.run?.puzzle ?? screenKey(s),
  file: (s) => s.puzzleId,
  'suite-link': () => 'suite',
};

/** The screen on view, as a notice's `where` names it: the open puzzle's id, 'suite' or 'history'
 * (Run all's runs are named 'suite' too: history.ts, SUITE_RUN). */
export const screenKey = (s: PageState): string => (s.screen === 'puzzle' ? s.puzzleId : s.screen);

/** The share link opened last, as far as its notice tells: what the page refused of it, and how
 * the background re-check of its answers goes. */
export interface LinkFacts {
  puzzle: string;
  /** Whether it carried results, and the browser that measured them (describeBrowser). */
  carried: boolean;
  cpu: string;
  rejected: readonly Rejected[];
  /** Why the link's params were refused (the defaults are shown instead), if they were. */
  refused: string | null;
  recheck: { done: number; total: number; state: 'running' | 'done' | 'cancelled' } | null;
}

/** The run in progress (one at a time, on any tab). */
export interface RunState {
  puzzle: string;
  /** What runs, in words: the puzzle and the case (or the benchmark cases). */
  what: string;
  startedAt: number;
}

/** "Measure natively now" (app/native-feed.ts): whether this page's server can, the run in
 * progress or the last one, and what it measured (every case measured so far). */
export interface NativeNowState {
  /** The server has the endpoint (npm start, npm run dev; not a static copy of the page). */
  available: boolean;
  run: {
    puzzle: string;
    caseKey: string;
    /** The case, as the table heading names it. */
    label: string;
    state: 'starting' | 'running' | 'done' | 'failed' | 'stopped';
    fraction: number;
    /** What it measures now ("kernel/isa"), or what came of it, in words. */
    detail: string;
    /** Another tab's run (or one going on when this page loaded), followed here: Stop ends it. */
    elsewhere?: boolean;
    /** How long it was expected to take, and the seconds left of that now. */
    estimate?: NativeEstimate;
    secondsLeft?: number;
  } | null;
  /** Records measured now, re-checked like a served report's: they replace the benchmark's
   * numbers of their case (state/selectors.ts, nativeRecords). */
  records: readonly PageRecord[];
  /** The machine they were measured on. */
  environment: Environment | null;
}

export interface NativeState {
  source: NativeSource;
  /** Its records, re-checked like a link's. */
  records: readonly PageRecord[];
}

/** The viewer's kept runs (app/history.ts), as read from the browser's storage. */
export interface HistoryState {
  /** Newest first. */
  entries: readonly HistoryEntry[];
  /** Whether the storage has been read (the list says "reading" until then). */
  loaded: boolean;
  /** One note per stored entry left out, and why. */
  skipped: readonly string[];
  /** Why the storage cannot be used (private mode, quota), in words; the page works on without it. */
  problem: string | null;
  /** The ids of the (up to two) entries picked for comparison, in the order picked. */
  picked: readonly number[];
  /** "Clear all" waits for the viewer to confirm. */
  confirmClear: boolean;
}

/** How long Run all measures each kernel: 'full', the harness's own rules (11 samples of at least
 * 10 ms); 'smoke', 3 samples of at least 1 ms (`#suite?profile=smoke`: tests, a first look). */
export type SuiteProfile = 'full' | 'smoke';

/** The Suite screen (#suite): the viewer's last Run all, and a suite shared by a link. */
export interface SuiteState {
  /** The profile the next Run all uses. */
  profile: SuiteProfile;
  /** The viewer's last Run all on this page: every record it measured so far, all puzzles. */
  mine: {
    records: readonly PageRecord[];
    state: 'running' | 'finished' | 'stopped' | 'failed';
    profile: SuiteProfile;
    /** While it runs: the puzzle being measured, and its place in the plan ("2 of 5"). */
    current: { puzzle: string; index: number; count: number } | null;
  } | null;
  /** A suite from a link: claims, screened at once, answers re-checked in the background and
   * again after the viewer's own Run all. */
  claimed: ClaimedSuite | null;
  /** The last suite link made by its Copy link. */
  shareUrl: string;
}

export interface ClaimedSuite {
  /** The sharer's browser, and the machine of the native numbers their scoreboard used. */
  environment: Environment;
  nativeEnvironment: Environment | null;
  /** Null where it is not known (a file does not say). */
  profile: SuiteProfile | null;
  /** The file it came from (Download results, imported back), or null for a link. */
  from: string | null;
  /** Their browser records and the native records their scoreboard compared with (claims both). */
  records: readonly PageRecord[];
  native: readonly PageRecord[];
  /** How the background re-check of their answers goes. */
  recheck: 'running' | 'done' | 'failed';
}

export const NO_SUITE: SuiteState = { profile: 'full', mine: null, claimed: null, shareUrl: '' };

export const NO_HISTORY: HistoryState = { entries: [], loaded: false, skipped: [], problem: null, picked: [], confirmClear: false };

/** A playground build of the user's kernel in use on a puzzle (app/playground/): runs of the
 * puzzle load its modules in place of ours (they hold our kernels and `yours`), its native
 * requests go to its sandboxed engine, and its records keep the source. */
export interface ActivePlayground {
  slot: string;
  source: string;
  /** The server's build id. */
  id: string;
  /** Module URLs per wasm flavour the build made (absolute, the page's own server). */
  modules: Partial<Record<'simd128' | 'relaxed' | 'baseline', { mjs: string; wasm: string }>>;
  /** Whether the server runs it natively (`playground: id` on native requests). */
  native: boolean;
  /** Listing URLs by build name, for the Instructions panel. */
  listings: Readonly<Record<string, string>>;
  /** False once the viewer restored ours: runs use our modules again, and the source stays for
   * the `yours` records already measured (downloads, links). */
  inUse: boolean;
}

export interface PageState {
  /** The wasm builds' catalogs (the engine's description of every puzzle), by build. */
  catalogs: ReadonlyMap<Build, readonly CatalogPuzzle[]>;
  isas: readonly IsaInfo[];
  environments: ReadonlyMap<Build, Environment>;
  /** How this page is cross-origin isolated (server headers, service worker, or not at all),
   * which sets the timer's resolution; null until known. */
  isolation: Isolation | null;
  /** The builds this browser runs, and those picked for the next run. */
  supported: ReadonlySet<Build>;
  builds: ReadonlySet<Build>;
  /** What the page shows: a puzzle's tab, the history of runs (`#history`) or the suite (`#suite`). */
  screen: 'puzzle' | 'history' | 'suite';
  history: HistoryState;
  suite: SuiteState;
  /** The open tab ('' until the page knows its puzzles). */
  puzzleId: string;
  puzzles: ReadonlyMap<string, PuzzleState>;
  native: NativeState | null;
  /** The server's background native benchmark while it runs (`npm start`), else null. */
  nativeMeasuring: ServedBenchStatus | null;
  nativeNow: NativeNowState;
  /** Why each peer program cannot run in this page (null: it can), by kernel id. */
  peerUnavailable: ReadonlyMap<string, string | null>;
  run: RunState | null;
  /** A run the page expects to take hours, described, waiting for the viewer to confirm it. */
  confirm: string | null;
  status: string;
  /** The progress bar, 0..1. */
  progress: number;
  /** One notice per cause ("address": the fragment; "link"; "import"; "run"; ...), replaced, not stacked. */
  notices: ReadonlyMap<string, Notice>;
  link: LinkFacts | null;
  /** The last link made by Copy link. */
  shareUrl: string;
  /** Bumped when something other than the run controls sets what they show (a link, a case
   * chip): the controls are then rebuilt from the state instead of keeping what was typed. */
  controlsVersion: number;
  /** The playground build in use per puzzle (none: our modules). */
  playground: ReadonlyMap<string, ActivePlayground>;
}

export function initialState(): PageState {
  return {
    catalogs: new Map(), isas: [], environments: new Map(), isolation: null, supported: new Set(), builds: new Set(),
    screen: 'puzzle', history: NO_HISTORY, suite: NO_SUITE, puzzleId: '', puzzles: new Map(), native: null, nativeMeasuring: null, nativeNow: { available: false, run: null, records: [], environment: null }, peerUnavailable: new Map(), run: null, confirm: null,
    status: 'Loading the wasm builds…', progress: 0, notices: new Map(), link: null, shareUrl: '', controlsVersion: 0,
    playground: new Map(),
  };
}

export type Listener = (state: PageState) => void;

export class Store {
  private listeners = new Set<Listener>();
  private queued = false;

  constructor(private state: PageState = initialState()) {}

  get(): PageState {
    return this.state;
  }

  /** Replaces the state with `fn(state)`; listeners hear of it once per task, however many updates. */
  update(fn: (state: PageState) => PageState) {
    this.state = fn(this.state);
    if (this.queued) return;
    this.queued = true;
    queueMicrotask(() => {
      this.queued = false;
      for (const listener of this.listeners) listener(this.state);
    });
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    listener(this.state);
    return () => this.listeners.delete(listener);
  }
}

// ---- pure updaters -------------------------------------------------------------------------------

/** A puzzle's state as it starts: the catalog's defaults, nothing measured. */
export function freshPuzzle(puzzle: CatalogPuzzle): PuzzleState {
  return {
    params: Object.fromEntries(puzzle.params.map((spec) => [spec.name, spec.default])),
    check: null, edits: 0, kernels: null, mine: NO_RECORDS, shared: NO_RECORDS, sharer: null,
    drawings: new Map(), view: { kind: 'case' }, file: null, fileNames: new Map(),
  };
}

/** The state with puzzle `id`'s state replaced by `fn` of it (made from the catalog if new). */
export function withPuzzle(state: PageState, id: string, fn: (p: PuzzleState) => PuzzleState): PageState {
  const current = state.puzzles.get(id) ?? freshPuzzleOf(state, id);
  if (!current) return state;
  return { ...state, puzzles: new Map(state.puzzles).set(id, fn(current)) };
}

function freshPuzzleOf(state: PageState, id: string): PuzzleState | null {
  for (const puzzles of state.catalogs.values()) {
    const p = puzzles.find((x) => x.id === id);
    if (p) return freshPuzzle(p);
  }
  return null;
}

export function withNotice(state: PageState, cause: string, notice: Notice | null): PageState {
  const notices = new Map(state.notices);
  if (notice) {
    const where = notice.where ?? NOTICE_SCREENS[cause]?.(state);
    notices.set(cause, where ? { ...notice, where } : notice); // a cause's new notice takes its old one's place
  } else if (!notices.delete(cause)) {
    return state;
  }
  return { ...state, notices };
}

export function withStatus(state: PageState, status: string): PageState {
  return { ...state, status };
}

export function withHistory(state: PageState, fn: (h: HistoryState) => HistoryState): PageState {
  return { ...state, history: fn(state.history) };
}

export function withSuite(state: PageState, fn: (suite: SuiteState) => SuiteState): PageState {
  return { ...state, suite: fn(state.suite) };
}
