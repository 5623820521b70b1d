// The page's own engine: a worker with a wasm build that is never used for timing, so checking
// params as they are typed, drawing a case, re-verifying shared data and formatting summaries
// never wait behind a run (and Stop, which kills the timing worker, never kills it).
import type { Params } from '../share/schema';
import type { EngineCall, PageRecord } from '../share/verify';
import type { WorkerBridge } from '../worker/bridge';

/** A file as the engine identifies it (cpp/core/engine.h, "declared input"). */
export interface DeclaredInput {
  bytes: number;
  fnv1a64: string;
}

/** The engine's verdict on params: canonical params, label and key, or the error and its field. */
export type CaseCheck =
  | { ok: true; params: Params; case: string; case_key: string; work_unit: string; input?: DeclaredInput }
  | { ok: false; error: string; field?: string };

/** A puzzle's own tables (Puzzle::summarize), formatted by the engine (cpp/core/format.h). */
export interface SummaryTable {
  id: string;
  title: string;
  header: string[];
  rows: string[][];
  notes?: string[];
  row_keys?: string[];
  column_keys?: (number | string | null)[];
}
export interface Summary {
  tables: SummaryTable[];
}

const isStrings = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string');

/** A summary from our own module, still checked for shape before anything renders it. */
export function asSummary(value: unknown): Summary | null {
  const tables = (value as { tables?: unknown } | null)?.tables;
  if (!Array.isArray(tables)) return null;
  const ok = tables.every((t: Partial<SummaryTable>) =>
    typeof t?.id === 'string' && typeof t.title === 'string' && isStrings(t.header) && Array.isArray(t.rows) && t.rows.every(isStrings) &&
    (t.notes === undefined || isStrings(t.notes)) && (t.row_keys === undefined || isStrings(t.row_keys)));
  return ok ? { tables: tables as SummaryTable[] } : null;
}

export class Engine {
  constructor(private readonly bridge: WorkerBridge) {}

  readonly call: EngineCall = (request) => this.bridge.call(request);

  async validate(puzzle: string, params: Params, input: DeclaredInput | null = null): Promise<CaseCheck> {
    return (await this.bridge.call({ action: 'validate', puzzle, params, ...(input ? { input } : {}) })) as CaseCheck;
  }

  /** Validates with the file's bytes once, which gives its size and digest for later checks. */
  async validateFile(puzzle: string, params: Params, bytes: Uint8Array): Promise<CaseCheck> {
    const set = await this.bridge.setInput(bytes);
    if (!set.ok) return { ok: false, error: set.error ?? 'the file could not be loaded into the wasm module' };
    try {
      return await this.validate(puzzle, params);
    } finally {
      await this.bridge.setInput(null);
    }
  }

  async illustrate(puzzle: string, params: Params): Promise<unknown> {
    const r = (await this.bridge.call({ action: 'illustrate', puzzle, params })) as { ok: boolean; illustration?: unknown };
    return r.ok ? r.illustration ?? null : null;
  }

  /** The puzzle's summary of `records`; the same records asked again (every redraw) are not sent again. */
  summarize(puzzle: string, records: readonly PageRecord[]): Promise<Summary | null> {
    const signature = `${puzzle}|${records.map((r) => `${r.case_key}|${r.kernel}/${r.isa}|${r.build}|${r.timing?.median_ns ?? ''}`).join('\n')}`;
    let summary = this.summaries.get(signature);
    if (!summary) {
      if (this.summaries.size >= 64) this.summaries.clear();
      summary = this.bridge
        .call({ action: 'summarize', puzzle, records })
        .then((r) => ((r as { ok: boolean }).ok ? asSummary((r as { summary?: unknown }).summary) : null));
      this.summaries.set(signature, summary);
      summary.catch(() => this.summaries.delete(signature));
    }
    return summary;
  }

  private readonly summaries = new Map<string, Promise<Summary | null>>();
}
