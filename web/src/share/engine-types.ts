// The engine's JSON (cpp/core/engine.h) as TypeScript types. Responses from our own wasm module
// are trusted to have this shape; data from outside goes through share/schema.ts instead.
import type { Environment, Params, ResultRecord } from './schema';

export interface ParamSpec {
  name: string;
  help: string;
  kind: 'integer' | 'text' | 'choice' | 'flag';
  default: number | string | boolean;
  min?: number;
  max?: number;
  max_length?: number;
  choices?: string[];
}

export interface CatalogKernel {
  id: string;
  isa: ResultRecord['isa'];
  key: string; // "id/isa"
  /** A puzzle-defined family (popcount: word, array, read). */
  group: string;
  needs: string;
  /** Why this build or CPU cannot run it (absent when it can). */
  unavailable_reason?: string;
  available: boolean;
  summary: string;
}

export interface CatalogPuzzle {
  id: string;
  title: string;
  summary: string;
  source_url: string;
  work_unit: string;
  reference_kernel: string;
  /** Every kernel id the puzzle has in some build, in display order (native-only ones included). */
  kernel_order: string[];
  /** What an input file means to the puzzle; empty if it reads none. */
  input_file: string;
  /** Whether `simd-puzzles solve <id>` reads a contest's stdin for it. */
  solves_contest_input: boolean;
  params: ParamSpec[];
  /** `alias`: a short handle where the name is long (chess: "kiwipete d5"), as `bench --case` takes. */
  bench_cases: { name: string; alias?: string; params: Params }[];
  kernels: CatalogKernel[];
}

/** An ISA label and its vector width in bits (0: scalar code), from the engine's one list. */
export interface IsaInfo {
  name: string;
  bits: number;
}

export interface Catalog {
  ok: boolean;
  puzzles: CatalogPuzzle[];
  isas: IsaInfo[];
}

/** Harness options a run request may carry (cpp/core/harness.h, HarnessOptions::from_json, which
 * says their bounds); absent ones are the engine's defaults. */
export interface HarnessRequest {
  rounds?: number;
  batch_ms?: number;
  max_rounds?: number;
  budget_s?: number;
  seed?: number;
}

/** A run request (cpp/core/engine.h, "run"): what the page sends its worker, and the very same to
 * the native engine behind the local server (Measure natively now, app/native.ts). */
export interface RunRequest {
  action: 'run';
  puzzle: string;
  params: Params;
  /** ["all"], or kernel ids ("simd-lanes": every ISA of it) and keys ("simd-lanes/avx2"). */
  kernels?: string[];
  time: boolean;
  harness?: HarnessRequest;
  /** Keeps the case prepared and warmed up for the session's next request (paired rounds). */
  session?: string;
}

export interface Skipped {
  kernel: string;
  isa: string;
  reason: string;
}

export type RunResponse =
  | {
      ok: true;
      puzzle: string;
      case: string;
      case_key: string;
      params: Params;
      work_unit: string;
      results: ResultRecord[];
      skipped: Skipped[];
      failed: Skipped[];
      illustration: unknown;
      known?: { answer: Record<string, unknown>; source: string };
    }
  | { ok: false; error: string };

export type BenchResponse =
  | {
      ok: true;
      report: { schema: string; environment: Environment; records: ResultRecord[] };
      skipped: (Skipped & { puzzle: string })[];
      failed: (Partial<Skipped> & { puzzle: string; case: string; reason: string })[];
    }
  | { ok: false; error: string };

export interface ProgressEvent {
  phase: 'verify' | 'warmup' | 'sample';
  puzzle: string;
  case: string;
  kernel: string;
  isa: string;
  kernel_index: number;
  kernel_count: number;
  case_index?: number;
  case_count?: number;
  /** Rounds done by this kernel, of those planned (a "sample" is a round). */
  sample?: number;
  samples?: number;
  elapsed_s?: number;
  /** The request's steps (verification calls, warm-ups, rounds) done, of all planned. */
  step?: number;
  steps?: number;
  /** bench: the pass over the cases this round belongs to. */
  pass?: number;
  passes?: number;
}

export type { Environment };
