// The `js` build's engine: answers the same requests as the wasm module (catalog, run, bench, and
// everything else passed through), with the plain-JavaScript kernels of catalog.ts in place of the
// C++ ones. The wasm engine still does what is not a kernel's: it checks and canonicalises params
// (validate), draws the case, and judges every answer (known: the published answer, else the
// reference kernel's, run by the wasm module), so a `js` record is verified, keyed and shaped
// exactly like a wasm one. Timing follows the C++ harness's rules (harness.ts).
import type { CatalogPuzzle, Catalog, ProgressEvent, Skipped } from '../share/engine-types';
import { REPORT_SCHEMA, type Environment, type Params, type ResultRecord } from '../share/schema';
import { JS_ISA, jsKernelsOf } from './catalog';
import { harnessOptions, measureInterleaved, referenceLoop, type HarnessOptions } from './harness';
import { answerOf, type JsKernel } from './types';

/** The record build name of the page's JavaScript rows (share/builds.ts). */
export const JS_RECORD_BUILD = 'js';

/** One engine request, synchronously (the wasm module in this worker); progress events optional. */
export type SyncEngine = (request: unknown, onProgress?: (e: ProgressEvent) => void) => any;

interface ValidEntry {
  ok: boolean;
  error?: string;
  field?: string;
  params: Params;
  case: string;
  case_key: string;
  work_unit: string;
  input?: { bytes: number; fnv1a64: string };
}

interface Selection {
  run: JsKernel[];
  skipped: Skipped[];
}

interface CaseRun {
  records: ResultRecord[];
  skipped: Skipped[];
  failed: Skipped[];
}

const entry = (k: JsKernel, reason: string): Skipped => ({ kernel: k.id, isa: JS_ISA, reason });
const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

export class JsRunner {
  private input: Uint8Array | null = null;
  private catalogCache: Catalog | null = null;

  constructor(private readonly engine: SyncEngine, private readonly environment: () => Environment) {}

  /** The file for puzzles that read one (null: generated data); the caller gives the module it too. */
  setInput(bytes: Uint8Array | null) {
    this.input = bytes ? bytes.slice() : null;
  }

  handle(request: unknown, onProgress?: (e: ProgressEvent) => void): unknown {
    const r = request as { action?: unknown };
    if (typeof r !== 'object' || r === null) return this.engine(request);
    if (r.action === 'catalog') return this.catalog();
    if (r.action === 'run') return this.run(request as Record<string, unknown>, onProgress);
    if (r.action === 'bench') return this.bench(request as Record<string, unknown>, onProgress);
    return this.engine(request); // validate, known, illustrate, summarize, environment
  }

  /** The engine's catalog with each puzzle's kernels replaced by its JavaScript ones. */
  catalog(): Catalog {
    if (this.catalogCache) return this.catalogCache;
    const wasm = this.engine({ action: 'catalog' }) as Catalog;
    this.catalogCache = {
      ...wasm,
      puzzles: wasm.puzzles.map((p): CatalogPuzzle => {
        const kernels = jsKernelsOf(p.id);
        return {
          ...p,
          kernel_order: [...p.kernel_order, ...kernels.map((k) => k.id).filter((id) => !p.kernel_order.includes(id))],
          kernels: kernels.map((k) => ({ id: k.id, isa: JS_ISA, key: `${k.id}/${JS_ISA}`, group: k.group, needs: '', available: true, summary: k.summary })),
        };
      }),
    };
    return this.catalogCache;
  }

  private select(puzzle: string, selectors: unknown): Selection | string {
    const all = jsKernelsOf(puzzle);
    if (selectors === undefined || selectors === null) return { run: all, skipped: [] };
    if (!Array.isArray(selectors) || selectors.length > 64 || !selectors.every((s) => typeof s === 'string' && s.length > 0 && s.length <= 64))
      return 'kernels must be a list of kernel names';
    const chosen = new Set<JsKernel>();
    for (const s of selectors as string[]) {
      if (s === 'all') all.forEach((k) => chosen.add(k));
      else {
        const [id, isa] = s.split('/');
        const match = all.filter((k) => k.id === id && (isa === undefined || isa === JS_ISA));
        if (!match.length) return `unknown kernel '${s.slice(0, 64)}' for ${puzzle} in plain JavaScript (known: ${all.map((k) => `${k.id}/${JS_ISA}`).join(', ')})`;
        match.forEach((k) => chosen.add(k));
      }
    }
    return { run: all.filter((k) => chosen.has(k)), skipped: [] };
  }

