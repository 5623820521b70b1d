// Native numbers for the page: the report `npm start` measured on this machine (served at
// api/native-bench.json), the report a static site ships (native-report.json, measured on the
// machine that built it: scripts/build-site.sh), or a report file the user imports
// (NATIVE_REPORT_COMMAND).
import { z } from 'zod';
import { describeIssue, ForbiddenKey, MAX_REPORT_RECORDS, parseUntrustedJson, RecordSchema, ReportSchema, type Params, type Report } from '../share/schema';
import type { HarnessRequest, RunRequest } from '../share/engine-types';
import { SHIPPED_REPORT } from '../share/site';
import { neutralizeBidi } from '../share/text';
import { formatWait } from './format';

/** same-machine: `npm start` measured the computer serving the page; served: a server's report
 * from another machine; shipped: the static site's report, measured where it was built;
 * imported: the visitor's own file. */
export type NativeOrigin = 'same-machine' | 'served' | 'shipped' | 'imported';

/** The one command that gives a visitor native numbers of their own machine to import (the CLI
 * this project builds: build/native/simd-puzzles). */
export const NATIVE_REPORT_COMMAND = 'simd-puzzles bench --json native.json';

/** What each native number of `source` says about where it was measured, when the table must:
 * a shipped report's machine is the site builder's, not the visitor's. */
export function nativeOriginLabel(source: NativeSource): string | null {
  return source.origin === 'shipped' ? `shipped, measured on ${source.report.environment.cpu}` : null;
}

/** Where native numbers were measured when not surely on this machine, in the words of a ratio's
 * "another machine" (ratio.ts, RatioContext): a shipped report's machine, else a report served or
 * imported from elsewhere; null for `npm start`'s own numbers (and for none). */
export function nativeElsewhere(source: NativeSource | null | undefined): string | null {
  if (!source || source.origin === 'same-machine') return null;
  return nativeOriginLabel(source) ?? NATIVE_ELSEWHERE;
}

/** The words for native numbers from a report when the page cannot tell whose machine measured them. */
export const NATIVE_ELSEWHERE = 'native numbers from a report measured elsewhere, maybe on another machine';


/** How busy other programs kept the CPU while the server measured each case (only the server
 * knows: scripts/lib/cpu-load.mjs): the cores they used, by "<puzzle>|<case>". */
export interface CpuLoad {
  cores: number;
  cases: ReadonlyMap<string, number>;
}

export interface NativeSource {
  report: Report;
  origin: NativeOrigin;
  cpuLoad?: CpuLoad;
  fileName?: string;
  /** Records the schema rejected, left out of `report`: how many, and the first few reasons. */
  unreadable?: { count: number; reasons: string[] };
  /** Being re-checked before any of it shows (app/native-feed.ts): the panel says so. */
  checking?: boolean;
}

export const MAX_IMPORT_BYTES = 16 * 1024 * 1024;

// The report's envelope; its records are checked one by one, so one record the schema rejects
// (a field over its bound, say) costs that record, not the whole report.
const ReportEnvelopeSchema = ReportSchema.extend({ records: z.array(z.unknown()).max(MAX_REPORT_RECORDS) });

/**
 * A report from outside: `simd-puzzles bench --json` (native), or a browser's "Download results"
 * (wasm, share/export.ts) when `accept` is 'any'. Empty, not JSON, a forbidden key, a broken
 * envelope, or not one readable record: an error that says which.
 */
export function parseReport(text: string, accept: 'native' | 'any' = 'native'): { ok: true; report: Report; unreadable?: NativeSource['unreadable'] } | { ok: false; error: string } {
  if (!text.trim()) return { ok: false, error: 'the file is empty' };
  let value: unknown;
  try {
    value = parseUntrustedJson(text);
  } catch (e) {
    return { ok: false, error: e instanceof ForbiddenKey ? `it uses a forbidden key ('${e.message}')` : 'the file is not JSON' };
  }
  const parsed = ReportEnvelopeSchema.safeParse(value);
  if (!parsed.success) return { ok: false, error: `not a simd-puzzles report: ${describeIssue(parsed.error)}` };
  if (accept === 'native' && parsed.data.environment.side !== 'native') return { ok: false, error: 'this report holds wasm results, not native ones' };
  const records: Report['records'] = [];
  const reasons = new Set<string>();
  let count = 0;
  parsed.data.records.forEach((raw, i) => {
    const record = RecordSchema.safeParse(raw);
    if (record.success) return void records.push(record.data);
    ++count;
    if (reasons.size < 3) reasons.add(`record ${i}: ${describeIssue(record.error)}`);
  });
  if (count && !records.length) return { ok: false, error: `not one record is readable (${[...reasons][0]})` };
  return { ok: true, report: { ...parsed.data, records }, ...(count ? { unreadable: { count, reasons: [...reasons] } } : {}) };
}

