// What a puzzle adds to the page, beyond what the catalog already says (params, kernels, cases).
// A view is optional: puzzles without one get the generic view.
import type { Params, ResultRecord } from '../share/schema';

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
  /** Extra result panels (e.g. a sweep chart) drawn from the run's records. */
  extraResults?(records: readonly ResultRecord[], params: Params): HTMLElement | null;
}
