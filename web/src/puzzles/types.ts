// What a puzzle adds to the page, beyond what the catalog already says (params, kernels, cases).
// A view is optional: puzzles without one get the generic view.
import type { Params, ResultRecord } from '../share/schema';

/** Everything measured so far that the page holds, for a view's own panels. */
export interface ResultsContext {
  /** The viewer's records from the last Run (one case) or benchmark run (several cases). */
  mine: readonly ResultRecord[];
  /** Native records (served or imported) for this puzzle, all cases. */
  native: readonly ResultRecord[];
  /** A sharer's records for this puzzle, all cases. */
  shared: readonly ResultRecord[];
  params: Params;
}

export interface BenchGroup {
  label: string;
  /** Which of the puzzle's benchmark cases (by name) the group runs. */
  cases: (caseName: string) => boolean;
}

export interface PuzzleView {
  /** The puzzle id from the C++ registry. */
  id: string;
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
  /** A short column label for a case in the benchmark pivot table (default: the case name). */
  caseLabel?(record: ResultRecord): string;
  /** Groups of benchmark cases offered together (default: one group with all of them). */
  benchGroups?: readonly BenchGroup[];
  /** Extra result panels (a sweep chart, a throughput/latency table, ...). */
  extraResults?(context: ResultsContext): HTMLElement | null;
}