/** How far the server's background native benchmark got (build/native-bench.status.json, written
 * by scripts/native-bench.mjs). */
export interface ServedBenchStatus {
  state: 'running' | 'done' | 'failed' | 'stopped';
  /** While running: building the native CLI (a first `npm start` serves the page before it has
   * one) or measuring with it. */
  phase: 'build' | 'bench' | 'remeasure';
  /** Of the expected time (cases weighed by how long they took before), not of the case count. */
  fraction: number;
  /** Where the weights came from: this machine's last run, the project's reference run, or none
   * (then the fraction counts cases). */
  weights?: 'this machine' | 'prior' | 'none';
  secondsLeft?: number;
  puzzle?: string;
  case?: string;
  /** The case's place among its puzzle's cases, and the kernel being timed. */
  puzzleCase?: number;
  puzzleCases?: number;
  kernel?: string;
  kernelIndex?: number;
  kernelCount?: number;
  /** The last cases measured, newest first: how long each took, how busy others kept the CPU. */
  recent: { puzzle: string; case: string; seconds: number; othersCores?: number }[];
  cores?: number;
  /** The last phase: cases measured on a shared CPU, measured again one at a time once the CPU is
   * quiet (scripts/lib/remeasure.mjs): how many, and whether it waits for quiet now. */
  remeasure?: { done: number; total: number; waiting: boolean; othersNow?: number };
}

export interface ServedNative {
  /** The report so far (it grows puzzle by puzzle while the benchmark runs), if any. */
  native: NativeSource | null;
  /** Changes whenever the server's report is rewritten (a case measured again keeps the count). */
  revision?: number;
  error?: string;
  status: ServedBenchStatus | null;
}

export function readBenchStatus(value: unknown): ServedBenchStatus | null {
  if (!value || typeof value !== 'object') return null;
  const v = value as Record<string, unknown>;
  if (v.state !== 'running' && v.state !== 'done' && v.state !== 'failed' && v.state !== 'stopped') return null;
  const text = (x: unknown) => (typeof x === 'string' ? neutralizeBidi(x.slice(0, 120)) : undefined);
  const count = (x: unknown, max: number) => (typeof x === 'number' && Number.isInteger(x) && x >= 0 && x <= max ? x : undefined);
  const seconds = (x: unknown) => (typeof x === 'number' && Number.isFinite(x) && x >= 0 && x < 1e7 ? x : undefined);
  const fraction = typeof v.fraction === 'number' && v.fraction >= 0 && v.fraction <= 1 ? v.fraction : 0;
  const weights = v.weights === 'this machine' || v.weights === 'prior' || v.weights === 'none' ? v.weights : undefined;
  const recent = (Array.isArray(v.recent) ? v.recent.slice(0, 5) : []).flatMap((r: unknown) => {
    const x = (r ?? {}) as Record<string, unknown>;
    const puzzle = text(x.puzzle);
    const name = text(x.case);
    const took = seconds(x.seconds);
    const others = seconds(x.others_cores);
    return puzzle && name && took !== undefined ? [{ puzzle, case: name, seconds: took, ...(others === undefined ? {} : { othersCores: others }) }] : [];
  });
  const optional = {
    weights, secondsLeft: seconds(v.seconds_left), puzzle: text(v.puzzle), case: text(v.case),
    puzzleCase: count(v.puzzle_case, 1e5), puzzleCases: count(v.puzzle_cases, 1e5),
    kernel: text(v.kernel), kernelIndex: count(v.kernel_index, 1e4), kernelCount: count(v.kernel_count, 1e4), cores: count(v.cores, 4096),
  };
  const remeasureTotal = count(v.remeasure_total, 1e5);
  const remeasure = v.phase === 'remeasure' && remeasureTotal
    ? { done: Math.min(count(v.remeasure_done, 1e5) ?? 0, remeasureTotal), total: remeasureTotal, waiting: v.waiting === true, ...(seconds(v.others_now) === undefined ? {} : { othersNow: seconds(v.others_now) }) }
    : undefined;
  return {
    state: v.state, phase: v.phase === 'build' ? 'build' : remeasure ? 'remeasure' : 'bench', fraction, recent, ...(remeasure ? { remeasure } : {}),
    ...Object.fromEntries(Object.entries(optional).filter(([, x]) => x !== undefined)),
  };
}

