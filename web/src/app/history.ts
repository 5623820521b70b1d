// The history of the viewer's runs, the pure part: what one entry holds (a finished or stopped
// run: when, which puzzle and cases, the browser's environment, and its records in the schema
// share links use), how entries read back from the browser's storage are checked (storage is data
// from outside like a link: another version of the page, an extension or a broken disk may have
// written it), and how two entries pair up for a comparison. The IndexedDB part is
// history-controller.ts; the view is views/history-view.ts.
import { z } from 'zod';
import { isPeerRecord } from '../share/peers';
import { CpuShareSchema, describeIssue, EnvironmentSchema, ForbiddenKey, MAX_REPORT_RECORDS, parseUntrustedJson, PlaygroundSourceSchema, RecordSchema, type Environment, type PlaygroundSource, type ResultRecord } from '../share/schema';
import { timingProblem, type PageRecord } from '../share/verify';
import { machineSpeedStepped, timeEstimate, unpairedRatio, type Estimate } from '../share/rounds';
import { ratioOf, type RatioEstimate } from './ratio';

export const HISTORY_VERSION = 1;

/** The `puzzle` of a run of the Suite's Run all (its records are of every puzzle), and of its
 * history entry. No puzzle has this id. */
export const SUITE_RUN = 'suite';

// A record keeps how busy the CPU was while it was measured (a browser record may say so too):
// a comparison of two runs is doubtful where either was measured on a shared CPU. Optional:
// entries stored before it was kept still read.
const StoredRecordSchema = RecordSchema.extend({ case_key: z.string().min(1).max(4096), cpu_shared: CpuShareSchema.optional() });

/** An entry as it is stored (its id is the storage's key, not part of it). */
export const StoredEntrySchema = z
  .object({
    v: z.literal(HISTORY_VERSION),
    /** When the run ended, ISO 8601. */
    date: z.iso.datetime(),
    puzzle: z.string().regex(/^[a-z0-9][a-z0-9-]{0,39}$/),
    /** What ran, in words: the case ("n=8") or the benchmark cases ("3 benchmark cases"). */
    what: z.string().max(300),
    outcome: z.enum(['finished', 'stopped']),
    /** The browser that measured it (the page's environment, with its user agent and CPU). */
    environment: EnvironmentSchema,
    records: z.array(StoredRecordSchema).min(1).max(MAX_REPORT_RECORDS),
    /** The source of the user's kernel (`yours`) the run measured. Optional: runs without one,
     * and entries stored before it was kept, still read. */
    playground: PlaygroundSourceSchema.optional(),
  })
  .strict();
export type StoredEntry = z.infer<typeof StoredEntrySchema>;

export type HistoryEntry = StoredEntry & { id: number; records: PageRecord[] };

/** The entry a run leaves, or null when it left no result. Records keep the link schema's fields
 * and how busy the CPU was (a claim mark, a peer's start-up time or "measured now" is this page's
 * business, as in a link). */
export function entryOf(run: { puzzle: string; what: string; outcome: 'finished' | 'stopped'; environment: Environment; records: readonly PageRecord[]; date: Date; playground?: PlaygroundSource }): StoredEntry | null {
  if (!run.records.length) return null;
  const records = run.records.map(({ claimed: _claimed, startup_ns: _startup, measured_now: _now, ...r }) => r);
  return { v: HISTORY_VERSION, date: run.date.toISOString(), puzzle: run.puzzle, what: run.what.slice(0, 300), outcome: run.outcome, environment: run.environment, records, ...(run.playground ? { playground: run.playground } : {}) };
}

/** Why a stored value is not an entry this page can show, or the entry. The value goes through
 * JSON and the untrusted-JSON reader first: forbidden keys and values JSON cannot hold are
 * refused, bidi controls neutralised, exactly as for a link. */
