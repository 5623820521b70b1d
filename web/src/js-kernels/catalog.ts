// The plain-JavaScript kernels, per puzzle: what the page's `js` build runs (web/src/js-kernels/
// runner.ts) beside the wasm builds. Each puzzle that has some writes them in its own folder,
// web/src/puzzles/<id>/js-kernels.ts, as `export const jsKernels`; they are found at build time,
// as the views are (web/src/puzzles/index.ts), so nothing here lists them.
import type { JsKernel } from './types';

const modules = import.meta.glob<{ jsKernels?: JsKernel<never>[] }>('../puzzles/*/js-kernels.ts', { eager: true });

export const JS_KERNELS: readonly JsKernel[] = Object.values(modules).flatMap((m) => (m.jsKernels ?? []) as JsKernel[]);

/** ISA label of every JS kernel: plain scalar code, as the engine's list names it. */
export const JS_ISA = 'scalar';

export const jsKernelsOf = (puzzle: string): JsKernel[] => JS_KERNELS.filter((k) => k.puzzle === puzzle);