/** A duration in words: tenths of a second under 10 s, seconds under 90 s, then minutes, hours, days. */
export const duration = (s: number) => (s < 10 ? `${s.toFixed(1)} s` : s < 90 ? `${Math.round(s)} s` : formatWait(s));

/**
 * The background benchmark's progress in words: the share of the expected time (or of the cases,
 * where nothing says how long they take), the time left, the case and kernel now; and a line for
 * each case measured last (how long it took; "shared CPU" where others kept the CPU busy).
 */
export function benchProgressText(st: ServedBenchStatus): { text: string; lines: string[] } {
  if (st.phase === 'build') return { text: 'Building the native CLI on this machine; native numbers follow; browser timings taken meanwhile share the CPU with it.', lines: [] };
  const lines = st.recent.slice(0, 3).map((r) => {
    const shared = r.othersCores !== undefined && st.cores !== undefined && cpuWasShared(r.othersCores, st.cores) ? ', shared CPU' : '';
    return `${r.puzzle} ${r.case}: measured in ${duration(r.seconds)}${shared}`;
  });
  if (st.remeasure) {
    const { done, total, waiting, othersNow } = st.remeasure;
    const busy = othersNow !== undefined && st.cores ? ` (other programs use ${othersNow.toFixed(1)} of ${st.cores} cores)` : '';
    const now = waiting ? `waiting for a quiet CPU${busy} to measure ${st.puzzle ?? ''} ${st.case ?? ''}` : `measuring ${st.puzzle ?? ''} ${st.case ?? ''}${st.kernel ? `, kernel ${st.kernel}` : ''}; browser timings taken now share the CPU with it`;
    return { text: `Measuring again the native cases measured on a shared CPU, one at a time when the CPU is quiet: ${done} of ${total} done, ${now}. Measure natively now goes first.`, lines };
  }
  const share = `${Math.round(100 * st.fraction)} % ${st.weights === 'none' || st.weights === undefined ? 'of the cases' : 'of the expected time'}`;
  const left = st.secondsLeft !== undefined ? `, about ${duration(st.secondsLeft)} left` : '';
  const place = st.puzzleCase && st.puzzleCases ? `, case ${st.puzzleCase} of ${st.puzzleCases}` : '';
  const kernel = st.kernel ? `, kernel ${st.kernel}${st.kernelIndex && st.kernelCount ? ` (${st.kernelIndex} of ${st.kernelCount})` : ''}` : '';
  const now = st.puzzle ? ` (now ${st.puzzle}${place}: ${st.case ?? ''}${kernel})` : '';
  return {
    text: `Measuring native numbers on this machine: ${share}${left}${now}. They appear here as each puzzle finishes; browser timings taken meanwhile share the CPU with it.`,
    lines,
  };
}

/** The server's CPU load by case, if it sent a readable one (bounded: numbers only, at most a
 * report's records). */
export function readCpuLoad(value: unknown): CpuLoad | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const v = value as { cores?: unknown; cases?: unknown };
  if (typeof v.cores !== 'number' || !Number.isInteger(v.cores) || v.cores < 1 || v.cores > 4096 || !v.cases || typeof v.cases !== 'object') return undefined;
  const cases = new Map<string, number>();
  for (const [key, others] of Object.entries(v.cases).slice(0, MAX_REPORT_RECORDS))
    if (typeof others === 'number' && others >= 0 && others <= v.cores) cases.set(key.slice(0, 600), others);
  return { cores: v.cores, cases };
}

/** Whether other programs used so much of the CPU that a one-thread measurement may have been
 * slowed: less than one and a half cores were left to it (on 2 cores: others above half a core). */
