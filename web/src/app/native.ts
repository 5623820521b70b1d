// Native numbers for the page: the report `npm start` measured on this machine (served at
// api/native-bench.json), the report a static site ships (native-report.json, measured on the
// machine that built it: scripts/build-site.sh), or a report file the user imports
// (NATIVE_REPORT_COMMAND).
import { z } from 'zod';
import { describeIssue, ForbiddenKey, MAX_REPORT_RECORDS, parseUntrustedJson, RecordSchema, ReportSchema, type Report } from '../share/schema';
import { SHIPPED_REPORT } from '../share/site';
import { neutralizeBidi } from '../share/text';

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


export interface NativeSource {
  report: Report;
  origin: NativeOrigin;
  fileName?: string;
  /** Records the schema rejected, left out of `report`: how many, and the first few reasons. */
  unreadable?: { count: number; reasons: string[] };
}

export const MAX_IMPORT_BYTES = 16 * 1024 * 1024;

// The report's envelope; its records are checked one by one, so one record the schema rejects
// (a field over its bound, say) costs that record, not the whole report.
const ReportEnvelopeSchema = ReportSchema.extend({ records: z.array(z.unknown()).max(MAX_REPORT_RECORDS) });

export function parseReport(text: string): { ok: true; report: Report; unreadable?: NativeSource['unreadable'] } | { ok: false; error: string } {
  let value: unknown;
  try {
    value = parseUntrustedJson(text);
  } catch (e) {
    return { ok: false, error: e instanceof ForbiddenKey ? `it uses a forbidden key ('${e.message}')` : 'the file is not JSON' };
  }
  const parsed = ReportEnvelopeSchema.safeParse(value);
  if (!parsed.success) return { ok: false, error: `not a simd-puzzles report: ${describeIssue(parsed.error)}` };
  if (parsed.data.environment.side !== 'native') return { ok: false, error: 'this report holds wasm results, not native ones' };
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

/** How far the server's background native benchmark got (build/native-bench.status.json). */
export interface ServedBenchStatus {
  state: 'running' | 'done' | 'failed' | 'stopped';
  /** While running: building the native CLI (a first `npm start` serves the page before it has
   * one) or measuring with it. */
  phase: 'build' | 'bench';
  fraction: number;
  puzzle?: string;
  case?: string;
}

export interface ServedNative {
  /** The report so far (it grows puzzle by puzzle while the benchmark runs), if any. */
  native: NativeSource | null;
  error?: string;
  status: ServedBenchStatus | null;
}

function readStatus(value: unknown): ServedBenchStatus | null {
  if (!value || typeof value !== 'object') return null;
  const v = value as Record<string, unknown>;
  if (v.state !== 'running' && v.state !== 'done' && v.state !== 'failed' && v.state !== 'stopped') return null;
  const text = (x: unknown) => (typeof x === 'string' ? neutralizeBidi(x.slice(0, 120)) : undefined);
  const fraction = typeof v.fraction === 'number' && v.fraction >= 0 && v.fraction <= 1 ? v.fraction : 0;
  return { state: v.state, phase: v.phase === 'build' ? 'build' : 'bench', fraction, puzzle: text(v.puzzle), case: text(v.case) };
}

/** The served native numbers and the background benchmark's status; null when the page is served
 * without our server plugin (no native numbers, not an error). */
export async function fetchServedNative(): Promise<ServedNative | null> {
  let body: { available?: boolean; sameMachine?: boolean; report?: unknown; status?: unknown };
  try {
    const res = await fetch('api/native-bench.json', { cache: 'no-store' });
    if (!res.ok) return null;
    body = await res.json();
  } catch {
    return null;
  }
  const status = readStatus(body.status);
  if (!body.available) return { native: null, status };
  const parsed = parseReport(JSON.stringify(body.report));
  if (!parsed.ok) return { native: null, status, error: `the native benchmark on the server is unreadable: ${parsed.error}` };
  return { native: { report: parsed.report, origin: body.sameMachine === true ? 'same-machine' : 'served', unreadable: parsed.unreadable }, status };
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

export async function importReportFile(file: File): Promise<NativeSource | { error: string }> {
  if (file.size > MAX_IMPORT_BYTES) return { error: `${file.name} is larger than 16 MB` };
  const parsed = parseReport(await file.text());
  if (!parsed.ok) return { error: `${file.name}: ${parsed.error}` };
  return { report: parsed.report, origin: 'imported', fileName: file.name.slice(0, 120), unreadable: parsed.unreadable };
}