  private run(request: Record<string, unknown>, onProgress?: (e: ProgressEvent) => void): unknown {
    const puzzle = String(request.puzzle);
    const v = this.engine({ action: 'validate', puzzle, params: request.params }) as ValidEntry;
    if (!v.ok) return v;
    const sel = this.select(puzzle, request.kernels);
    if (typeof sel === 'string') return { ok: false, error: sel };
    const harness = harnessOptions(request.harness);
    if (typeof harness === 'string') return { ok: false, error: harness };
    const ran = this.runCase(puzzle, v, sel, request.time === true ? harness : null, 1, 1, onProgress);
    const drawing = this.engine({ action: 'illustrate', puzzle, params: v.params }) as { ok: boolean; illustration?: unknown };
    return { ok: true, puzzle, case: v.case, case_key: v.case_key, params: v.params, work_unit: v.work_unit, results: ran.records, skipped: ran.skipped, failed: ran.failed, illustration: drawing.ok ? drawing.illustration ?? null : null };
  }

  private bench(request: Record<string, unknown>, onProgress?: (e: ProgressEvent) => void): unknown {
    const ids = Array.isArray(request.puzzles) && request.puzzles.length ? (request.puzzles as unknown[]).map(String) : this.catalog().puzzles.map((p) => p.id);
    const wanted = Array.isArray(request.cases) ? (request.cases as unknown[]).map(String) : [];
    const harness = harnessOptions(request.harness);
    if (typeof harness === 'string') return { ok: false, error: harness };
    const jobs: { puzzle: string; params: Params; name: string; sel: Selection }[] = [];
    for (const id of ids) {
      const p = this.catalog().puzzles.find((x) => x.id === id);
      if (!p) return { ok: false, error: `unknown puzzle '${id.slice(0, 40)}'` };
      const sel = this.select(id, request.kernels);
      if (typeof sel === 'string') return { ok: false, error: sel };
      for (const c of p.bench_cases)
        if (!wanted.length || wanted.includes(c.name) || (c.alias && wanted.includes(c.alias))) jobs.push({ puzzle: id, params: c.params, name: c.name, sel });
    }
    const unknown = wanted.find((w) => !jobs.some((j) => j.name === w || this.catalog().puzzles.some((p) => p.bench_cases.some((c) => c.alias === w && c.name === j.name))));
    if (unknown !== undefined) return { ok: false, error: `unknown bench case '${unknown.slice(0, 60)}'` };
    const records: ResultRecord[] = [];
    const skipped: (Skipped & { puzzle: string })[] = [];
    const failed: (Partial<Skipped> & { puzzle: string; case: string; reason: string })[] = [];
    jobs.forEach((job, i) => {
      const v = this.engine({ action: 'validate', puzzle: job.puzzle, params: job.params }) as ValidEntry;
      if (!v.ok) {
        failed.push({ puzzle: job.puzzle, case: job.name, reason: v.error ?? 'invalid case' });
        return;
      }
      const ran = this.runCase(job.puzzle, v, job.sel, harness, i + 1, jobs.length, onProgress);
      records.push(...ran.records);
      for (const s of ran.skipped) if (!skipped.some((x) => x.kernel === s.kernel && x.reason === s.reason)) skipped.push({ ...s, puzzle: job.puzzle });
      for (const f of ran.failed) failed.push({ ...f, puzzle: job.puzzle, case: job.name });
    });
    return { ok: true, report: { schema: REPORT_SCHEMA, environment: this.environment(), records }, skipped, failed };
  }