export function cpuWasShared(othersCores: number, cores: number): boolean {
  return othersCores > Math.max(0.25, cores - 1.5);
}

/** The CPU load in words, for the Native panel: how many cases were measured on a shared CPU. */
export function cpuLoadText(load: CpuLoad): { shared: boolean; text: string } {
  const values = [...load.cases.values()];
  const shared = values.filter((others) => cpuWasShared(others, load.cores));
  const most = Math.max(0, ...values).toFixed(1);
  return shared.length
    ? { shared: true, text: `Shared CPU: while ${shared.length} of ${values.length} cases were measured, other programs kept up to ${most} of ${load.cores} cores busy. Those native numbers may be too slow: they are marked “shared CPU” and ratios from them “doubtful”.` }
    : { shared: false, text: `Quiet CPU: while the ${values.length} cases were measured, other programs used at most ${most} of ${load.cores} cores.` };
}

/** The report's records, those measured on a shared CPU marked with how busy it was. */
export function markSharedCpu(records: Report['records'], load: CpuLoad | undefined): Report['records'] {
  if (!load) return records;
  return records.map((r) => {
    const others = load.cases.get(`${r.puzzle}|${r.case}`);
    return others !== undefined && cpuWasShared(others, load.cores) ? { ...r, cpu_shared: { others_cores: others, cores: load.cores } } : r;
  });
}

/** The served native numbers and the background benchmark's status; null when the page is served
 * without our server plugin (no native numbers, not an error). */
export async function fetchServedNative(): Promise<ServedNative | null> {
  let body: { available?: boolean; sameMachine?: boolean; report?: unknown; status?: unknown; cpu_load?: unknown; revision?: unknown };
  try {
    const res = await fetch('api/native-bench.json', { cache: 'no-store' });
    if (!res.ok) return null;
    body = await res.json();
  } catch {
    return null;
  }
  const status = readBenchStatus(body.status);
  if (!body.available) return { native: null, status };
  const parsed = parseReport(JSON.stringify(body.report));
  if (!parsed.ok) return { native: null, status, error: `the native benchmark on the server is unreadable: ${parsed.error}` };
  const cpuLoad = readCpuLoad(body.cpu_load);
  const revision = typeof body.revision === 'number' && Number.isFinite(body.revision) ? body.revision : undefined;
  return { native: { report: parsed.report, origin: body.sameMachine === true ? 'same-machine' : 'served', unreadable: parsed.unreadable, ...(cpuLoad ? { cpuLoad } : {}) }, status, ...(revision === undefined ? {} : { revision }) };
}

/** The report a static site ships, or null when it ships none; an unreadable one is an error. */
export async function fetchShippedNative(): Promise<NativeSource | { error: string } | null> {
  let text: string;
  try {
    const res = await fetch(SHIPPED_REPORT, { cache: 'no-cache' });
    if (!res.ok) return null;
    text = await res.text();
  } catch {
    return null;
  }
  if (text.length > MAX_IMPORT_BYTES) return { error: `the site's ${SHIPPED_REPORT} is larger than 16 MB` };
  const parsed = parseReport(text);
  if (!parsed.ok) return { error: `the site's ${SHIPPED_REPORT} is unreadable: ${parsed.error}` };
  return { report: parsed.report, origin: 'shipped', fileName: SHIPPED_REPORT, unreadable: parsed.unreadable };
}

/** A report file the user picked: native numbers, or a browser's exported results (side 'wasm'). */
export async function importReportFile(file: File): Promise<NativeSource | { error: string }> {
  if (file.size > MAX_IMPORT_BYTES) return { error: `${file.name} is larger than 16 MB` };
  const parsed = parseReport(await file.text(), 'any');
  if (!parsed.ok) return { error: `${file.name}: ${parsed.error}` };
  return { report: parsed.report, origin: 'imported', fileName: file.name.slice(0, 120), unreadable: parsed.unreadable };
}

// ---- "Measure natively now": the server's native-run endpoint (scripts/lib/native-run.mjs) ----

const NATIVE_RUN = 'api/native-run';

/** The harness Measure natively now asks for: the engine's defaults said out loud (6 rounds of
 * batches of at least 10 ms), what the page's own runs use. */