export function readEntry(id: unknown, value: unknown): { ok: true; entry: HistoryEntry } | { ok: false; reason: string } {
  if (typeof id !== 'number' || !Number.isSafeInteger(id)) return { ok: false, reason: 'its key is not a number this page writes' };
  let plain: unknown;
  try {
    plain = parseUntrustedJson(JSON.stringify(value) ?? 'null');
  } catch (e) {
    return { ok: false, reason: e instanceof ForbiddenKey ? `it holds the forbidden key '${e.message}'` : 'it is not plain data' };
  }
  const version = plain && typeof plain === 'object' && 'v' in plain ? plain.v : undefined;
  if (version !== HISTORY_VERSION) return { ok: false, reason: `it is not a version ${HISTORY_VERSION} entry (another version of this page, or not this page's)` };
  const parsed = StoredEntrySchema.safeParse(plain);
  if (!parsed.success) return { ok: false, reason: describeIssue(parsed.error) };
  for (const [i, r] of parsed.data.records.entries()) {
    if (r.puzzle !== parsed.data.puzzle && parsed.data.puzzle !== SUITE_RUN) return { ok: false, reason: `records.${i}: a record of '${r.puzzle}' in a run of '${parsed.data.puzzle}'` };
    const problem = r.timing ? timingProblem(r.timing, r.work, isPeerRecord(r)) : null;
    if (problem) return { ok: false, reason: `records.${i}: ${problem}` };
  }
  return { ok: true, entry: { ...parsed.data, id } };
}

/** The entries among stored (key, value) pairs, newest first, and one note per entry left out. */
export function readEntries(stored: readonly { key: unknown; value: unknown }[]): { entries: HistoryEntry[]; skipped: string[] } {
  const entries: HistoryEntry[] = [];
  const skipped: string[] = [];
  for (const { key, value } of stored) {
    const read = readEntry(key, value);
    if (read.ok) entries.push(read.entry);
    else skipped.push(`entry ${typeof key === 'number' ? key : '?'}: ${read.reason}`);
  }
  entries.sort((a, b) => b.date.localeCompare(a.date) || b.id - a.id);
  return { entries, skipped };
}

