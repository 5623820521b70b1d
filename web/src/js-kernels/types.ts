// What a plain-JavaScript kernel is to the page's `js` build (web/src/js-kernels/catalog.ts): the
// same puzzle, params and answer shape as the C++ kernels, computed by TypeScript alone. The
// worker's runner (runner.ts) checks params with the wasm engine, prepares the case once with
// `prepare`, then verifies and times `run` with the harness's rules (harness.ts).
import type { Params } from '../share/schema';

/** A kernel's answer in the engine's JSON shape, and its work (the engine's work units). */
export interface JsOutcome {
  /** The answer, or how to make it after the call: what the engine's answer_json does untimed
   * (cube: folding a throughput run's results and spelling the state) stays out of the timing. */
  answer: Record<string, unknown> | (() => Record<string, unknown>);
  work: number;
}

/** The answer as the engine's JSON has it: keys in order (nlohmann sorts them), made after the call. */
export function answerOf(o: JsOutcome): Record<string, unknown> {
  const answer = typeof o.answer === 'function' ? o.answer() : o.answer;
  return Object.fromEntries(Object.entries(answer).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

export interface JsKernel<C = unknown> {
  puzzle: string;
  /** The C++ kernel whose algorithm it follows keeps its id, so the rows pair up; the others
   * have ids of their own (never one the C++ side uses for something else). */
  id: string;
  /** A puzzle-defined family, as the catalog's `group` (popcount: word, array). */
  group: string;
  summary: string;
  /** The case in this kernel's own form, or why the kernel does not apply to it. `input`: the
   * file's bytes for puzzles that read one. */
  prepare(params: Params, input: Uint8Array | null): C | { skip: string };
  run(c: C): JsOutcome;
}

/** An error a kernel raises on a case it cannot take (the engine's kernels return one too). */
export class KernelError extends Error {}