export const NATIVE_NOW_HARNESS = { rounds: 6, batch_ms: 10 } as const satisfies HarnessRequest;

/** The server's time cap of a native run, unless it says another (its status's cap_s). */
export const NATIVE_RUN_CAP_SECONDS = 600;

/** The request Measure natively now sends: exactly the engine request the page sends its worker
 * for a Run (cpp/core/engine.h), with the harness said explicitly. `kernels`: the kernel ids the
 * page selected, or null for all (then every native kernel, those no wasm build has included). */
export function nativeRunRequest(puzzle: string, params: Params, kernels: readonly string[] | null, harness: HarnessRequest = NATIVE_NOW_HARNESS): RunRequest {
  return { action: 'run', puzzle, params, kernels: kernels ? [...kernels] : ['all'], time: true, harness: { ...harness } };
}

/**
 * About how many seconds the engine takes to measure one kernel whose call takes `call` seconds
 * (cpp/core/harness.cpp): a verification call and the untimed call that makes its loop; a warm-up
 * of at least 10 batches (3 that agree; 2 calls for a call of 0.1 s or more, which is its own
 * batch); then each round one discarded and three timed batches (one call for a long call).
 */
export function nativeKernelSeconds(call: number, harness: HarnessRequest = NATIVE_NOW_HARNESS): number {
  const batch = (harness.batch_ms ?? NATIVE_NOW_HARNESS.batch_ms) / 1000;
  const rounds = harness.rounds ?? NATIVE_NOW_HARNESS.rounds;
  if (call >= 0.1) return 2 * call + Math.max(10 * batch, 2 * call) + rounds * call;
  const each = Math.max(batch, call);
  return 2 * call + Math.max(10 * batch, 3 * each) + 4 * rounds * each;
}

/** How long a native run is expected to take, and what says so: 'case' (this case's native
 * numbers from before, kernel by kernel), 'pace' (the puzzle's estimate of its slowest call at
 * this machine's native pace, for every kernel: an upper bound), 'browser' (this browser's times
 * of the case: native is usually faster, so an upper bound too), or 'floor' (nothing known of the
 * case: the least the harness takes). */
export interface NativeEstimate {
  seconds: number;
  from: 'case' | 'pace' | 'browser' | 'floor';
}

export function estimateText(estimate: NativeEstimate, capSeconds = NATIVE_RUN_CAP_SECONDS): string {
  const time = duration(estimate.seconds);
  const words = estimate.from === 'case' ? `about ${time} (from this case’s native numbers measured before)`
    : estimate.from === 'pace' ? `up to about ${time} (the case’s expected work at this machine’s native pace)`
    : estimate.from === 'browser' ? `up to about ${time} (from this browser’s times of the case; native is usually faster)`
    : `at least ${time} (the harness’s least; the case has not been measured natively yet)`;
  return estimate.seconds > capSeconds && estimate.from !== 'floor'
    ? `${words}: longer than the server’s ${duration(capSeconds)} cap, which would stop it before it is done (pick fewer kernels or a smaller case)`
    : words;
}

/** What the server says of its native run: how far it got, or what came of it. */
export type NativeRunStatus =
  | { state: 'idle' }
  | { state: 'running'; id: number; fraction: number; kernel?: string; puzzle: string; label: string; elapsedSeconds: number; capSeconds: number }
  | { state: 'done'; id: number; source: NativeSource; failed: string[]; seconds: number }
  | { state: 'failed'; id: number; error: string }
  | { state: 'stopped'; id: number; error: string; cause: 'stop' | 'cap' | 'server' };

const text = (x: unknown, max: number) => (typeof x === 'string' ? neutralizeBidi(x.slice(0, max)) : '');
const seconds = (x: unknown, fallback: number) => (typeof x === 'number' && Number.isFinite(x) && x >= 0 && x < 1e7 ? x : fallback);

