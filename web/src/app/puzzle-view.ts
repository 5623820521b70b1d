// What a puzzle adds to the page, beyond what the catalog already says (params, kernels, cases):
// the contract web/src/puzzles/<id>.ts fulfils. A view is optional: puzzles without one get the
// generic view, which includes the puzzle's own summary tables (Puzzle::summarize) when the engine
// has any.
import type { Engine } from './engine';
import type { PeerProgram } from '../peers/program';
import type { Params } from '../share/schema';
import type { PageRecord, WorkRules } from '../share/verify';

/** Everything measured so far that the page holds, for a view's own panels. */
export interface ResultsContext {
  /** The viewer's records of this puzzle, every case run so far (a record keeps its own params). */
  mine: readonly PageRecord[];
  /** Native records (served or imported, re-checked) for this puzzle, all cases. */
  native: readonly PageRecord[];
  /** A sharer's records for this puzzle (re-checked), all cases. */
  shared: readonly PageRecord[];
  /** Where the native numbers were measured when not surely here (a shipped, served or imported
   * report: app/native.ts, nativeElsewhere), else null: a ratio against them says "another
   * machine" (results.ts, againstNative). */
  nativeFrom?: string | null;
  /** The canonical params on screen (the engine's), or the fields as typed while they are invalid. */
  params: Params;
  /** The case on screen (its case_key), or null while the params are invalid. */
  caseKey: string | null;
  /** The page's engine (summaries, formatted as the CLI prints them). A panel filled from a
   * promise must check it is still on the page (`isConnected`) before it writes. */
  engine: Engine;
}

/** One of the puzzle's named benchmark cases, as the catalog lists it. */
export interface BenchCase {
  name: string;
  params: Params;
}

export interface BenchGroup {
  label: string;
  /** Which of the puzzle's benchmark cases the group runs (read its params, not its name). */
  cases: (benchCase: BenchCase) => boolean;
}

/** What the Suite's Run all (#suite) runs of a puzzle: the quick benchmark case(s) it stands
 * for, the peer programs cheap enough on them (kernel ids), and why those, in a sentence the
 * Suite screen shows. Without it, Run all runs the puzzle's default case (a benchmark case). */
export interface SuiteChoice {
  cases: (benchCase: BenchCase) => boolean;
  peers?: readonly string[];
  why: string;
}

export interface ParamsEditor {
  element: HTMLElement;
  show(params: Params, canonical: Params | null): void;
}

export interface PuzzleView {
  /** The puzzle id from the C++ registry. */
  id: string;
  /** Its tab's place, the simplest puzzle first: the page opens on the first tab. Puzzles that
   * do not say come after, in the catalog's order. */
  order?: number;
  /** Our own explanation of the tricks, with a link to the source write-up. Static content. */
  explainer(): HTMLElement;
  /**
   * A drawing of the case, from the run's `illustration` (computed by the C++ puzzle). The data
   * comes from our own module, but is still checked before use.
   */
  illustrate?(illustration: unknown, params: Params): HTMLElement | null;
  /** Redraw the illustration as params change, before any run (default true). Preparing a case
   * can be costly (popcount builds its buffer): such a puzzle draws after a run only. */
  liveIllustration?: boolean;
  /** A short label for a case in the benchmark pivot table and its chip (default: the case's
   * label); `fileName`: the name of the file the case read, where the page knows it. */
  caseLabel?(record: PageRecord, fileName?: string): string;
  /** The case in words, for headings, the Suite, the History, notices and downloads ("apply
   * R U R' U'", "board 604/202/400 at depth 36"); app/case-words.ts adds the puzzle's title.
   * Params may come from outside: read them with String(), never trust their types. Default:
   * the params as "name value" pairs. */
  describeCase?(params: Params, fileName?: string): string;
  /** Groups of benchmark cases offered together (default: one group with all of them). */
  benchGroups?: readonly BenchGroup[];
  /**
   * An editor for the params beyond the text fields (a board to click, a paste box), shown above
   * them and disabled with them during a run. `edit` merges changes into the params as typed (the
   * engine validates them like any edit); `show` is called with the params after every edit, with
   * the engine's canonical ones when they are valid.
   */
  editor?(params: Params, edit: (changes: Params) => void): ParamsEditor;
  /** Extra result panels (a sweep chart, a throughput/latency table, ...), in place of the
   * generic panel of the engine's summary tables. */
  extraResults?(context: ResultsContext): HTMLElement | null;
  /** The Suite's quick case(s) of this puzzle (default: its default case). */
  suite?: SuiteChoice;
  /** Other programs run on the case after our kernels (Run only, not the benchmark buttons). */
  peers?: readonly PeerProgram[];
  /** About how many seconds one call of the case's slowest kernel takes in this browser, or null
   * if the puzzle cannot tell (`mine`: the viewer's records of the puzzle, which show how fast
   * this machine is). A run the page expects to take hours asks first. */
  estimateSeconds?(params: Params, mine: readonly PageRecord[]): number | null;
  /** What the puzzle's work can be, for records from a link or a report: the most units one core
   * does per ns, and how the work follows from the params and the answer (share/verify.ts). */
  work?: WorkRules;
}