/** The browser and its version from a user agent ("Chromium 156", "Firefox 153"), else the agent cut short. */
export function browserName(userAgent: string | undefined): string {
  if (!userAgent) return 'unknown browser';
  const patterns: [RegExp, string][] = [[/Firefox\/(\d+)/, 'Firefox'], [/Edg\/(\d+)/, 'Edge'], [/(?:Headless)?Chrome\/(\d+)/, 'Chromium'], [/Version\/(\d+)[\d.]* .*Safari\//, 'Safari']];
  for (const [pattern, name] of patterns) {
    const m = pattern.exec(userAgent);
    if (m) return `${name} ${m[1]}`;
  }
  return userAgent.slice(0, 40);
}

/** The machine as far as the browser tells: the CPU where the engine knows it, else the cores
 * (a browser does not name its CPU). */
export function machineOf(env: Environment): string {
  const cores = env.cores ? `${env.cores} cores` : '';
  if (env.cpu && env.cpu !== 'unknown') return cores ? `${env.cpu}, ${cores}` : env.cpu;
  return `${cores || 'cores unknown'} (the browser does not name its CPU)`;
}

/** The builds an entry's records came from, in a stable order. */
export function buildsOf(entry: { records: readonly ResultRecord[] }): string[] {
  return [...new Set(entry.records.map((r) => r.build))].sort();
}

/** The cases an entry measured: key and a record of each (its puzzle and params, for words), in
 * the order they were run. */
export function casesOf(entry: { records: readonly PageRecord[] }): { key: string; record: PageRecord }[] {
  const out = new Map<string, PageRecord>();
  for (const r of entry.records) if (!out.has(r.case_key)) out.set(r.case_key, r);
  return [...out].map(([key, record]) => ({ key, record }));
}

/** One line of a comparison: a kernel on a case in each run (same build where both have it, else
 * across builds, which the row names), and the second run's speed relative to the first. */
export interface ComparedRow {
  caseKey: string;
  kernel: string;
  first: PageRecord;
  second: PageRecord;
  /** second ÷ first speed with its range, as every ratio (ratio.ts): two runs are two sessions,
   * so the range holds how much sessions differ as well as each run's rounds. */
  ratio: RatioEstimate | null;
}

export interface Comparison {
  rows: ComparedRow[];
  /** Records of either run with no partner in the other (by run: 0 the first, 1 the second). */
  unpaired: [PageRecord[], PageRecord[]];
  /** The cases both runs measured. */
  sharedCases: string[];
}

const kernelOf = (r: PageRecord) => `${r.kernel}/${r.isa}`;

/** Pairs two runs' records: same puzzle, case (case_key) and kernel; the same build first, then
 * the builds left over (a SIMD128 run against a baseline run of the same scalar kernel). */
export function compareEntries(first: { records: readonly PageRecord[] }, second: { records: readonly PageRecord[] }): Comparison {
  const timed = (records: readonly PageRecord[]) => records.filter((r) => r.timing);
  const left = timed(first.records);
  const right = timed(second.records);
  const rows: ComparedRow[] = [];
  const used = new Set<PageRecord>();
  const pair = (same: (a: PageRecord, b: PageRecord) => boolean) => {
    for (const a of left) {
      if (used.has(a)) continue;
      const b = right.find((x) => !used.has(x) && x.puzzle === a.puzzle && x.case_key === a.case_key && kernelOf(x) === kernelOf(a) && same(a, x));
      if (!b) continue;
      used.add(a).add(b);
      rows.push({ caseKey: a.case_key, kernel: kernelOf(a), first: a, second: b, ratio: ratioOf(b, a) });
    }
  };
  pair((a, b) => a.build === b.build);
  pair(() => true);
  // In the first run's order, so a table reads like that run's own.
  const order = new Map(left.map((r, i) => [r, i]));
  rows.sort((x, y) => order.get(x.first)! - order.get(y.first)!);
  const leftKeys = new Set(left.map((r) => r.case_key));
  return {
    rows,
    unpaired: [left.filter((r) => !used.has(r)), right.filter((r) => !used.has(r))],
    sharedCases: [...new Set(right.map((r) => r.case_key))].filter((k) => leftKeys.has(k)),
  };
}

/** How fast the machine itself ran in two runs of one build, by the reference loop. */
export interface MachineSpeed {
  build: string;
  /** The reference loop's typical time in A and in B, ns. */
  a: number;
  b: number;
  /** B's speed over A's (above 1×: the machine ran faster in B). */
  ratio: Estimate;
  /** The step makes the build's ratios doubtful (share/rounds.ts, machineSpeedStepped). */
  doubtful: boolean;
}

/** How fast the machine itself ran in each of two runs, per build both ran: the reference loop's
 * rounds (cpp/core/harness.h, point 5) of each run's cases, pooled (the same loop whatever the
 * case). Builds without reference rounds in both runs (older runs, peers) are left out. */
export function machineSpeeds(first: { records: readonly PageRecord[] }, second: { records: readonly PageRecord[] }): MachineSpeed[] {
  // One session's reference rounds are the same in every record of a case: take each case once.
  const referenceRounds = (records: readonly PageRecord[], build: string) => {
    const byCase = new Map<string, readonly number[]>();
    for (const r of records) if (r.build === build && r.timing?.reference_ns?.length && !byCase.has(r.case_key)) byCase.set(r.case_key, r.timing.reference_ns);
    return [...byCase.values()].flat();
  };
  const out: MachineSpeed[] = [];
  for (const build of [...new Set(first.records.map((r) => r.build))]) {
    const a = referenceRounds(first.records, build);
    const b = referenceRounds(second.records, build);
    if (a.length < 2 || b.length < 2) continue;
    const ratio = unpairedRatio(b, a);
    out.push({ build, a: timeEstimate(a).value, b: timeEstimate(b).value, ratio, doubtful: machineSpeedStepped(ratio) });
  }
  return out;
}

/** Up to two picked entries: picking a third drops the one picked first; picking one again unpicks it. */
export function togglePick(picked: readonly number[], id: number): number[] {
  if (picked.includes(id)) return picked.filter((x) => x !== id);
  return [...picked, id].slice(-2);
}

/** A storage failure in words, for the History view and its notice. */
export function storageProblem(error: unknown): string {
  const name = error instanceof Error || (typeof DOMException !== 'undefined' && error instanceof DOMException) ? (error as Error).name : '';
  if (name === 'QuotaExceededError') return 'The browser’s storage for this page is full: this run was not kept. Delete older runs (or clear the history) to make room.';
  if (name === 'SecurityError' || name === 'InvalidStateError' || name === 'UnknownError')
    return 'This browser does not let the page store anything here (a private window, or storage blocked for this site): runs are not kept, and everything else works.';
  if (name === 'VersionError') return 'A newer version of this page stored its history here: this one cannot read it (nothing was changed).';
  if (error === 'unavailable') return 'This browser offers no IndexedDB: runs are not kept, and everything else works.';
  return `The browser’s storage failed (${String(error instanceof Error ? error.message || error.name : error).slice(0, 120)}): runs are not kept for now.`;
}
