// The plain-JavaScript kernels, per puzzle: what the page's `js` build runs (web/src/js-kernels/
// runner.ts) beside the wasm builds. One file per puzzle; this list is the one place that says
// which exist.
import { cephalopodKernels } from './cephalopod';
import { chessKernels } from './chess';
import { cubeKernels } from './cube';
import { nqueensKernels } from './nqueens';
import { popcountKernels } from './popcount';
import type { JsKernel } from './types';

export const JS_KERNELS: readonly JsKernel[] = [...nqueensKernels, ...cubeKernels, ...popcountKernels, ...cephalopodKernels, ...chessKernels] as JsKernel[];

/** ISA label of every JS kernel: plain scalar code, as the engine's list names it. */
export const JS_ISA = 'scalar';

export const jsKernelsOf = (puzzle: string): JsKernel[] => JS_KERNELS.filter((k) => k.puzzle === puzzle);