/** The endpoint's answer, read like anything from outside: bounded, the report parsed as one. */
export function readNativeRunStatus(value: unknown): NativeRunStatus | null {
  if (!value || typeof value !== 'object') return null;
  const v = value as Record<string, unknown>;
  const id = typeof v.id === 'number' && Number.isInteger(v.id) ? v.id : -1;
  if (v.state === 'idle') return { state: 'idle' };
  if (v.state === 'running') {
    // The engine's count of work done (verification calls, warm-ups, rounds) is the one fraction.
    const step = seconds(v.step, 0);
    const steps = seconds(v.steps, 0);
    const fraction = steps > 0 ? Math.min(1, step / steps) : typeof v.fraction === 'number' && v.fraction >= 0 && v.fraction <= 1 ? v.fraction : 0;
    return { state: 'running', id, fraction, kernel: text(v.kernel, 60) || undefined, puzzle: text(v.puzzle, 40), label: text(v.case, 120), elapsedSeconds: seconds(v.elapsed_s, 0), capSeconds: seconds(v.cap_s, NATIVE_RUN_CAP_SECONDS) || NATIVE_RUN_CAP_SECONDS };
  }
  if (v.state === 'failed') return { state: 'failed', id, error: text(v.error, 300) || 'failed' };
  if (v.state === 'stopped') return { state: 'stopped', id, error: text(v.error, 300) || 'stopped', cause: v.cause === 'cap' || v.cause === 'server' ? v.cause : 'stop' };
  if (v.state !== 'done' || !v.result || typeof v.result !== 'object') return null;
  const result = v.result as { report?: unknown; cpu_load?: unknown; failed?: unknown };
  const parsed = parseReport(JSON.stringify(result.report ?? null));
  if (!parsed.ok) return { state: 'failed', id, error: `the native run's report is unreadable: ${parsed.error}` };
  const load = result.cpu_load as { cores?: unknown; others_cores?: unknown } | null | undefined;
  // One window for the whole run: every case (there is one) gets the same load.
  const cpuLoad = readCpuLoad(load && { cores: load.cores, cases: Object.fromEntries(parsed.report.records.map((r) => [`${r.puzzle}|${r.case}`, load.others_cores])) });
  const failed = Array.isArray(result.failed) ? result.failed.slice(0, 20).map((f) => text(f, 160)) : [];
  return { state: 'done', id, source: { report: parsed.report, origin: 'same-machine', ...(cpuLoad ? { cpuLoad } : {}) }, failed, seconds: seconds(v.seconds, 0) };
}

async function nativeRunCall(method: 'GET' | 'POST' | 'DELETE', body?: unknown, query = ''): Promise<{ ok: boolean; status: number; value: unknown }> {
  const res = await fetch(NATIVE_RUN + query, {
    method,
    cache: 'no-store',
    ...(body === undefined ? {} : { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }),
  });
  const value: unknown = await res.json().catch(() => null);
  return { ok: res.ok, status: res.status, value };
}

/** Whether the page's server measures cases natively on request (not so on static hosting), and
 * the run it has going now, if any (another tab's: this one offers to stop it). */
export async function nativeRunAvailable(): Promise<{ available: boolean; status: NativeRunStatus | null }> {
  try {
    const { ok, value } = await nativeRunCall('GET');
    const status = ok ? readNativeRunStatus(value) : null;
    return { available: status !== null, status };
  } catch {
    return { available: false, status: null };
  }
}

/** Asks the server to measure `request` now: the run's id, or why it will not (`busy`: another run
 * goes on, maybe another tab's, which Stop ends). */
export async function startNativeRun(request: RunRequest): Promise<{ id: number } | { error: string; busy?: { id: number } }> {
  try {
    const { ok, status, value } = await nativeRunCall('POST', request);
    const v = (value ?? {}) as { id?: unknown; error?: unknown; running?: { id?: unknown } };
    if (ok && typeof v.id === 'number') return { id: v.id };
    const error = text(v.error, 300) || `the server did not start a native run (HTTP ${status})`;
    const busy = status === 409 && typeof v.running?.id === 'number' ? { id: v.running.id } : undefined;
    return busy ? { error, busy } : { error };
  } catch (e) {
    return { error: `the server did not answer (${e instanceof Error ? e.message : String(e)})` };
  }
}

export async function nativeRunStatus(): Promise<NativeRunStatus | null> {
  try {
    return readNativeRunStatus((await nativeRunCall('GET')).value);
  } catch {
    return null;
  }
}

/** Stops the server's native run, whichever tab started it. */
export async function stopNativeRun(): Promise<void> {
  await nativeRunCall('DELETE').catch(() => undefined);
}