  /** The selected kernels on one validated case: answers, verdicts and (with `harness`) timings. */
  private runCase(puzzle: string, v: ValidEntry, sel: Selection, harness: HarnessOptions | null, caseIndex: number, caseCount: number,
    onProgress?: (e: ProgressEvent) => void): CaseRun {
    const out: CaseRun = { records: [], skipped: [...sel.skipped], failed: [] };
    const prepared: { kernel: JsKernel; c: unknown }[] = [];
    for (const k of sel.run) {
      try {
        const c = k.prepare(v.params, this.input);
        if (c && typeof c === 'object' && 'skip' in c) out.skipped.push(entry(k, String(c.skip)));
        else prepared.push({ kernel: k, c });
      } catch (e) {
        out.failed.push(entry(k, message(e)));
      }
    }
    const event = (k: JsKernel, index: number) => ({ puzzle, case: v.case, kernel: k.id, isa: JS_ISA, kernel_index: index, kernel_count: prepared.length, case_index: caseIndex, case_count: caseCount });
    const answered: { kernel: JsKernel; c: unknown; answer: Record<string, unknown>; work: number; timing?: ResultRecord['timing'] }[] = [];
    prepared.forEach(({ kernel, c }, i) => {
      onProgress?.({ ...event(kernel, i + 1), phase: 'verify' });
      try {
        const outcome = kernel.run(c);
        answered.push({ kernel, c, answer: answerOf(outcome), work: outcome.work });
      } catch (e) {
        out.failed.push(entry(kernel, message(e)));
      }
    });
    if (harness && answered.length) {
      // Every answered kernel at once: their rounds interleave, as the C++ harness does.
      let sink = 0;
      try {
        // The reference loop last, a unit of every pass like the kernels (harness.ts, referenceLoop).
        const timings = measureInterleaved([...answered.map((a) => ({
          op: (reps: number) => {
            for (let r = 0; r < reps; ++r) sink ^= a.kernel.run(a.c).work;
          },
          work: a.work,
        })), referenceLoop], harness, (k, p) => k < answered.length && onProgress?.({ ...event(answered[k]!.kernel, k + 1), phase: p.phase, sample: p.sample, samples: p.samples, elapsed_s: p.elapsedSeconds }));
        const reference = timings[answered.length]!.round_ns!;
        answered.forEach((a, i) => (a.timing = { ...timings[i]!, reference_ns: [...reference] }));
      } catch (e) {
        for (const a of answered.splice(0)) out.failed.push(entry(a.kernel, message(e)));
      }
      if (sink === 0.5) answered.length += 0; // keeps the results observable
    }
    const verdicts = this.verdicts(puzzle, v, answered.map((a) => a.answer));
    answered.forEach((a, i) => {
      out.records.push({
        puzzle, case: v.case, case_key: v.case_key, params: v.params, kernel: a.kernel.id, isa: JS_ISA, build: JS_RECORD_BUILD,
        answer: a.answer as ResultRecord['answer'], verified: verdicts.verified[i] ?? null, verified_by: verdicts.by,
        work: a.work, work_unit: v.work_unit, ...(v.input ? { input: v.input } : {}), ...(a.timing ? { timing: a.timing } : {}),
      });
    });
    return out;
  }

  /** The engine's verdicts on answers: against the published answer, else the reference kernel's,
   * run once by the wasm module (untimed), else none. */
  private verdicts(puzzle: string, v: ValidEntry, answers: Record<string, unknown>[]): { verified: (boolean | null)[]; by: string } {
    if (!answers.length) return { verified: [], by: '' };
    const known = (reference?: unknown) => (this.engine({ action: 'known', puzzle, cases: [{ params: v.params, input: v.input ?? null, answers, ...(reference ? { reference } : {}) }] }) as { ok: boolean; error?: string; cases?: { known?: { source: string } | null; compared_with?: string | null; verdicts?: (boolean | null)[] }[] });
    const first = known();
    const k = first.ok ? first.cases?.[0] : undefined;
    if (k?.compared_with === 'known' && k.known) return { verified: k.verdicts ?? [], by: k.known.source.slice(0, 120) };
    const ref = this.catalog().puzzles.find((p) => p.id === puzzle)?.reference_kernel ?? '';
    const wasm = this.engine({ action: 'run', puzzle, params: v.params, kernels: [ref], time: false }) as { ok: boolean; error?: string; results?: ResultRecord[]; skipped?: Skipped[]; failed?: Skipped[] };
    const record = wasm.ok ? wasm.results?.[0] : undefined;
    if (!record) {
      const why = !wasm.ok ? wasm.error : wasm.failed?.[0]?.reason ?? wasm.skipped?.[0]?.reason ?? 'no answer';
      return { verified: answers.map(() => null), by: `unchecked: the reference ${ref} could not run: ${why}`.slice(0, 119) + (`unchecked: the reference ${ref} could not run: ${why}`.length > 119 ? '…' : '') };
    }
    const second = known(record.answer);
    const judged = second.ok ? second.cases?.[0] : undefined;
    return { verified: judged?.verdicts ?? answers.map(() => null), by: `reference ${record.kernel}/${record.isa} (${record.build})` };
  }
}
